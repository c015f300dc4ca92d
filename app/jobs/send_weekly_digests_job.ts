import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { sendWeeklyDigests } from '#services/research/digest'

/**
 * Mails the weekly research digest (Mondays, scheduled by the worker; also
 * `npm run ace -- digest:send`). Runs again safely: each user gets one digest a week.
 */
export default class SendWeeklyDigestsJob extends RecordedJob<{ asOf?: string }> {
  static options = { ...DEFAULT_JOB_OPTIONS, name: 'SendWeeklyDigests', queue: 'mail' }

  async handle() {
    const asOf = this.payload.asOf
      ? DateTime.fromISO(this.payload.asOf, { zone: 'utc' })
      : DateTime.utc()
    const outcomes = await sendWeeklyDigests({ asOf })
    const sent = outcomes.filter((entry) => entry.outcome === 'sent').length
    logger.info({ recipients: outcomes.length, sent }, 'weekly digests sent')
  }
}
