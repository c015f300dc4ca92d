import { existsSync } from 'node:fs'
import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AS_FLAG_DESCRIPTION } from '#services/imports/command_flags'

/**
 * The universe upload of the admin page, for operators: same workbook, same checks, all or
 * nothing; --dry-run prints the plan without saving. Exit status 1 on any problem.
 */
export default class ImportUniverse extends BaseCommand {
  static commandName = 'import:universe'
  static description = 'Import providers, classifications and drivers from an XLSX workbook'
  static help = [
    'Sheets: Providers, Products, Drivers (download the current universe from the admin page for the layout).',
    '{{ binaryName }} import:universe universe.xlsx --dry-run',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'XLSX workbook' })
  declare file: string

  @flags.boolean({ description: 'Show what would change without saving' })
  declare dryRun?: boolean

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
    const { readUniverseWorkbook, applyUniverse, UniverseConflict } =
      await import('#services/market_data/universe_import')
    const parsed = await readUniverseWorkbook(this.file)
    if (!parsed.rows) {
      for (const problem of parsed.problems) this.logger.error(problem.message)
      this.exitCode = 1
      return
    }
    try {
      const { plan, counts } = await applyUniverse(parsed.rows, {
        dryRun: Boolean(this.dryRun),
        userId,
      })
      for (const line of plan.filter((entry) => entry.action !== 'unchanged')) {
        this.logger.info(
          `${line.action} ${line.entity} ${line.name}${line.detail ? ` (${line.detail})` : ''}`
        )
      }
      const summary = `${counts.create} created, ${counts.change} changed, ${counts.unchanged} unchanged`
      this.logger.success(
        this.dryRun ? `Dry run, nothing saved: ${summary}.` : `Imported: ${summary}.`
      )
    } catch (error) {
      if (error instanceof UniverseConflict) {
        this.logger.error(error.message)
        this.exitCode = 1
        return
      }
      throw error
    }
  }
}
