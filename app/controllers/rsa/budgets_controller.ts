import type { HttpContext } from '@adonisjs/core/http'
import { budgetPage } from '#services/rsa/budgets'
import { budgetsExportTable } from '#services/rsa/budgets_export'
import { rsaView } from '#services/rsa/view'
import { toCsv, toXlsx } from '#services/market_data/export'
import { budgetsExportValidator } from '#validators/rsa'

export default class BudgetsController {
  /** The budgets page (RSABudgets) for the year and display currency asked for. */
  async index(ctx: HttpContext) {
    // Next year too: firms set next year's budget in the autumn.
    const view = await rsaView(ctx, { ahead: true })
    return ctx.inertia.render('rsa/budgets', {
      years: view.years.years,
      peerData: view.peerData,
      currencies: view.currencies,
      page: await budgetPage(view),
    })
  }

  /** `GET /api/rsa/budgets` (spec §7): the same figures as JSON, `{ budget, exchangeRates }`. */
  async api(ctx: HttpContext) {
    const page = await budgetPage(await rsaView(ctx, { badYear: 'refuse', ahead: true }))
    const { exchangeRates, ...budget } = page
    return { budget, exchangeRates }
  }

  /** The table as shown (visible columns in order, sort, currency) as XLSX or CSV. */
  async export(ctx: HttpContext) {
    // The year first: a download of a year we have no figures for is refused (422) like the API.
    const view = await rsaView(ctx, { badYear: 'refuse', ahead: true })
    const input = await ctx.request.validateUsing(budgetsExportValidator, {
      data: ctx.request.qs(),
    })
    const page = await budgetPage(view)
    const table = budgetsExportTable(page, input)
    const fileName = `research-budgets-${page.year}-${page.currency.code}`
    ctx.response.header('Content-Disposition', `attachment; filename="${fileName}.${input.format}"`)
    if (input.format === 'csv') {
      ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
      return toCsv(table)
    }
    ctx.response.header(
      'Content-Type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    return toXlsx(`Research budgets ${page.year}`, table)
  }
}
