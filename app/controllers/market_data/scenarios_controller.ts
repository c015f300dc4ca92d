import type { HttpContext } from '@adonisjs/core/http'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'
import { marketDataReads } from '#services/market_data/cache'
import {
  saveScenarioValidator,
  scenarioComparisonValidator,
  scenarioExportValidator,
} from '#validators/market_data'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam, providerByKey } from '#services/market_data/benchmarks'
import { contractsOfRows } from '#shared/market_data_contracts'
import {
  findScenario,
  fractionGivenToCount,
  saveScenario,
  scenarioDetail,
  scenariosForProvider,
  summarise,
  type DriverValues,
} from '#services/market_data/scenarios'
import { scenarioTable, sendTable } from '#services/market_data/export'
import { MODULES } from '#shared/modules'
import { latestRates } from '#shared/currency_conversion'

export default class ScenariosController {
  /**
   * All saved scenarios for the provider with their summaries, each priced on its own contract
   * period from one loaded basis.
   */
  async index(ctx: HttpContext) {
    const { params, teamContext } = ctx
    const { currentTeam } = teamContext!
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(params.provider_key, 'market_data')
    const [rows, basis, frame] = await Promise.all([
      scenariosForProvider(currentTeam!.id, provider.id),
      reads.pricingBasis(currentTeam!.id, provider.id),
      this.frame(ctx),
    ])
    const { rates, ...shown } = frame
    return ctx.inertia.render('market_data/scenarios', {
      provider,
      ...shown,
      contracts: contractsOfRows(basis.rows),
      scenarios: rows.map((row) => ({
        id: row.id as number,
        name: row.name as string,
        author: (row.author as string | null) ?? 'Former member',
        updatedAt: new Date(row.updated_at ?? row.created_at).toISOString(),
        summary: summarise(basis, JSON.parse(row.driver_values) as DriverValues, {
          currencyId: frame.selectedCurrencyId,
          rates,
        }),
      })),
    })
  }

  /**
   * Two saved scenarios of the provider side by side, product by product.
   */
  async compare(ctx: HttpContext) {
    const { params, request, teamContext } = ctx
    const teamId = teamContext!.currentTeam!.id
    const { left, right } = await request.validateUsing(scenarioComparisonValidator, {
      data: request.qs(),
    })
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(params.provider_key, 'market_data')
    const [all, basis, frame] = await Promise.all([
      scenariosForProvider(teamId, provider.id),
      reads.pricingBasis(teamId, provider.id),
      this.frame(ctx),
    ])
    // Both among the team's scenarios with the provider, else not found.
    const [first, second] = [left, right].map((id) => {
      const found = all.find((row) => row.id === id)
      if (!found) throw new NotFoundForTeam('Scenario not found')
      return {
        id: found.id as number,
        name: found.name as string,
        driverValues: found.driver_values as string,
      }
    })
    const { rates, ...shown } = frame
    const display = { currencyId: frame.selectedCurrencyId, rates }
    return ctx.inertia.render('market_data/scenario_comparison', {
      provider,
      ...shown,
      choices: all.map((row) => ({ id: row.id as number, name: row.name as string })),
      scenarios: [first, second].map((scenario) => scenarioDetail(basis, scenario, display)),
    })
  }

  /**
   * A saved scenario as XLSX or CSV: each product's drivers, benchmark and scenario price in
   * the chosen (else the display) currency, with totals over the period and per year.
   */
  async export(ctx: HttpContext) {
    const { params, request, response, session, teamContext } = ctx
    const team = teamContext!.currentTeam!
    const { format, currency } = await request.validateUsing(scenarioExportValidator, {
      data: request.qs(),
    })
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(params.provider_key, 'market_data')
    const [scenario, basis, dated] = await Promise.all([
      findScenario(team.id, Number(params.id), provider.id),
      reads.pricingBasis(team.id, provider.id),
      reads.datedRates(),
    ])
    const { currencies } = dated
    const rates = latestRates(dated.rates)
    const target = currency
      ? currencies.find((entry) => entry.id === currency)
      : selectedCurrencyFor(currencies, session.get(SELECTED_CURRENCY_KEY), team.currencyId)
    if (!target) throw fieldError('currency', 'Choose one of the listed currencies for the export.')
    const detail = scenarioDetail(basis, scenario, { currencyId: target.id, rates })
    return sendTable(response, {
      table: scenarioTable(detail, target.code),
      format,
      fileName: `${provider.providerKey}-scenario-${scenario.name}`,
      sheetTitle: scenario.name,
    })
  }

  async store({ auth, params, request, response, session, teamContext }: HttpContext) {
    const provider = await providerByKey(params.provider_key, 'market_data')
    const { name, values } = await request.validateUsing(saveScenarioValidator)
    const count = await fractionGivenToCount(values)
    if (count)
      throw fieldError('values', `${count} takes whole numbers: enter a number without decimals.`)
    const scenario = await saveScenario({
      teamId: teamContext!.currentTeam!.id,
      providerId: provider.id,
      providerName: provider.name,
      userId: auth.getUserOrFail().id,
      name,
      values,
      scenarioId: params.id ? Number(params.id) : undefined,
    })
    session.flash('success', `Scenario "${scenario.name}" saved.`)
    return response.redirect(
      `/market-data/${provider.providerKey}/scenario-analysis?scenario=${scenario.id}`
    )
  }

  /** What the scenario list pages share: the sidebar, tabs and the display currency. */
  private async frame(ctx: HttpContext) {
    const { session, teamContext } = ctx
    const { currentTeam, moduleNames } = teamContext!
    const reads = await marketDataReads(ctx)
    const [providers, dated] = await Promise.all([
      reads.providersForTeam(
        currentTeam!.id,
        'market_data',
        moduleNames.includes(MODULES.marketDataRateCard)
      ),
      reads.datedRates(),
    ])
    const { currencies } = dated
    const rates = latestRates(dated.rates)
    const display = selectedCurrencyFor(
      currencies,
      session.get(SELECTED_CURRENCY_KEY),
      currentTeam!.currencyId
    )!
    return {
      providers,
      canSeeRateCard: moduleNames.includes(MODULES.marketDataRateCard),
      currencies,
      selectedCurrencyId: display.id,
      rates,
    }
  }
}
