import { rateBetween } from '#shared/currency_conversion'
import { noiseFactor, quantile } from '#services/rsa/peer_statistics'
import { currenciesWithDatedRates } from '#services/rsa/view'
import { currencyId } from '#tests/helpers/market_data_fixtures'

/**
 * Peer figures by hand, as the tests state them: each peer's stored value, what it is (`key`,
 * the figure without the team) and the team that contributed it. Kept apart from
 * `peerStatistics` on purpose: the tests compute what the product should show from the stored
 * values, the noise factors and the quantile definition, not by calling the code under test.
 */
export interface StoredPeerValue {
  team: number
  value: number
  key: string
}

/**
 * The peers' values noise-infused (stored value × `noiseFactor(team, key)`), placed in the
 * order of the stored values (ties by team, then key), and the figures taken from them: the
 * type-7 median and quartiles (a quartile never crosses the median) and the mean. Unrounded:
 * the caller publishes or converts them as the page does.
 */
export function noisedFigures(values: StoredPeerValue[]) {
  if (values.length === 0) throw new Error('no peer values')
  const noised = [...values]
    .sort(
      (a, b) => a.value - b.value || a.team - b.team || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    )
    .map((entry) => entry.value * noiseFactor(entry.team, entry.key))
  const median = quantile(noised, 0.5)
  return {
    noised,
    median,
    p25: Math.min(quantile(noised, 0.25), median),
    p75: Math.max(quantile(noised, 0.75), median),
    mean: noised.reduce((sum, value) => sum + value, 0) / noised.length,
  }
}

/**
 * The rate the pages convert USD peer figures into `code` with (the stored rate, or the inverse
 * of the stored rate the other way), so that the hand computation converts as they do.
 */
export async function usdRateTo(code: string) {
  const { rates } = await currenciesWithDatedRates()
  const rate = rateBetween(rates, await currencyId('USD'), await currencyId(code))
  if (rate === null) throw new Error(`no USD → ${code} rate`)
  return rate
}
