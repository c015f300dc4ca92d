import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Recomputes the peer statistics of Research Spend Analytics (price benchmarks at every level of
 * the fallback ladder, team metrics, per-provider spend and usage) from every team's stored
 * budget lines, payments and interactions.
 *
 *   npm run ace -- rsa:benchmarks            every year offered (first with data to next year)
 *   npm run ace -- rsa:benchmarks --year=2024
 *
 * Exit codes: 0 done, 1 refused (unknown year); nothing is written when refused.
 */
export default class RsaBenchmarks extends BaseCommand {
  static commandName = 'rsa:benchmarks'
  static description = 'Recompute the research spend peer benchmarks from the stored data'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Only this year (any year offered, next year included)' })
  declare year?: number

  async run() {
    const { offeredYears } = await import('#services/calendar/years')
    const { yearsText, isOfferedYear } = await import('#shared/years')
    const range = await offeredYears('research_spend', { ahead: true })
    if (this.year !== undefined && !isOfferedYear(range, this.year)) {
      this.logger.error(
        `Unknown year ${this.year}: use a year from ${yearsText(range)}. Nothing was written.`
      )
      this.exitCode = 1
      return
    }
    const { recomputeRsaStatistics } = await import('#services/rsa/benchmarks')
    const started = performance.now()
    const results = await recomputeRsaStatistics({
      years: this.year === undefined ? undefined : [this.year],
      trigger: 'command',
    })
    for (const result of results) {
      this.logger.success(
        `${result.year}: ${result.cells} benchmark cells (${result.suppressedCells} below 5 peers), ${result.teams} teams`
      )
    }
    this.logger.info(`Done in ${Math.round(performance.now() - started)} ms`)
  }
}
