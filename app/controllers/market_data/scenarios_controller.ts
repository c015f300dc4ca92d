import type { HttpContext } from '@adonisjs/core/http'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'
import { marketDataReads } from '#services/market_data/cache'
import { saveScenarioValidator } from '#validators/market_data'
import { fieldError } from '#services/http/field_error'
import { providerByKey } from '#services/market_data/benchmarks'
import {
  fractionGivenToCount,
  saveScenario,
  scenariosForProvider,
  summarise,
  type DriverValues,
} from '#services/market_data/scenarios'
import { MODULES } from '#shared/modules'

export default class ScenariosController {
  /**
   * All saved scenarios for the provider with their summaries, priced on one loaded basis.
   */
  async index(ctx: HttpContext) {
    const { inertia, params, session, teamContext } = ctx
    const { currentTeam, moduleNames } = teamContext!
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(params.provider_key, 'market_data')
    const [rows, basis, providers, { currencies, exchangeRates: rates }] = await Promise.all([
      scenariosForProvider(currentTeam!.id, provider.id),
      reads.pricingBasis(currentTeam!.id, provider.id),
      reads.providersForTeam(
        currentTeam!.id,
        'market_data',
        moduleNames.includes(MODULES.marketDataRateCard)
      ),
      reads.currenciesAndRates(),
    ])
    const display = selectedCurrencyFor(
      currencies,
      session.get(SELECTED_CURRENCY_KEY),
      currentTeam!.currencyId
    )!
    return inertia.render('market_data/scenarios', {
      provider,
      providers,
      canSeeRateCard: moduleNames.includes(MODULES.marketDataRateCard),
      currencies,
      selectedCurrencyId: display.id,
      scenarios: rows.map((row) => ({
        id: row.id as number,
        name: row.name as string,
        author: (row.author as string | null) ?? 'Former member',
        updatedAt: new Date(row.updated_at ?? row.created_at).toISOString(),
        summary: summarise(basis, JSON.parse(row.driver_values) as DriverValues, {
          currencyId: display.id,
          rates,
        }),
      })),
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
}
