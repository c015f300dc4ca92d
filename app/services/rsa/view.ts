import db from '@adonisjs/lucid/services/db'
import { createHash } from 'node:crypto'
import { publish } from '#services/rsa/peer_statistics'
import type { HttpContext } from '@adonisjs/core/http'
import { Exception } from '@adonisjs/core/exceptions'
import {
  rateBetween,
  ratesDate,
  ratesForPeriod,
  type DatedExchangeRate,
} from '#shared/currency_conversion'
import { BENCHMARK_CURRENCY } from '#shared/rsa'
import { isOfferedYear, yearsText, type YearRange } from '#shared/years'
import { researchSpendYears, type StatisticsRun } from '#services/calendar/years'
import { todayIso, yearEndIso } from '#services/calendar/clock'
import { peerDataAge, type PeerDataAge } from '#shared/peer_data_age'
import { wantsJson } from '#services/http/request_kind'
import { toIsoDate } from '#services/market_data/benchmarks'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'
import { marketDataReads } from '#services/market_data/cache'

export type RateWithDate = DatedExchangeRate

export interface CurrencyRef {
  id: number
  code: string
  name: string
}

/**
 * What every Research Spend Analytics page is computed for: the current team, the year asked
 * for (one of the years offered, `services/calendar/years.ts`; the latest year with data when
 * none is), and the display currency (the one the user picked, else the team's), with the year's
 * exchange rates: for each pair, the rate dated on or before the year's last day, else the
 * earliest (DOMAIN: one rate set per period, shown on screen).
 */
export interface RsaView {
  teamId: number
  teamName: string
  teamCurrencyId: number
  year: number
  /** The years the page offers. */
  years: YearRange
  currency: CurrencyRef
  benchmarkCurrencyId: number
  currencies: CurrencyRef[]
  /** The year's rates (one per pair). */
  rates: RateWithDate[]
  /** The date of the year's rate set (the latest date among its rates). */
  ratesAsOf: string | null
  /** A short digest of the year's rates, for the keys of figures converted with them. */
  ratesKey: string
  /** How current the year's peer figures are ("Peer data as of …"). */
  peerData: PeerDataAge
  /**
   * The statistics runs figures are kept under (`figures_cache.ts`), read with the years: the
   * view's year's, and every year's.
   */
  statistics: { year: string; all: string }
}

export interface RsaViewOptions {
  badYear?: 'redirect' | 'refuse' | 'own-notice'
  /** Offer the next fiscal year too (budgets: firms budget next year in the autumn). */
  ahead?: boolean
  /** The year, when the request names it elsewhere than in the address (a form's body). */
  year?: number
}

/**
 * The view of the request. A year the product has no figures for (`2019`, `abc`, a year not yet
 * collected) is never replaced silently by another: pages are sent to the latest year with a
 * notice, and calls and downloads (`badYear: 'refuse'`) are refused with 422. Pages of another
 * area that borrow the view for its currency and the team's spend (`badYear: 'own-notice'`)
 * check the year with their own filters and say so themselves.
 */
export async function rsaView(ctx: HttpContext, options: RsaViewOptions = {}): Promise<RsaView> {
  const team = ctx.teamContext!.currentTeam!
  const requestedYear = options.year ?? ctx.request.qs().year
  // The years and the statistics runs in one query; the currencies and rates kept under the
  // market data version (they are among its tables).
  const [{ range, runs }, reads] = await Promise.all([
    researchSpendYears({ ahead: options.ahead }),
    marketDataReads(ctx),
  ])
  const asked = yearAskedFor(requestedYear, range)
  if (asked === null && options.badYear !== 'own-notice') {
    throw new UnavailableRsaYear(requestedYear, options.badYear ?? 'redirect', range)
  }
  const year = asked ?? range.defaultYear
  const dated = await reads.datedRates()
  const { currencies } = dated
  const requestedCurrency = Number(ctx.request.qs().currency)
  const currency =
    currencies.find((entry) => entry.id === requestedCurrency) ??
    selectedCurrencyFor(currencies, ctx.session.get(SELECTED_CURRENCY_KEY), team.currencyId) ??
    currencies[0]
  return viewOf(
    { id: team.id, name: team.name, currencyId: team.currencyId },
    year,
    range,
    currency,
    dated,
    runs
  )
}

