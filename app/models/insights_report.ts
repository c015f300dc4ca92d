import { InsightsReportSchema } from '#database/schema'

/** An insights report (services/insights read and write it with the query builder). */
export default class InsightsReport extends InsightsReportSchema {}
