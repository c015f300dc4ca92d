import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AS_FLAG_DESCRIPTION } from '#services/imports/command_flags'

/**
 * The client interactions upload of the research spend administration, for operators: the same
 * columns, checks and all-or-nothing commit (DOMAIN §1(d)), with a progress bar; the row report
 * goes to stderr. Exit status 0 when done, 1 when refused (nothing written).
 */
export default class ImportClientInteractions extends BaseCommand {
  static commandName = 'import:client-interactions'
  static description = 'Import the research interactions of a team for a year (CSV or XLSX)'
  static help = [
    '{{ binaryName }} import:client-interactions file.csv --team=3 --year=2024 --dry-run',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'CSV or XLSX file' })
  declare file: string

  @flags.number({ description: 'The team id' })
  declare team?: number

  @flags.number({ description: 'The fiscal year (any year offered, next year included)' })
  declare year?: number

  @flags.boolean({ description: 'Check the file and show the counts without writing' })
  declare dryRun?: boolean

  @flags.string({ description: AS_FLAG_DESCRIPTION })
  declare as?: string

  async run() {
    const { runImportCommand } = await import('#services/rsa/imports/cli')
    await runImportCommand(this, 'client_interactions', {
      file: this.file,
      team: this.team,
      year: this.year,
      dryRun: this.dryRun,
      as: this.as,
    })
  }
}
