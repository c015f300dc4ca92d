import db from '@adonisjs/lucid/services/db'
import {
  ACCESS_TYPES,
  BENCHMARK_LEVELS,
  LADDER,
  PRICE_TYPES,
  RESEARCH_PROVIDER_TYPES,
  SERVICE_TYPES,
  benchmarkCoverageNote,
  budgetTotals,
  labelOf,
  priceStatus,
  type BenchmarkLevel,
  type PriceStatus,
  fewestBand,
} from '#shared/rsa'
import { dataVersion } from '#services/cache/data_versions'
import { figures } from '#services/cache/figures'
import { benchmarkOf, cachedLineBenchmarks } from '#services/rsa/benchmarks'
import {
  cheaperThanShare,
  insufficientPeerData,
  peerPositionSentence,
} from '#services/rsa/peer_statistics'
import { rateBetween } from '#shared/currency_conversion'
import { now as clockNow } from '#services/calendar/clock'
import {
  converterFor,
  dateText,
  ratesUsed,
  round2,
  roundBenchmark,
  type RsaView,
} from '#services/rsa/view'

/**
 * The budgets page of Research Spend Analytics (and `GET /api/rsa/budgets`): the team's budget
 * for the year, one row per provider with its lines, each priced against the peer median of the
 * same provider, service, price type, access type and AUM tier (or the fallback ladder), and the
 * headline figures. Amounts in the display currency. Definitions (DOMAIN §1(b)):
 *
 * - myPrice: annualised contracted price; totalPayment: payments against the year's lines;
 * - totalBenchmark: Σ of the lines' peer medians; benchmarkDiff = myPrice − totalBenchmark;
 *   benchmarkPercentage = benchmarkDiff ÷ totalBenchmark × 100 (1 dp). A row compares only
 *   when every line that adds to its price has a benchmark, so that the three cover the same
 *   lines; otherwise it says how many do and has no status;
 * - differences, percentages, positions and savings are computed from the unrounded medians;
 *   percentages and positions in the benchmark currency, where the peer prices are, so that the
 *   verdict does not depend on the display currency. Peer figures (median, p25, p75, a row's
 *   benchmark) are published to three significant figures as they are shown;
 * - pacing = paid ÷ (budget × elapsed share of the year); research intensity = paid ÷ active
 *   AUM × 10,000 (bps); top-5 share and HHI on payments; potential saving = Σ max(0, price −
 *   median) over benchmarked lines, and the stretch saving to p25 over the same lines (to the
 *   median where quartiles are suppressed), so it is never the smaller.
 */

export interface BenchmarkFigure {
  level: BenchmarkLevel | null
  levelLabel: string | null
  /** The firms behind the figure, banded ("5–9"). */
  n: string
  median: number | null
  p25: number | null
  p75: number | null
  asOf: string | null
  /** The share of peers the price is cheaper than (0–100), from 10 peers up. */
  cheaperThan: number | null
  /** The same as a sentence: "cheaper than 72% of peers" / "dearer than 64% of peers". */
  position: string | null
  /** Shown instead of the figure when the peers are too few. */
  message: string | null
}

export interface BudgetLineRow {
  id: number
  serviceType: string
  serviceTypeLabel: string
  priceType: string
  priceTypeLabel: string
  accessType: string
  accessTypeLabel: string
  seats: number | null
  contractStart: string | null
  contractEnd: string | null
  renewalNoticeDays: number | null
  budgetAmount: number
  myPrice: number
  /** The line states a contracted price (a blank one reads "n/a", not 0). */
  priceGiven: boolean
  totalPayment: number
  benchmark: BenchmarkFigure
  benchmarkDiff: number | null
  benchmarkPercentage: number | null
  status: PriceStatus | null
}

export interface BudgetRow {
  providerId: number
  providerKey: string
  provider: string
  providerType: string | null
  providerTypeLabel: string
  isIndependent: boolean
  priceType: string
  accessType: string
  budgetAmount: number
  myPrice: number
  /** At least one of its lines states a contracted price. */
  priceGiven: boolean
  totalPayment: number
  totalBenchmark: number | null
  benchmarkDiff: number | null
  benchmarkPercentage: number | null
  status: PriceStatus | null
  /** Lines that add to my price, and those of them with a peer benchmark. */
  pricedLines: number
  benchmarkedLines: number
  /** In place of the benchmark when the row does not compare ("Partly benchmarked (1 of 2 lines)"). */
  benchmarkNote: string | null
  /**
   * What the row's benchmarks rest on, shown without expanding it: the least specific level of
   * the ladder among its lines and the fewest peers behind one of them.
   */
  benchmarkBasis: BenchmarkBasis | null
  chart: { p25: number | null; median: number | null; p75: number | null }
  lines: BudgetLineRow[]
}

