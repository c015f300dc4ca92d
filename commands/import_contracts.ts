import { extname } from 'node:path'
import { existsSync } from 'node:fs'
import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import { AS_FLAG_DESCRIPTION } from '#services/imports/command_flags'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * The contracts import of the admin page, for operators: same file, same checks, all or
 * nothing, exit status 1 on any problem.
 */
export default class ImportContracts extends BaseCommand {
  static commandName = 'import:contracts'
  static description = 'Create or update client contracts from a CSV or XLSX file (all or nothing)'
  static help = [
    'Columns: Team, Provider key, Contract reference, License type, Start date, End date.',
    '{{ binaryName }} import:contracts contracts.csv',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'CSV or XLSX file' })
  declare file: string

  @flags.string({ description: AS_FLAG_DESCRIPTION })
  declare as?: string

  async run() {
    const { runAsOperator, OPERATOR_AREAS } = await import('#services/imports/operator')
    if (!existsSync(this.file)) {
      this.logger.error(`No such file: ${this.file}`)
      this.exitCode = 1
      return
    }
    await runAsOperator(this, this.as, OPERATOR_AREAS.marketData, (userId) =>
      this.importFor(userId)
    )
  }

  private async importFor(userId: number | null) {
    const { readTableFile, TableFileError } = await import('#services/imports/table_file')
    const { parseContractsTable, importContracts, ContractImportConflict } =
      await import('#services/market_data/contracts_import')
    let table
    try {
      table = await readTableFile(this.file, extname(this.file))
    } catch (error) {
      if (!(error instanceof TableFileError)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
      return
    }
    const { rows, problems } = await parseContractsTable(table)
    if (problems.length) {
      for (const problem of problems) this.logger.error(problem)
      this.exitCode = 1
      return
    }
    let result
    try {
      result = await importContracts(userId, rows)
    } catch (error) {
      if (!(error instanceof ContractImportConflict)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
      return
    }
    const { created, updated } = result
    this.logger.success(`Imported contracts: ${created} created, ${updated} updated.`)
  }
}
