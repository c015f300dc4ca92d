import logger from '@adonisjs/core/services/logger'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { sendRoundNotices } from '#services/data_collection/notices'
import type { CollectionRoundKind } from '#shared/data_collection_rounds'

export interface DataCollectionNoticesPayload {
  kind: CollectionRoundKind
  year: number
  name: string
}

/**
 * Tells the members of the teams a data collection round asked, by mail, that their team's
 * collection is open and when it is due. Safe to run again: each notice is claimed before its
 * mail goes out, and one sent already is never picked up.
 */
export default class SendDataCollectionNoticesJob extends RecordedJob<DataCollectionNoticesPayload> {
  static options = { ...DEFAULT_JOB_OPTIONS, name: 'SendDataCollectionNotices', queue: 'mail' }

  async handle() {
    const outcome = await sendRoundNotices(this.payload)
    logger.info({ round: this.payload, ...outcome }, 'data collection notices')
  }
}