export interface BenchmarkBasis {
  level: BenchmarkLevel
  levelLabel: string
  /** Below the provider at the viewer's own AUM tier. */
  fallback: boolean
  /** The lines rest on different levels. */
  mixed: boolean
  /** The fewest firms behind any of the lines, banded. */
  n: string
}

export interface BudgetCards {
  totalBudget: number
  paid: number
  pacing: number | null
  varianceVsBudget: number | null
  researchBps: number | null
  spendPerProfessional: number | null
  providersPaid: number
  top5Share: number | null
  hhi: number | null
  irpShare: number | null
  potentialSaving: number
  /** The part of the potential saving measured against a fallback level of the ladder. */
  potentialSavingOnFallback: number
  stretchSaving: number
  benchmarkCoverage: number | null
}

export interface BudgetPage {
  year: number
  currency: { id: number; code: string; name: string }
  budget: {
    id: number
    status: string
    approvedAt: string | null
    approvedLate: boolean
    periodStart: string
    periodEnd: string
    currencyCode: string
  } | null
  profile: {
    aumTier: string
    activeAum: number
    totalAum: number
    professionals: number
    paymentMethod: string
  } | null
  cards: BudgetCards
  rows: BudgetRow[]
  totals: ReturnType<typeof budgetTotals>
  exchangeRates: { from: string; to: string; rate: number; asOf: string | null }[]
}

interface LineRecord {
  id: number
  provider_id: number
  provider_key: string
  provider_name: string
  research_provider_type: string | null
  is_independent: unknown
  service_type: string
  price_type: string
  access_type: string
  seats: number | null
  contract_start: unknown
  contract_end: unknown
  renewal_notice_days: number | null
  budget_amount: string | number
  contracted_price: string | number | null
  currency_id: number
}

const isTrue = (value: unknown) => value === true || value === 1 || value === '1'

/**
 * The stored rows the budgets page is computed from (also used by the rate card): the same for
 * every member of the team, so kept in the cache under the research spend records' version
 * (budgets, lines, payments, profiles, providers, currencies: replaced by the database on every
 * write, whoever makes it). Four queries when read, one (the version) when kept.
 */
export async function budgetRecords(teamId: number, year: number) {
  const version = await dataVersion('research_spend')
  if (version === null) return readBudgetRecords(teamId, year)
  return figures('rsa-records').getOrSet({
    key: `${teamId}:${year}:${version}`,
    ttl: '10m',
    factory: () => readBudgetRecords(teamId, year),
  })
}

async function readBudgetRecords(teamId: number, year: number) {
  const [budget, profile, lines, payments] = await Promise.all([
    db
      .from('rsa_budgets as b')
      .join('currencies as c', 'c.id', 'b.currency_id')
      .where({ 'b.team_id': teamId, 'b.year': year })
      .select(
        'b.id',
        'b.status',
        'b.approved_at',
        'b.period_start',
        'b.period_end',
        'b.total_budget',
        'b.currency_id',
        'c.code as currency_code'
      )
      .first(),
    db
      .from('rsa_team_profiles')
      .where({ team_id: teamId, year })
      .select(
        'aum_tier',
        'total_aum',
        'active_aum',
        'currency_id',
        'portfolio_managers',
        'analysts',
        'payment_method',
        'firm_type',
        'domicile'
      )
      .first(),
    db
      .from('rsa_budget_lines as l')
      .join('providers as p', 'p.id', 'l.provider_id')
      .where({ 'l.team_id': teamId, 'l.year': year })
      .select(
        'l.id',
        'l.provider_id',
        'p.provider_key',
        'p.name as provider_name',
        'p.research_provider_type',
        'p.is_independent',
        'l.service_type',
        'l.price_type',
        'l.access_type',
        'l.seats',
        'l.contract_start',
        'l.contract_end',
        'l.renewal_notice_days',
        'l.budget_amount',
        'l.contracted_price',
        'l.currency_id'
      )
      .orderBy('p.name')
      .orderBy('l.id') as Promise<LineRecord[]>,
    db
      .from('rsa_payments as pay')
      .join('rsa_budget_lines as l', 'l.id', 'pay.budget_line_id')
      .where({ 'l.team_id': teamId, 'l.year': year })
      .groupBy('pay.budget_line_id', 'pay.currency_id')
      .select('pay.budget_line_id', 'pay.currency_id')
      .sum('pay.amount as total'),
  ])
  return { budget, profile, lines, payments }
}

