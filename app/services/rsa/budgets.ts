import db from '@adonisjs/lucid/services/db'
import {
  ACCESS_TYPES,
  BENCHMARK_LEVELS,
  PRICE_TYPES,
  RESEARCH_PROVIDER_TYPES,
  SERVICE_TYPES,
  budgetTotals,
  labelOf,
  priceStatus,
  type BenchmarkLevel,
  type PriceStatus,
} from '#shared/rsa'
import { dataVersion } from '#services/cache/data_versions'
import { figures } from '#services/cache/figures'
import { benchmarkOf, cachedLineBenchmarks } from '#services/rsa/benchmarks'
import { cheaperThanShare, insufficientPeerData } from '#services/rsa/peer_statistics'
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
 * headline figures. Everything in the display currency; peer figures to the nearest 1,000.
 * Definitions (DOMAIN §1(b)):
 *
 * - myPrice: annualised contracted price; totalPayment: payments against the year's lines;
 * - totalBenchmark: Σ of the lines' peer medians; benchmarkDiff = myPrice − totalBenchmark over
 *   the benchmarked lines; benchmarkPercentage = benchmarkDiff ÷ totalBenchmark × 100 (1 dp);
 * - pacing = paid ÷ (budget × elapsed share of the year); research intensity = paid ÷ active
 *   AUM × 10,000 (bps); top-5 share and HHI on payments; potential saving = Σ max(0, price −
 *   median) over benchmarked lines, stretch to p25 where quartiles are shown.
 */

export interface BenchmarkFigure {
  level: BenchmarkLevel | null
  levelLabel: string | null
  n: number
  median: number | null
  p25: number | null
  p75: number | null
  asOf: string | null
  /** "cheaper than 72% of peers", from 10 peers up. */
  cheaperThan: number | null
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
  totalPayment: number
  totalBenchmark: number | null
  benchmarkDiff: number | null
  benchmarkPercentage: number | null
  status: PriceStatus | null
  /** Lines with a benchmark / all lines. */
  benchmarkedLines: number
  chart: { p25: number | null; median: number | null; p75: number | null }
  lines: BudgetLineRow[]
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
  totals: {
    budgetAmount: number
    myPrice: number
    totalPayment: number
    totalBenchmark: number
    benchmarkDiff: number
    benchmarkPercentage: number | null
  }
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
    value === null ? null : roundBenchmark(convert(value, view.benchmarkCurrencyId))

  const paidByLine = new Map<number, number>()
  for (const payment of payments) {
    paidByLine.set(
      payment.budget_line_id,
      (paidByLine.get(payment.budget_line_id) ?? 0) + money(payment.total, payment.currency_id)
    )
  }
  const benchmarks = await cachedLineBenchmarks({
    year: view.year,
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
  let stretchSaving = 0
  let benchmarkedSpend = 0
  const rowsByProvider = new Map<number, BudgetRow>()
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
    const median = priced ? fromBenchmark(found.median) : null
    const p25 = priced ? fromBenchmark(found.p25) : null
    const p75 = priced ? fromBenchmark(found.p75) : null
    const diff = median !== null ? round2(myPrice - median) : null
    const percentage = median ? Math.round(((myPrice - median) / median) * 1000) / 10 : null
    const cheaperThan =
      median !== null
        ? cheaperThanShare(
            found.peerValues.map((value) => convert(value, view.benchmarkCurrencyId) ?? value),
            myPrice,
            found.n
          )
        : null
    if (median !== null) {
      potentialSaving += Math.max(0, myPrice - median)
      if (p25 !== null) stretchSaving += Math.max(0, myPrice - p25)
      benchmarkedSpend += myPrice
    }
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
      totalPayment: round2(paidByLine.get(line.id) ?? 0),
      benchmark: {
        level: median === null ? null : found.level,
        levelLabel: median === null || !found.level ? null : BENCHMARK_LEVELS[found.level],
        n: found.n,
        median,
        p25,
        p75,
        asOf: found.asOf,
        cheaperThan,
        message: !priced ? 'Not priced' : median === null ? insufficientPeerData(found.n) : null,
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
        totalPayment: 0,
        totalBenchmark: null,
        benchmarkDiff: null,
        benchmarkPercentage: null,
        status: null,
        benchmarkedLines: 0,
        chart: { p25: null, median: null, p75: null },
        lines: [],
      }
      rowsByProvider.set(line.provider_id, row)
    }
    row.lines.push(lineRow)
  }

  const rows = [...rowsByProvider.values()].map((row) => finishRow(row))
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
      stretchSaving: round2(stretchSaving),
      benchmarkCoverage: totalPrice > 0 ? round4(benchmarkedSpend / totalPrice) : null,
    },
    rows,
    totals: budgetTotals(rows),
    exchangeRates: ratesUsed(view, usedCurrencies),
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000

/**
 * A provider's row: the sums of its lines; a provider with several price or access types shows
 * "Mixed". The benchmark difference covers the lines that have a benchmark.
 */
function finishRow(row: BudgetRow): BudgetRow {
  const priceTypes = new Set(row.lines.map((line) => line.priceTypeLabel))
  const accessTypes = new Set(row.lines.map((line) => line.accessTypeLabel))
  const benchmarked = row.lines.filter((line) => line.benchmark.median !== null)
  const totalBenchmark = benchmarked.length
    ? round2(benchmarked.reduce((sum, line) => sum + line.benchmark.median!, 0))
    : null
  const benchmarkedPrice = benchmarked.reduce((sum, line) => sum + line.myPrice, 0)
  const diff = totalBenchmark === null ? null : round2(benchmarkedPrice - totalBenchmark)
  const percentage =
    totalBenchmark && diff !== null ? Math.round((diff / totalBenchmark) * 1000) / 10 : null
  const quartiled =
    benchmarked.length === row.lines.length && row.lines.every((l) => l.benchmark.p25 !== null)
  return {
    ...row,
    priceType: priceTypes.size > 1 ? 'Mixed' : [...priceTypes][0],
    accessType: accessTypes.size > 1 ? 'Mixed' : [...accessTypes][0],
    budgetAmount: round2(row.lines.reduce((sum, line) => sum + line.budgetAmount, 0)),
    myPrice: round2(row.lines.reduce((sum, line) => sum + line.myPrice, 0)),
    totalPayment: round2(row.lines.reduce((sum, line) => sum + line.totalPayment, 0)),
    totalBenchmark,
    benchmarkDiff: diff,
    benchmarkPercentage: percentage,
    status: priceStatus(percentage),
    benchmarkedLines: benchmarked.length,
    chart: {
      median: totalBenchmark,
      p25: quartiled ? round2(row.lines.reduce((sum, line) => sum + line.benchmark.p25!, 0)) : null,
      p75: quartiled ? round2(row.lines.reduce((sum, line) => sum + line.benchmark.p75!, 0)) : null,
    },
  }
}

/** The share of the budget period that has passed (1 once it is over). */
function elapsedShare(start: unknown, end: unknown) {
  const from = dateText(start)
  const to = dateText(end)
  if (!from || !to) return 1
  const startMs = Date.parse(`${from}T00:00:00Z`)
  const endMs = Date.parse(`${to}T23:59:59Z`)
  const now = Date.now()
  if (now >= endMs) return 1
  if (now <= startMs) return 0
  return (now - startMs) / (endMs - startMs)
}
