import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Publishes the research market trends report of a year: the trends computed from every team's
 * stored figures, as a PDF every Research Spend Analytics client can download.
 *
 *   npm run ace -- rsa:market-trends-report --year=2024
 *
 * Run `rsa:benchmarks` first when figures changed. Exit codes: 0 published, 1 refused.
 */
export default class RsaMarketTrendsReport extends BaseCommand {
  static commandName = 'rsa:market-trends-report'
  static description = 'Publish the research market trends report (PDF) of a year'
  static options: CommandOptions = { startApp: true }

  @flags.number({
    description: 'The year the report covers (from the first year with data to this year)',
    required: true,
  })
  declare year: number

  async run() {
    const { offeredYears } = await import('#services/calendar/years')
    const { yearsText, isOfferedYear } = await import('#shared/years')
    const range = await offeredYears('research_spend')
    if (!isOfferedYear(range, this.year)) {
      this.logger.error(
        `Unknown year ${this.year}: use a year from ${yearsText(range)}. Nothing was published.`
      )
      this.exitCode = 1
      return
    }
    const { publishMarketTrendsReport } = await import('#services/rsa/market_trends_report')
    const report = await publishMarketTrendsReport(this.year)
    this.logger.success(`Published ${report.key} (${Math.round(report.size / 1024)} KB)`)
  }
}
