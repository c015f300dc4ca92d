import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { readTableFile, TableFileError } from '#services/imports/table_file'
import {
  CONTRACT_COLUMNS,
  ContractImportConflict,
  importContracts,
  parseContractsTable,
} from '#services/market_data/contracts_import'
import {
  applyUniverse,
  readUniverseWorkbook,
  UNIVERSE_SHEETS,
  UniverseConflict,
  universeWorkbook,
} from '#services/market_data/universe_import'

const contractsUploadValidator = vine.create({
  file: vine.file({ size: '10mb', extnames: ['csv', 'xlsx'] }),
})

const universeUploadValidator = vine.create({
  file: vine.file({ size: '20mb', extnames: ['xlsx'] }),
  dry_run: vine.boolean().optional(),
})

/**
 * The universe upload: providers, classifications and drivers from one workbook, previewed by a
 * dry run, imported all or nothing.
 */
export default class UniverseController {
  async show({ inertia }: HttpContext) {
    return inertia.render('admin/market_data/universe', {
      sheets: UNIVERSE_SHEETS,
      contractColumns: CONTRACT_COLUMNS,
    })
  }

  async workbook({ response }: HttpContext) {
    response.header(
      'Content-Type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    response.header('Content-Disposition', 'attachment; filename="market-data-universe.xlsx"')
    return universeWorkbook()
  }

  async import({ auth, request, response }: HttpContext) {
    const { file, dry_run: dryRun } = await request.validateUsing(universeUploadValidator)
    const parsed = await readUniverseWorkbook(file.tmpPath!)
    if (!parsed.rows) {
      return response.unprocessableEntity({
        errors: parsed.problems.map((problem) => ({ field: 'file', message: problem.message })),
      })
    }
    try {
      const result = await applyUniverse(parsed.rows, {
        dryRun: dryRun ?? true,
        userId: auth.user!.id,
      })
      return { dryRun: dryRun ?? true, ...result }
    } catch (error) {
      if (error instanceof UniverseConflict) {
        return response.unprocessableEntity({ errors: [{ field: 'file', message: error.message }] })
      }
      throw error
    }
  }

  /**
   * Client contracts from CSV/XLSX: all or nothing, the failing rows named.
   */
  async importContracts({ auth, request, response }: HttpContext) {
    const { file } = await request.validateUsing(contractsUploadValidator)
    let table
    try {
      table = await readTableFile(file.tmpPath!, file.extname ?? '')
    } catch (error) {
      if (!(error instanceof TableFileError)) throw error
      return response.unprocessableEntity({ errors: [{ field: 'file', message: error.message }] })
    }
    const { rows, problems } = await parseContractsTable(table)
    if (problems.length) {
      return response.unprocessableEntity({
        errors: problems.map((message) => ({ field: 'file', message })),
      })
    }
    try {
      return await importContracts(auth.user!.id, rows)
    } catch (error) {
      if (!(error instanceof ContractImportConflict)) throw error
      return response.unprocessableEntity({ errors: [{ field: 'file', message: error.message }] })
    }
  }
}