/** The year of the address: the default when none is given, null when it is not one offered. */
function yearAskedFor(value: unknown, range: YearRange): number | null {
  if (value === undefined || value === '' || value === null) return range.defaultYear
  if (typeof value === 'number') return isOfferedYear(range, value) ? value : null
  if (typeof value !== 'string' || !/^\d{4}$/.test(value.trim())) return null
  const year = Number(value.trim())
  return isOfferedYear(range, year) ? year : null
}

/**
 * A year in the address that the product has no figures for. Pages redirect to the same
 * address at the latest year and say why; JSON callers and downloads get 422 with the reason,
 * like a refused field.
 */
export class UnavailableRsaYear extends Exception {
  static status = 422
  static code = 'E_UNAVAILABLE_RSA_YEAR'

  constructor(
    asked: unknown,
    private respond: 'redirect' | 'refuse',
    private range: YearRange
  ) {
    const text = typeof asked === 'string' ? asked.trim().slice(0, 12) : String(asked).slice(0, 12)
    const years = yearsText(range)
    super(
      /^\d{4}$/.test(text)
        ? `Research spend figures cover ${years}: there are none for ${text}.`
        : `“${text}” is not a year: research spend figures cover ${years}.`
    )
  }

  async handle(error: this, ctx: HttpContext) {
    if (this.respond === 'refuse' || wantsJson(ctx)) {
      return ctx.response.status(422).send({
        message: error.message,
        errors: [{ field: 'year', rule: 'year', message: error.message }],
      })
    }
    if (ctx.request.method() !== 'GET') {
      // A form of a page (a snapshot of that year): nothing done, back with the reason.
      ctx.session.flash('error', error.message)
      return ctx.response.redirect().back()
    }
    const query = new URLSearchParams(ctx.request.parsedUrl.query ?? '')
    const fallback = this.range.defaultYear
    query.set('year', String(fallback))
    ctx.session.flash('error', `${error.message} Showing ${fallback}.`)
    return ctx.response.redirect(`${ctx.request.url()}?${query.toString()}`)
  }
}

/**
 * The same view outside a request (the demo seed, commands): the team's year in its own
 * currency unless another is given.
 */
export async function rsaViewFor(teamId: number, year: number, currencyId?: number) {
  const [team, { range, runs }, dated] = await Promise.all([
    db.from('teams').where('id', teamId).select('id', 'name', 'currency_id').firstOrFail(),
    researchSpendYears({ ahead: true }),
    currenciesWithDatedRates(),
  ])
  const currency =
    dated.currencies.find((entry) => entry.id === (currencyId ?? team.currency_id)) ??
    dated.currencies[0]
  return viewOf(
    { id: team.id, name: team.name, currencyId: team.currency_id },
    year,
    range,
    currency,
    dated,
    runs
  )
}

function viewOf(
  team: { id: number; name: string; currencyId: number },
  year: number,
  years: YearRange,
  currency: CurrencyRef,
  { currencies, rates }: DatedRates,
  runs: Map<number, StatisticsRun>
): RsaView {
  const benchmarkCurrency = currencies.find((entry) => entry.code === BENCHMARK_CURRENCY)
  const yearRates = ratesForPeriod(rates, yearEndIso(year))
  return {
    teamId: team.id,
    teamName: team.name,
    teamCurrencyId: team.currencyId,
    year,
    years,
    currency,
    benchmarkCurrencyId: benchmarkCurrency?.id ?? currency.id,
    currencies,
    rates: yearRates,
    ratesAsOf: ratesDate(yearRates),
    ratesKey: ratesKeyOf(yearRates),
    peerData: peerDataAge({ year, computedOn: runs.get(year)?.day ?? null, today: todayIso() }),
    statistics: {
      year: runs.has(year) ? `${year}:${runs.get(year)!.id}` : '',
      all: [...runs.entries()]
        .sort(([a], [b]) => a - b)
        .map(([runYear, run]) => `${runYear}:${run.id}`)
        .join(','),
    },
  }
}

