import { AnalyticsEventSchema } from '#database/schema'

export default class AnalyticsEvent extends AnalyticsEventSchema {}
