import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Recomputes the analyst-mapping statistics (provider × year × sector × region: headcount,
 * joiners, leavers, experience gained and lost) from the stored analysts, coverage and moves.
 * The administration and the imports do this after every change; this is for operators.
 *
 *   npm run ace -- providers:statistics                      every provider
 *   npm run ace -- providers:statistics --provider=northgate-securities
 *
 * Exit codes: 0 done, 1 refused (unknown provider); nothing is written when refused.
 */
export default class ProvidersStatistics extends BaseCommand {
  static commandName = 'providers:statistics'
  static description = 'Recompute the analyst-mapping statistics of the research providers'
  static options: CommandOptions = { startApp: true }

  @flags.array({ description: 'Only these research providers (provider keys, repeatable)' })
  declare provider?: string[]

  async run() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { refreshProviderStatistics } = await import('#services/providers/statistics')
    let providerIds: number[] | undefined
    if (this.provider?.length) {
      const rows = await db
        .from('providers')
        .where('provider_type', 'research')
        .whereIn('provider_key', this.provider)
        .select('id', 'provider_key')
      const unknown = this.provider.filter((key) => !rows.some((row) => row.provider_key === key))
      if (unknown.length) {
        this.logger.error(
          `Unknown research provider ${unknown.join(', ')}: use the provider keys of Admin › Research providers. Nothing was written.`
        )
        this.exitCode = 1
        return
      }
      providerIds = rows.map((row) => Number(row.id))
    }
    const started = performance.now()
    const result = await refreshProviderStatistics({ trigger: 'command', providerIds })
    this.logger.success(`${result.rows} statistics rows for ${result.providers} providers`)
    this.logger.info(`Done in ${Math.round(performance.now() - started)} ms`)
  }
}