/** A short digest of rates, for the keys of figures converted with them. */
export function ratesKeyOf(rates: RateWithDate[]) {
  return createHash('sha1').update(JSON.stringify(rates)).digest('hex').slice(0, 12)
}

export interface DatedRates {
  currencies: CurrencyRef[]
  /** Every stored rate, of every dated set. */
  rates: RateWithDate[]
  ratesKey: string
}

/** Every currency and every stored rate with its date, in one query. */
export async function currenciesWithDatedRates(): Promise<DatedRates> {
  const rows = await db
    .from('currencies')
    .leftJoin('exchange_rates', 'exchange_rates.from_currency_id', 'currencies.id')
    .select(
      'currencies.id',
      'currencies.code',
      'currencies.name',
      'exchange_rates.to_currency_id',
      'exchange_rates.exchange_rate',
      'exchange_rates.as_of'
    )
    .orderBy('currencies.code')
  const currencies: CurrencyRef[] = []
  const rates: RateWithDate[] = []
  for (const row of rows) {
    if (currencies.at(-1)?.id !== row.id) {
      currencies.push({ id: row.id, code: row.code, name: row.name })
    }
    if (row.to_currency_id !== null) {
      rates.push({
        from_currency_id: row.id,
        to_currency_id: row.to_currency_id,
        exchange_rate: Number(row.exchange_rate),
        as_of: dateText(row.as_of),
      })
    }
  }
  // Oldest set first, whatever order the database returns them in.
  rates.sort((a, b) => (a.as_of ?? '').localeCompare(b.as_of ?? ''))
  return { currencies, rates, ratesKey: ratesKeyOf(rates) }
}

/** Converts amounts into the view's display currency. */
export function converterFor(view: Pick<RsaView, 'rates' | 'currency'>) {
  const cache = new Map<number, number | null>()
  return (amount: number, fromCurrencyId: number): number | null => {
    let rate = cache.get(fromCurrencyId)
    if (rate === undefined) {
      rate = rateBetween(view.rates, fromCurrencyId, view.currency.id)
      cache.set(fromCurrencyId, rate)
    }
    return rate === null ? null : amount * rate
  }
}

/**
 * The rates a page converted with: from each currency it used into the display currency, with
 * the date of the set it comes from (spec: `exchangeRates` shown with their date). A rate stored
 * only the other way round is shown inverted, as it was used.
 */
export function ratesUsed(view: RsaView, fromCurrencyIds: Iterable<number>) {
  const used = []
  for (const fromId of new Set(fromCurrencyIds)) {
    if (fromId === view.currency.id) continue
    const direct = view.rates.find(
      (entry) => entry.from_currency_id === fromId && entry.to_currency_id === view.currency.id
    )
    const inverse = direct
      ? undefined
      : view.rates.find(
          (entry) => entry.from_currency_id === view.currency.id && entry.to_currency_id === fromId
        )
    const from = view.currencies.find((entry) => entry.id === fromId)
    const rate = direct ?? inverse
    if (!rate || !from) continue
    const value = rateBetween(view.rates, fromId, view.currency.id)
    if (value === null) continue
    used.push({
      from: from.code,
      to: view.currency.code,
      rate: value,
      asOf: rate.as_of,
    })
  }
  return used.sort((a, b) => a.from.localeCompare(b.from))
}

/** A DATE column as YYYY-MM-DD on SQLite (text) and PostgreSQL (Date). */
export function dateText(value: unknown): string | null {
  return value === null || value === undefined ? null : toIsoDate(value)
}

/**
 * Peer amounts as they leave the server, in the display currency: three significant figures
 * like every peer figure (`publish`), not the nearest 1,000, which can round a small
 * noise-infused price back onto the round number it came from.
 */
export function roundBenchmark(value: number | null) {
  return publish(value)
}

export const round2 = (value: number) => Math.round(value * 100) / 100
