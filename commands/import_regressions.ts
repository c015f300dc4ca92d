import { extname } from 'node:path'
import { existsSync } from 'node:fs'
import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AS_FLAG_DESCRIPTION } from '#services/imports/command_flags'

/**
 * The regression import of the admin page, for operators: the same file format, the same
 * checks, all or nothing, exit status 1 on any problem.
 */
export default class ImportRegressions extends BaseCommand {
  static commandName = 'import:regressions'
  static description = "Import a provider's regressions from a CSV or XLSX file (all or nothing)"
  static help = [
    'Columns: Product, License type, Intercept, Driver, Coefficient, Min, Max (one row per coefficient).',
    '{{ binaryName }} import:regressions --provider=bloomberg regressions.xlsx',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'CSV or XLSX file' })
  declare file: string

  @flags.string({ description: 'Provider key (e.g. bloomberg)' })
  declare provider?: string

  @flags.string({ description: AS_FLAG_DESCRIPTION })
  declare as?: string

  async run() {
    const { runAsOperator, OPERATOR_AREAS } = await import('#services/imports/operator')
    const providerKey = this.provider
    if (!providerKey) return this.fail('Give the provider with --provider=<provider key>.')
    if (!existsSync(this.file)) return this.fail(`No such file: ${this.file}`)
    await runAsOperator(this, this.as, OPERATOR_AREAS.marketData, (userId) =>
      this.importFor(providerKey, userId)
    )
  }

  private async importFor(providerKey: string, userId: number | null) {
    const { readTableFile, TableFileError } = await import('#services/imports/table_file')
    const { wizardProvider } = await import('#services/market_data/admin_benchmarks')
    const { parseRegressionTable, importRegressions } =
      await import('#services/market_data/regressions_admin')
    const provider = await wizardProvider(providerKey).catch(() => null)
    if (!provider) return this.fail(`Unknown provider '${providerKey}'.`)

    let table
    try {
      table = await readTableFile(this.file, extname(this.file))
    } catch (error) {
      if (error instanceof TableFileError) return this.fail(error.message)
      throw error
    }
    const { regressions, problems } = await parseRegressionTable(provider.id, table)
    if (problems.length) {
      for (const problem of problems) this.logger.error(problem.message)
      this.exitCode = 1
      return
    }
    const count = await importRegressions(userId, provider, regressions)
    this.logger.success(
      `Imported ${count} regression${count === 1 ? '' : 's'} for ${provider.name}.`
    )
  }

  private fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }
}
