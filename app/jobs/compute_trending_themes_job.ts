import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { computeTrendingSnapshot } from '#services/research/trending'

/**
 * Ranks the trending themes of the trailing week (daily, scheduled by the worker; also
 * `npm run ace -- research:trending`). A week with no theme written on by enough providers
 * stores nothing: the previous ranking stays on the page, with its date.
 */
export default class ComputeTrendingThemesJob extends RecordedJob<{ day?: string }> {
  static options = { ...DEFAULT_JOB_OPTIONS, name: 'ComputeTrendingThemes', queue: 'default' }

  async handle() {
    const day = this.payload.day
      ? DateTime.fromISO(this.payload.day, { zone: 'utc' })
      : DateTime.utc()
    const outcome = await computeTrendingSnapshot(day)
    logger.info(
      {
        documents: outcome.documentCount,
        ranked: outcome.rankedCount,
        snapshot: outcome.snapshotId,
      },
      'trending themes computed'
    )
  }
}
