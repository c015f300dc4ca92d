import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Ranks the trending themes of the trailing week from the stored documents and stores the
 * snapshot with each theme's movement (what the daily job does).
 *
 *   npm run ace -- research:trending                       the week before today (UTC)
 *   npm run ace -- research:trending --day=2025-01-01      the week before that day
 *   npm run ace -- research:trending --day=2025-01-01 --weeks=12   and the 11 weeks before it
 *
 * Exit codes: 0 done (also when a week had too few providers to rank and nothing was stored),
 * 1 refused (a day or number of weeks that is not one).
 */
export default class ResearchTrending extends BaseCommand {
  static commandName = 'research:trending'
  static description = 'Rank the trending research themes of the trailing week'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'The day the week ends at (YYYY-MM-DD, UTC); today by default' })
  declare day?: string

  @flags.number({ description: 'Weekly snapshots to compute, ending at the day (1–104)' })
  declare weeks?: number

  async run() {
    const { DateTime } = await import('luxon')
    const day = this.day ? DateTime.fromISO(this.day, { zone: 'utc' }) : DateTime.utc()
    if (!day.isValid || (this.day && !/^\d{4}-\d{2}-\d{2}$/.test(this.day))) {
      this.logger.error(`"${this.day}" is not a day: use YYYY-MM-DD. Nothing was written.`)
      this.exitCode = 1
      return
    }
    const weeks = this.weeks ?? 1
    if (!Number.isInteger(weeks) || weeks < 1 || weeks > 104) {
      this.logger.error('--weeks takes a whole number from 1 to 104. Nothing was written.')
      this.exitCode = 1
      return
    }
    const { backfillWeeklySnapshots } = await import('#services/research/trending')
    for (const outcome of await backfillWeeklySnapshots(day, weeks)) {
      const period = `${outcome.periodStart.toISODate()} – ${outcome.periodEnd.minus({ days: 1 }).toISODate()}`
      if (outcome.snapshotId === null) {
        this.logger.warning(
          `${period}: ${outcome.documentCount} documents, no theme from 3 providers or more: nothing stored, the previous ranking stays`
        )
      } else {
        this.logger.success(
          `${period}: ${outcome.documentCount} documents, ${outcome.rankedCount} themes ranked`
        )
      }
    }
  }
}
