import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AS_FLAG_DESCRIPTION } from '#services/imports/command_flags'

/**
 * The bulk import of research documents, for operators: a ZIP of PDFs and its metadata table
 * (DOMAIN §2(d)), with the same checks as the administration page and the same all-or-nothing
 * commit; each new document is then processed by the workers. The row report goes to stderr.
 * Exit status 0 when done (or, with --dry-run, when everything passes), 1 when refused.
 */
export default class ImportResearchDocuments extends BaseCommand {
  static commandName = 'import:research-documents'
  static description = 'Import research documents: a ZIP of PDFs and a metadata table (CSV or XLSX)'
  static help = [
    '{{ binaryName }} import:research-documents documents.zip metadata.csv --dry-run',
    '{{ binaryName }} import:research-documents documents.zip metadata.xlsx --publish --as=ops@example.com',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'ZIP archive of the PDFs' })
  declare archive: string

  @args.string({ description: 'Metadata table, one row a document (CSV or XLSX)' })
  declare metadata: string

  @flags.boolean({ description: 'Publish each document once processed (else drafts)' })
  declare publish?: boolean

  @flags.boolean({ description: 'Check everything and show the report without writing' })
  declare dryRun?: boolean

  @flags.string({ description: AS_FLAG_DESCRIPTION })
  declare as?: string

  async run() {
    const { runDocumentImportCommand } = await import('#services/research/admin/imports_cli')
    await runDocumentImportCommand(this, {
      archive: this.archive,
      metadata: this.metadata,
      publish: this.publish ?? false,
      dryRun: this.dryRun ?? false,
      as: this.as,
    })
  }
}
