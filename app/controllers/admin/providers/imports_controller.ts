import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@vinejs/vine'
import { analystImportValidator } from '#validators/providers_admin'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { fieldError } from '#services/http/field_error'
import {
  IMPORT_COLUMNS,
  ImportRefused,
  importAnalystFiles,
  importSummary,
  importTemplate,
  isImportKind,
  recentImports,
  type ImportOutcome,
} from '#services/providers/admin/imports'
import { ASSET_CLASSES } from '#services/providers/admin/rules'
import { offeredYears } from '#services/calendar/years'

const RESULT_FLASH = 'analystImport'

/**
 * The roster and moves imports (`providersAdmin.import`): a roster, a moves file or both,
 * checked only or written, all or nothing. A refused import comes back as the page's errors,
 * one per row and column (`rows.<file>.<row>.<column>`; JSON callers also get file, row and
 * column); a done one as its counts.
 */
export default class ImportsController {
  async show({ inertia, session }: HttpContext) {
    const range = await offeredYears('analysts', { backfill: true })
    return inertia.render('admin/providers/import', {
      columns: IMPORT_COLUMNS,
      years: range.years,
      latestYear: range.defaultYear,
      assetClasses: ASSET_CLASSES,
      result: (session.flashMessages.get(RESULT_FLASH) as ImportOutcome | undefined) ?? null,
      imports: await recentImports(),
    })
  }

  async template({ params, response }: HttpContext) {
    if (!isImportKind(params.kind)) throw new NotFoundForTeam('Unknown import')
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header(
      'Content-Disposition',
      `attachment; filename="analyst-${params.kind}-template.csv"`
    )
    return importTemplate(params.kind)
  }

  async store({ auth, request, response, session }: HttpContext) {
    const { roster, moves, dry_run: dryRun } = await request.validateUsing(analystImportValidator)
    if (!roster && !moves) throw fieldError('roster', 'Choose a roster file, a moves file or both.')
    const file = (upload: typeof roster) =>
      upload
        ? { path: upload.tmpPath!, extname: upload.extname ?? '', name: upload.clientName }
        : undefined
    let outcome: ImportOutcome
    try {
      outcome = await importAnalystFiles({
        roster: file(roster),
        moves: file(moves),
        dryRun: dryRun ?? false,
        userId: auth.user!.id,
      })
    } catch (error) {
      if (error instanceof ImportRefused) throw refusal(error)
      throw error
    }
    session.flash(RESULT_FLASH, outcome)
    session.flash(
      'success',
      outcome.dryRun
        ? `Checked, nothing written: ${importSummary(outcome)}.`
        : `Imported: ${importSummary(outcome)}. Statistics recomputed.`
    )
    return response.redirect('/admin/providers/import')
  }
}

/** The report as validation errors: the summary first, then each problem where it lies. */
function refusal(error: ImportRefused) {
  const more = error.total - error.problems.length
  return new errors.E_VALIDATION_ERROR([
    { field: 'file', message: error.message, rule: 'import' },
    ...error.problems.map((problem) => ({
      field:
        problem.row === null
          ? problem.file
          : `rows.${problem.file}.${problem.row}.${problem.column ?? 'row'}`,
      message: problem.message,
      rule: 'import',
      file: problem.file,
      row: problem.row,
      column: problem.column,
    })),
    ...(more > 0
      ? [{ field: 'rows.more', message: `…and ${more} more problems.`, rule: 'import' }]
      : []),
  ])
}
