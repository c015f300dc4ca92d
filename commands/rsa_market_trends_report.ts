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

  @flags.number({ description: 'The year the report covers (2021–2024)', required: true })
  declare year: number

  async run() {
    const { RSA_YEARS, isRsaYear } = await import('#shared/rsa')
    if (!isRsaYear(this.year)) {
      this.logger.error(
        `Unknown year ${this.year}: use one of ${RSA_YEARS.join(', ')}. Nothing was published.`
      )
      this.exitCode = 1
      return
    }
    const { publishMarketTrendsReport } = await import('#services/rsa/market_trends_report')
    const report = await publishMarketTrendsReport(this.year)
    this.logger.success(`Published ${report.key} (${Math.round(report.size / 1024)} KB)`)
  }
}