export async function budgetPage(view: RsaView): Promise<BudgetPage> {
  const { budget, profile, lines, payments } = await budgetRecords(view.teamId, view.year)
  const convert = converterFor(view)
  const money = (amount: number | string | null, currencyId: number) =>
    amount === null ? 0 : round2(convert(Number(amount), currencyId) ?? 0)
  const fromBenchmark = (value: number | null) =>
    value === null ? null : convert(value, view.benchmarkCurrencyId)
  // The viewer's price converted as the statistics run converted the peers'.
  const toBenchmark = (amount: number, currencyId: number) => {
    const rate = rateBetween(view.rates, currencyId, view.benchmarkCurrencyId)
    return rate === null ? null : amount * rate
  }

  const paidByLine = new Map<number, number>()
  for (const payment of payments) {
    paidByLine.set(
      payment.budget_line_id,
      (paidByLine.get(payment.budget_line_id) ?? 0) + money(payment.total, payment.currency_id)
    )
  }
  const benchmarks = await cachedLineBenchmarks({
    year: view.year,
    statisticsVersion: view.statistics.year,
    teamId: view.teamId,
    tier: profile?.aum_tier ?? null,
    lines: lines.map((line) => ({
      providerId: line.provider_id,
      providerType: line.research_provider_type,
      serviceType: line.service_type,
      priceType: line.price_type,
      accessType: line.access_type,
    })),
  })

  let potentialSaving = 0
  let potentialSavingOnFallback = 0
  let stretchSaving = 0
  let benchmarkedSpend = 0
  const rowsByProvider = new Map<number, BudgetRow>()
  const exactOf = new Map<number, ExactLine>()
  for (const line of lines) {
    const found = benchmarkOf(benchmarks, {
      providerId: line.provider_id,
      providerType: line.research_provider_type,
      serviceType: line.service_type,
      priceType: line.price_type,
      accessType: line.access_type,
    })
    const myPrice = money(line.contracted_price, line.currency_id)
    const priced = line.contracted_price !== null && line.price_type !== 'free'
    const priceInBenchmark = priced
      ? toBenchmark(Number(line.contracted_price), line.currency_id)
      : null
    const compared = priceInBenchmark !== null && found.median !== null
    const median = compared ? fromBenchmark(found.median) : null
    const p25 = compared ? fromBenchmark(found.p25) : null
    const p75 = compared ? fromBenchmark(found.p75) : null
    const diff = median !== null ? round2(myPrice - median) : null
    const percentage = median !== null ? percentageOf(priceInBenchmark!, found.median!) : null
    const cheaperThan =
      median !== null ? cheaperThanShare(found.peerValues, priceInBenchmark!, found.n) : null
    if (median !== null) {
      const saving = Math.max(0, myPrice - median)
      potentialSaving += saving
      if (found.level !== 'provider') potentialSavingOnFallback += saving
      stretchSaving += Math.max(0, myPrice - (p25 ?? median))
      benchmarkedSpend += myPrice
    }
    exactOf.set(line.id, {
      addsToPrice: priced || myPrice !== 0,
      priceInBenchmark,
      medianInBenchmark: compared ? found.median : null,
      median,
      p25,
      p75,
    })
    const lineRow: BudgetLineRow = {
      id: line.id,
      serviceType: line.service_type,
      serviceTypeLabel: labelOf(SERVICE_TYPES, line.service_type),
      priceType: line.price_type,
      priceTypeLabel: labelOf(PRICE_TYPES, line.price_type),
      accessType: line.access_type,
      accessTypeLabel: labelOf(ACCESS_TYPES, line.access_type),
      seats: line.seats,
      contractStart: dateText(line.contract_start),
      contractEnd: dateText(line.contract_end),
      renewalNoticeDays: line.renewal_notice_days,
      budgetAmount: money(line.budget_amount, line.currency_id),
      myPrice,
      priceGiven: line.contracted_price !== null,
      totalPayment: round2(paidByLine.get(line.id) ?? 0),
      benchmark: {
        level: median === null ? null : found.level,
        levelLabel: median === null || !found.level ? null : BENCHMARK_LEVELS[found.level],
        n: found.band,
        median: roundBenchmark(median),
        p25: roundBenchmark(p25),
        p75: roundBenchmark(p75),
        asOf: found.asOf,
        cheaperThan,
        position: peerPositionSentence(cheaperThan),
        message: !priced ? 'Not priced' : median === null ? insufficientPeerData() : null,
      },
      benchmarkDiff: diff,
      benchmarkPercentage: percentage,
      status: priceStatus(percentage),
    }
    let row = rowsByProvider.get(line.provider_id)
    if (!row) {
      row = {
        providerId: line.provider_id,
        providerKey: line.provider_key,
        provider: line.provider_name,
        providerType: line.research_provider_type,
        providerTypeLabel: labelOf(RESEARCH_PROVIDER_TYPES, line.research_provider_type),
        isIndependent: isTrue(line.is_independent),
        priceType: lineRow.priceTypeLabel,
        accessType: lineRow.accessTypeLabel,
        budgetAmount: 0,
        myPrice: 0,
        priceGiven: false,
        totalPayment: 0,
        totalBenchmark: null,
        benchmarkDiff: null,
        benchmarkPercentage: null,
        status: null,
        pricedLines: 0,
        benchmarkedLines: 0,
        benchmarkNote: null,
        benchmarkBasis: null,
        chart: { p25: null, median: null, p75: null },
        lines: [],
      }
      rowsByProvider.set(line.provider_id, row)
    }
    row.lines.push(lineRow)
  }

  const rows = [...rowsByProvider.values()].map((row) => finishRow(row, exactOf))
  const paid = round2(rows.reduce((sum, row) => sum + row.totalPayment, 0))
  const totalBudget = budget ? money(budget.total_budget, budget.currency_id) : 0
  const elapsed = elapsedShare(budget?.period_start, budget?.period_end)
  const paidShares = rows
    .map((row) => row.totalPayment)
    .filter((value) => value > 0)
    .sort((a, b) => b - a)
  const activeAum = profile ? convert(Number(profile.active_aum), profile.currency_id) : null
  const professionals = profile ? Number(profile.portfolio_managers) + Number(profile.analysts) : 0
  const independentPaid = rows
    .filter((row) => row.isIndependent)
    .reduce((sum, row) => sum + row.totalPayment, 0)
  const totalPrice = rows.reduce((sum, row) => sum + row.myPrice, 0)
  const usedCurrencies = [
    ...lines.map((line) => line.currency_id),
    ...payments.map((payment) => payment.currency_id),
    view.benchmarkCurrencyId,
  ]
  if (profile) usedCurrencies.push(profile.currency_id)
  if (budget) usedCurrencies.push(budget.currency_id)

  return {
    year: view.year,
    currency: view.currency,
    budget: budget
      ? {
          id: budget.id,
          status: budget.status,
          approvedAt: budget.approved_at ? new Date(budget.approved_at).toISOString() : null,
          approvedLate:
            !!budget.approved_at &&
            new Date(budget.approved_at).toISOString().slice(0, 10) >
              (dateText(budget.period_start) ?? ''),
          periodStart: dateText(budget.period_start)!,
          periodEnd: dateText(budget.period_end)!,
          currencyCode: budget.currency_code,
        }
      : null,
    profile: profile
      ? {
          aumTier: profile.aum_tier,
          activeAum: round2(activeAum ?? 0),
          totalAum: round2(convert(Number(profile.total_aum), profile.currency_id) ?? 0),
          professionals,
          paymentMethod: profile.payment_method,
        }
      : null,
    cards: {
      totalBudget,
      paid,
      pacing: totalBudget > 0 && elapsed > 0 ? round4(paid / (totalBudget * elapsed)) : null,
      varianceVsBudget: totalBudget > 0 ? round4((paid - totalBudget) / totalBudget) : null,
      researchBps: activeAum ? round4((paid / activeAum) * 10_000) : null,
      spendPerProfessional: professionals > 0 ? round2(paid / professionals) : null,
      providersPaid: paidShares.length,
      top5Share: paid > 0 ? round4(paidShares.slice(0, 5).reduce((a, b) => a + b, 0) / paid) : null,
      hhi:
        paid > 0
          ? Math.round(paidShares.reduce((sum, value) => sum + ((value / paid) * 100) ** 2, 0))
          : null,
      irpShare: paid > 0 ? round4(independentPaid / paid) : null,
      potentialSaving: round2(potentialSaving),
      potentialSavingOnFallback: round2(potentialSavingOnFallback),
      stretchSaving: round2(stretchSaving),
      benchmarkCoverage: totalPrice > 0 ? round4(benchmarkedSpend / totalPrice) : null,
    },
    rows,
    totals: budgetTotals(rows),
    exchangeRates: ratesUsed(view, usedCurrencies),
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000

/** A price against a median as a percentage, 1 dp. */
const percentageOf = (price: number, median: number) =>
  median === 0 ? null : Math.round(((price - median) / median) * 1000) / 10

/** A line's unrounded figures, kept while its row is summed. */
interface ExactLine {
  /** Priced, or with a price all the same: a row needs its benchmark to compare. */
  addsToPrice: boolean
  priceInBenchmark: number | null
  medianInBenchmark: number | null
  /** In the display currency. */
  median: number | null
  p25: number | null
  p75: number | null
}

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0)

/**
 * A provider's row: the sums of its lines; a provider with several price or access types shows
 * "Mixed". The benchmark, difference and percentage cover the same lines as my price: every
 * line that adds to it has a benchmark, or the row does not compare (and has no status).
 */
function finishRow(row: BudgetRow, exactOf: Map<number, ExactLine>): BudgetRow {
  const priceTypes = new Set(row.lines.map((line) => line.priceTypeLabel))
  const accessTypes = new Set(row.lines.map((line) => line.accessTypeLabel))
  const needing = row.lines.filter((line) => exactOf.get(line.id)!.addsToPrice)
  const benchmarked = needing.filter((line) => exactOf.get(line.id)!.median !== null)
  const exact = benchmarked.map((line) => exactOf.get(line.id)!)
  const compares = needing.length > 0 && benchmarked.length === needing.length
  const myPrice = round2(sumOf(row.lines.map((line) => line.myPrice)))
  const median = sumOf(exact.map((line) => line.median!))
  const quartiled = compares && exact.every((line) => line.p25 !== null && line.p75 !== null)
  const totalBenchmark = compares ? roundBenchmark(median) : null
  const percentage = compares
    ? percentageOf(
        sumOf(exact.map((line) => line.priceInBenchmark!)),
        sumOf(exact.map((line) => line.medianInBenchmark!))
      )
    : null
  let benchmarkNote: string | null = null
  if (needing.length === 0) benchmarkNote = 'Not priced'
  else if (benchmarked.length === 0 && needing.length === 1) {
    benchmarkNote = needing[0].benchmark.message
  } else if (!compares) {
    benchmarkNote = benchmarkCoverageNote(benchmarked.length, needing.length)
  }
  return {
    ...row,
    priceType: priceTypes.size > 1 ? 'Mixed' : [...priceTypes][0],
    accessType: accessTypes.size > 1 ? 'Mixed' : [...accessTypes][0],
    budgetAmount: round2(sumOf(row.lines.map((line) => line.budgetAmount))),
    myPrice,
    priceGiven: row.lines.some((line) => line.priceGiven),
    totalPayment: round2(sumOf(row.lines.map((line) => line.totalPayment))),
    totalBenchmark,
    benchmarkDiff: compares ? round2(myPrice - median) : null,
    benchmarkPercentage: percentage,
    status: priceStatus(percentage),
    pricedLines: needing.length,
    benchmarkedLines: benchmarked.length,
    benchmarkNote,
    benchmarkBasis: basisOf(benchmarked),
    chart: {
      median: totalBenchmark,
      p25: quartiled ? roundBenchmark(sumOf(exact.map((line) => line.p25!))) : null,
      p75: quartiled ? roundBenchmark(sumOf(exact.map((line) => line.p75!))) : null,
    },
  }
}

function basisOf(lines: BudgetLineRow[]): BenchmarkBasis | null {
  const levels = lines.map((line) => line.benchmark.level).filter((level) => level !== null)
  if (levels.length === 0) return null
  const level = levels.reduce((widest, candidate) =>
    LADDER.indexOf(candidate) > LADDER.indexOf(widest) ? candidate : widest
  )
  return {
    level,
    levelLabel: BENCHMARK_LEVELS[level],
    fallback: level !== 'provider',
    mixed: new Set(levels).size > 1,
    n: fewestBand(lines.map((line) => line.benchmark.n)),
  }
}

/** The share of the budget period that has passed (1 once it is over). */
function elapsedShare(start: unknown, end: unknown) {
  const from = dateText(start)
  const to = dateText(end)
  if (!from || !to) return 1
  const startMs = Date.parse(`${from}T00:00:00Z`)
  const endMs = Date.parse(`${to}T23:59:59Z`)
  // The product's clock, which tests pin.
  const now = clockNow().toMillis()
  if (now >= endMs) return 1
  if (now <= startMs) return 0
  return (now - startMs) / (endMs - startMs)
}
