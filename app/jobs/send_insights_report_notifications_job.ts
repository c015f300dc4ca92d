import logger from '@adonisjs/core/services/logger'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { sendQueuedNotifications } from '#services/insights/notifications'

export interface InsightsReportNotificationsPayload {
  reportId: number
  version: number
}

/**
 * Mails the queued notifications of one insights report version (queued by an administrator in
 * the notify list). Safe to run again: each row is claimed before its mail goes out, and rows
 * already sent are never picked up.
 */
export default class SendInsightsReportNotificationsJob extends RecordedJob<InsightsReportNotificationsPayload> {
  static options = {
    ...DEFAULT_JOB_OPTIONS,
    name: 'SendInsightsReportNotifications',
    queue: 'mail',
  }

  async handle() {
    const outcome = await sendQueuedNotifications(this.payload.reportId, this.payload.version)
    logger.info(
      { report: this.payload.reportId, version: this.payload.version, ...outcome },
      'insights report notifications'
    )
  }
}
