import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AS_FLAG_DESCRIPTION } from '#services/imports/command_flags'

/**
 * The analyst roster import of the providers administration, for operators: the same columns,
 * checks and all-or-nothing write (DOMAIN §3B(d)); the row report goes to stderr. Exit status 0
 * when done, 1 when refused (nothing written).
 */
export default class ImportAnalysts extends BaseCommand {
  static commandName = 'import:analysts'
  static description = 'Import the analyst roster (CSV or XLSX)'
  static help = ['{{ binaryName }} import:analysts roster.csv --dry-run']
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'CSV or XLSX file' })
  declare file: string

  @flags.boolean({ description: 'Check the file and show the counts without writing' })
  declare dryRun?: boolean

  @flags.string({ description: AS_FLAG_DESCRIPTION })
  declare as?: string

  async run() {
    const { runAnalystImportCommand } = await import('#services/providers/admin/cli')
    await runAnalystImportCommand(this, 'roster', {
      file: this.file,
      dryRun: this.dryRun,
      as: this.as,
    })
  }
}
