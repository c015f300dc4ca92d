import { figures } from '#services/cache/figures'
import { dataVersion } from '#services/cache/data_versions'
import type { HttpContext } from '@adonisjs/core/http'
import type { ProviderType } from '#models/provider'
import { currenciesAndRates } from '#services/currencies/currencies'
import { currenciesWithDatedRates } from '#services/rsa/view'
import { activeRateCard } from '#services/market_data/rate_cards'
import { proposalsForTeam } from '#services/market_data/proposals'
import { pricingBasis } from '#services/market_data/scenarios'
import { marketDataOverview } from '#services/market_data/overview'
import {
  categoriesWithBenchmarks,
  productBenchmarks,
  providerByKey,
  providersForTeam,
  regressionsFor,
  todayIso,
  type BenchmarkFilter,
} from '#services/market_data/benchmarks'

/** The current version of the market data tables, or null when the row is missing. */
export function marketDataVersion(): Promise<string | null> {
  return dataVersion('market_data')
}

const space = () => figures('market_data')

type KeyPart = string | number | boolean | null | undefined

/**
 * What the market data pages compute from those tables, kept in the cache under the version
 * read at the start of the request: a write committed after that read makes new keys, so
 * nothing is ever dropped and nothing computed before a write is served after it. The team's
 * own scenarios and the documents' uploaders are read per request, as before. Values are shared
 * between requests: callers read them and never change them.
 */
export class MarketDataReads {
  constructor(readonly version: string | null) {}

  async #cached<T>(key: KeyPart[], compute: () => Promise<T>): Promise<T> {
    // Without the version row (a database not migrated this far) nothing is kept.
    if (this.version === null) return compute()
    try {
      return await space().getOrSet({
        key: [this.version, ...key.map((part) => String(part ?? '-'))].join(':'),
        ttl: '10m',
        factory: compute,
      })
    } catch (error) {
      // What the computation threw (a provider not found is a 404), not the cache's wrapper;
      // nothing is kept for it.
      throw error instanceof Error && 'code' in error && error.code === 'E_FACTORY_ERROR'
        ? (error.cause ?? error)
        : error
    }
  }

  providersForTeam(teamId: number, type: ProviderType, withRateCards: boolean) {
    const today = todayIso()
    return this.#cached(['providers', teamId, type, withRateCards, today], () =>
      providersForTeam(teamId, type, withRateCards, today)
    )
  }

  /** The overview of the team's market data providers (as of today). */
  overview(teamId: number) {
    const today = todayIso()
    return this.#cached(['overview', teamId, today], () => marketDataOverview(teamId, today))
  }

  providerByKey(providerKey: string, type: ProviderType) {
    return this.#cached(['provider', type, providerKey], () => providerByKey(providerKey, type))
  }

  currenciesAndRates() {
    return this.#cached(['currencies'], () => currenciesAndRates())
  }

  /** Every currency and stored rate with its date (the research spend and providers pages). */
  datedRates() {
    return this.#cached(['dated-rates'], () => currenciesWithDatedRates())
  }

  productBenchmarks(filter: BenchmarkFilter) {
    const withDay = { ...filter, today: filter.today ?? todayIso() }
    return this.#cached(['benchmarks', ...filterKey(withDay)], () => productBenchmarks(withDay))
  }

  categoriesWithBenchmarks(filter: BenchmarkFilter & { providerId: number }) {
    const withDay = { ...filter, today: filter.today ?? todayIso() }
    return this.#cached(['categories', ...filterKey(withDay)], () =>
      categoriesWithBenchmarks(withDay)
    )
  }

  regressionsFor(pairs: { productId: number; licenseTypeId: number }[]) {
    const key = [...new Set(pairs.map((pair) => `${pair.productId}-${pair.licenseTypeId}`))]
      .sort()
      .join('.')
    return this.#cached(['regressions', key], () => regressionsFor(pairs))
  }

  pricingBasis(teamId: number, providerId: number) {
    return this.#cached(['pricing', teamId, providerId], () => pricingBasis(teamId, providerId))
  }

  activeRateCard(providerId: number, teamTypeId: number) {
    return this.#cached(['rate-card', providerId, teamTypeId], () =>
      activeRateCard(providerId, teamTypeId)
    )
  }

  proposalsForTeam(teamId: number, providerId: number) {
    const today = todayIso()
    return this.#cached(['proposals', teamId, providerId, today], () =>
      proposalsForTeam(teamId, providerId, today)
    )
  }
}

function filterKey(filter: BenchmarkFilter & { today: string }): KeyPart[] {
  return [filter.teamId, filter.providerId, filter.contractId, filter.tab, filter.today]
}

const perRequest = new WeakMap<HttpContext, Promise<MarketDataReads>>()

/** The request's reads: the version is read once per request, by the first caller. */
export function marketDataReads(ctx: HttpContext): Promise<MarketDataReads> {
  let reads = perRequest.get(ctx)
  if (!reads) {
    reads = marketDataVersion().then((version) => new MarketDataReads(version))
    perRequest.set(ctx, reads)
  }
  return reads
}
