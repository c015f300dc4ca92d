import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AS_FLAG_DESCRIPTION } from '#services/imports/command_flags'

/**
 * The analyst moves import of the providers administration, for operators: the same columns,
 * checks and all-or-nothing write (DOMAIN §3B(d)); a leaver and a joiner of one analyst on one
 * date become one move. The row report goes to stderr. Exit status 0 when done, 1 when refused
 * (nothing written).
 */
export default class ImportAnalystMoves extends BaseCommand {
  static commandName = 'import:analyst-moves'
  static description = 'Import analyst moves (CSV or XLSX)'
  static help = ['{{ binaryName }} import:analyst-moves moves.csv --dry-run']
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'CSV or XLSX file' })
  declare file: string

  @flags.boolean({ description: 'Check the file and show the counts without writing' })
  declare dryRun?: boolean

  @flags.string({ description: AS_FLAG_DESCRIPTION })
  declare as?: string

  async run() {
    const { runAnalystImportCommand } = await import('#services/providers/admin/cli')
    await runAnalystImportCommand(this, 'moves', {
      file: this.file,
      dryRun: this.dryRun,
      as: this.as,
    })
  }
}
