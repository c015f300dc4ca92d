import type { HttpContext } from '@adonisjs/core/http'
import { productCategoriesValidator, providerTypeValidator } from '#validators/market_data'
import {
  contractBelongsToTeam,
  contractProviderType,
  contractsForProvider,
  providerOfType,
} from '#services/market_data/benchmarks'
import { marketDataReads } from '#services/market_data/cache'
import { MODULES } from '#shared/modules'
import type { ProviderType } from '#models/provider'

const MODULE_REQUIRED = {
  message: 'Your current team does not have access to this product.',
  code: 'E_MODULE_REQUIRED',
}

const MODULE_FOR_TYPE: Record<ProviderType, string> = {
  market_data: MODULES.marketDataContracts,
  alternative_data: MODULES.alternativeData,
}

/**
 * The market-data widgets' JSON API. Every call is scoped to the current team; the provider
 * type decides which module the team must hold.
 */
export default class MarketDataController {
  async activeProviders(ctx: HttpContext) {
    const { teamId, type, moduleNames } = await this.scope(ctx)
    if (!teamId) return
    const reads = await marketDataReads(ctx)
    const { active } = await reads.providersForTeam(
      teamId,
      type,
      moduleNames.includes(MODULES.marketDataRateCard)
    )
    return { providers: active }
  }

  async inactiveProviders(ctx: HttpContext) {
    const { teamId, type, moduleNames } = await this.scope(ctx)
    if (!teamId) return
    const reads = await marketDataReads(ctx)
    const { inactive } = await reads.providersForTeam(
      teamId,
      type,
      moduleNames.includes(MODULES.marketDataRateCard)
    )
    return { providers: inactive }
  }

  async activeUpcomingBenchmarks(ctx: HttpContext) {
    const { teamId, type } = await this.scope(ctx)
    if (!teamId) return
    const providerId = await providerOfType(Number(ctx.params.providerId), type)
    const reads = await marketDataReads(ctx)
    return reads.productBenchmarks({ teamId, providerId, tab: 'active-upcoming' })
  }

  /**
   * The benchmarks of one of the team's contracts. The module required is the one of the
   * contract's own provider type, whatever the query string says.
   */
  async contractBenchmarks(ctx: HttpContext) {
    const teamId = ctx.teamContext!.currentTeam!.id
    const contractId = Number(ctx.params.contractId)
    const type = await contractProviderType(teamId, contractId)
    if (!ctx.teamContext!.moduleNames.includes(MODULE_FOR_TYPE[type])) {
      return ctx.response.forbidden(MODULE_REQUIRED)
    }
    const reads = await marketDataReads(ctx)
    return reads.productBenchmarks({ teamId, contractId })
  }

  async contracts(ctx: HttpContext) {
    const { teamId, type } = await this.scope(ctx)
    if (!teamId) return
    const providerId = await providerOfType(Number(ctx.params.providerId), type)
    return { contracts: await contractsForProvider(teamId, providerId) }
  }

  /**
   * The provider's categories with the team's benchmarks, filtered by the posted tab (default
   * Active & Upcoming) or contract.
   */
  async productCategories(ctx: HttpContext) {
    const { providerTypeKey, tab, contractId } = await ctx.request.validateUsing(
      productCategoriesValidator
    )
    const type: ProviderType = providerTypeKey ?? 'market_data'
    if (!ctx.teamContext!.moduleNames.includes(MODULE_FOR_TYPE[type])) {
      return ctx.response.forbidden(MODULE_REQUIRED)
    }
    const teamId = ctx.teamContext!.currentTeam!.id
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(ctx.params.providerKey, type)
    if (contractId !== undefined) await contractBelongsToTeam(teamId, contractId)
    return reads.categoriesWithBenchmarks({
      teamId,
      providerId: provider.id,
      contractId,
      tab: contractId === undefined ? (tab ?? 'active-upcoming') : undefined,
    })
  }

  /**
   * The current team and provider type, or a 403 already sent when the team lacks the module.
   */
  private async scope({ request, response, teamContext }: HttpContext) {
    const { providerTypeKey } = await request.validateUsing(providerTypeValidator, {
      data: request.qs(),
    })
    const type: ProviderType = providerTypeKey ?? 'market_data'
    const moduleNames = teamContext!.moduleNames
    if (!moduleNames.includes(MODULE_FOR_TYPE[type])) {
      response.forbidden(MODULE_REQUIRED)
      return { teamId: null, type, moduleNames }
    }
    return { teamId: teamContext!.currentTeam!.id, type, moduleNames }
  }
}
