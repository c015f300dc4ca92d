import type { HttpContext } from '@adonisjs/core/http'
import { regressionImportValidator, regressionValidator } from '#validators/admin_market_data'
import { wizardProvider } from '#services/market_data/admin_benchmarks'
import {
  importRegressions,
  parseRegressionTable,
  regressionProblems,
  regressionsOverview,
  REGRESSION_COLUMNS,
  saveRegression,
} from '#services/market_data/regressions_admin'
import { readTableFile, TableFileError } from '#services/imports/table_file'
import { fieldError } from '#services/http/field_error'

/**
 * A provider's regressions: edited one by one, or imported whole from CSV/XLSX.
 */
export default class RegressionsController {
  async index({ inertia, params }: HttpContext) {
    const provider = await wizardProvider(params.providerKey)
    return inertia.render('admin/market_data/regressions', {
      provider,
      columns: REGRESSION_COLUMNS,
      ...(await regressionsOverview(provider.id)),
    })
  }

  async store({ auth, params, request, response, session }: HttpContext) {
    const provider = await wizardProvider(params.providerKey)
    const payload = await request.validateUsing(regressionValidator)
    await saveRegression(auth.user!.id, provider.id, {
      ...payload,
      coefficients: payload.coefficients.map((coefficient) => ({
        ...coefficient,
        min_driver_value: coefficient.min_driver_value ?? null,
        max_driver_value: coefficient.max_driver_value ?? null,
      })),
    })
    session.flash('success', 'Regression saved.')
    return response.redirect().back()
  }

  /**
   * All or nothing: a file with any bad row imports nothing and lists the rows.
   */
  async import({ auth, params, request, response, session }: HttpContext) {
    const provider = await wizardProvider(params.providerKey)
    const { file } = await request.validateUsing(regressionImportValidator)
    const table = await readTableFile(file.tmpPath!, file.extname ?? '').catch((error) => {
      if (error instanceof TableFileError) throw fieldError('file', error.message)
      throw error
    })
    const { regressions, problems } = await parseRegressionTable(provider.id, table)
    if (problems.length) throw regressionProblems(problems)
    const count = await importRegressions(auth.user!.id, provider, regressions)
    session.flash('success', `Imported ${count} regression${count === 1 ? '' : 's'}.`)
    return response.redirect().back()
  }
}
