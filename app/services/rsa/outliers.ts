import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  BENCHMARK_LEVELS,
  INTERACTION_WEIGHTS,
  PRICE_STATUS_LABELS,
  RESEARCH_PROVIDER_TYPES,
  SUBSTANTIVE_INTERACTIONS,
  labelOf,
  type InteractionType,
} from '#shared/rsa'
import {
  CHEAP_SHARE_OF_P25,
  COST_PER_INTERACTION_MULTIPLE,
  DEFAULT_RENEWAL_NOTICE_DAYS,
  MATERIALITY_USD,
  OUTLIER_RULES,
  OUTLIER_RULE_KEYS,
  PRICE_OUTLIER_PERCENT,
  TUKEY_K,
  USED_UNPAID_MIN_INTERACTIONS,
  WALLET_RATIO_HIGH,
  WALLET_RATIO_LOW,
  type OutlierRule,
  type OutlierSeverity,
} from '#shared/rsa_outliers'
import { abbreviateAmount } from '#shared/money'
import {
  budgetPage,
  type BudgetLineRow,
  type BudgetPage,
  type BudgetRow,
} from '#services/rsa/budgets'
import { peerStatistics, publish, type Contribution } from '#services/rsa/peer_statistics'
import { converterFor, dateText, round2, type RsaView } from '#services/rsa/view'
import { cachedPeerFigures } from '#services/rsa/figures_cache'

/**
 * The outliers of Research Spend Analytics (DOMAIN §1(b), "Outliers"): eight rules run over the
 * team's stored figures for the year, each finding naming its rule, its subject (a budget line
 * `line:123`, a provider `provider:45` or the whole `budget`), the value found, the threshold it
 * crossed, a severity and a sentence saying why.
 *
 * Prices, payments and budgets come from the budgets page's own computation (`budgetPage`), so
 * an outlier and the budgets table never disagree; interactions are aggregated in SQL for the
 * team and year (one query); spend and usage per provider, and the peers' cost per weighted
 * interaction, come from the recomputed `rsa_team_provider_stats` (one query, peers in USD, the
 * anonymity rules of `peerStatistics` applied). The number of queries does not depend on the
 * number of lines, providers, interactions or peers.
 *
 * Materiality is 10,000 USD converted into the display currency at the stored rate, so that the
 * same findings come out whichever currency the page is shown in.
 */

export interface OutlierAcknowledgement {
  id: number
  note: string
  by: string | null
  at: string
}

export interface OutlierFinding {
  /** `${rule}|${subject}`: unique per team and year. */
  key: string
  rule: OutlierRule
  ruleLabel: string
  subject: string
  subjectLabel: string
  providerId: number | null
  /** The measured figure and the threshold it crossed (amounts in the display currency). */
  value: number | null
  valueText: string
  threshold: number | null
  thresholdText: string
  severity: OutlierSeverity
  explanation: string
  acknowledgement: OutlierAcknowledgement | null
}

/** An acknowledgement whose finding the rules no longer report (the data changed since). */
export interface StaleAcknowledgement extends OutlierAcknowledgement {
  rule: string
  ruleLabel: string
  subject: string
  subjectLabel: string
}

export interface OutliersPage {
  year: number
  currency: { id: number; code: string; name: string }
  /** The materiality threshold in the display currency. */
  materiality: number
  /** The period "paid but unused" looks at. */
  usageWindow: { from: string; to: string }
  /** The date renewals are counted from. */
  referenceDate: string
  hasBudget: boolean
  findings: OutlierFinding[]
  stale: StaleAcknowledgement[]
  exchangeRates: BudgetPage['exchangeRates']
}

interface UsageRow {
  provider_id: number
  provider_name: string
  interaction_type: string
  total: number | string
  recent_valued: number | string | null
  last_on: unknown
}

interface StatRow {
  team_id: number
  provider_id: number
  research_provider_type: string | null
  spend: number | string
  interactions: number | string
  weighted_interactions: number | string
}

/** "provider type, same AUM tier": the benchmark level mid-sentence. */
const levelText = (level: keyof typeof BENCHMARK_LEVELS) => {
  const label = BENCHMARK_LEVELS[level]
  return label.charAt(0).toLowerCase() + label.slice(1)
}

const SEVERITY_ORDER: Record<OutlierSeverity, number> = { high: 0, medium: 1, low: 2 }

/** The last day the year's figures are read to: the year end, or today during the year. */
export function referenceDate(year: number, today = DateTime.utc()) {
  const yearEnd = DateTime.utc(year, 12, 31)
  return today < yearEnd ? today.startOf('day') : yearEnd
}

/**
 * "The last two quarters": the six months to the reference date (1 July to 31 December for a
 * past year), never before the year started.
 */
export function usageWindow(year: number, today = DateTime.utc()) {
  const to = referenceDate(year, today)
  const sixMonths = to.minus({ months: 6 }).plus({ days: 1 })
  const yearStart = DateTime.utc(year, 1, 1)
  const from = sixMonths < yearStart ? yearStart : sixMonths
  return { from: from.toISODate()!, to: to.toISODate()! }
}

/** Interactions of the team in the year per provider and type, with the recent valued ones. */
async function interactionUsage(
  teamId: number,
  year: number,
  window: { from: string; to: string }
) {
  return (await db
    .from('rsa_interactions as i')
    .join('providers as p', 'p.id', 'i.provider_id')
    .where('i.team_id', teamId)
    .whereBetween('i.occurred_on', [`${year}-01-01`, `${year}-12-31`])
    .groupBy('i.provider_id', 'p.name', 'i.interaction_type')
    .select('i.provider_id', 'p.name as provider_name', 'i.interaction_type')
    .count('* as total')
    .max('i.occurred_on as last_on')
    .select(
      db.raw(
        'SUM(CASE WHEN i.valued AND i.occurred_on >= ? AND i.occurred_on <= ? THEN 1 ELSE 0 END) as recent_valued',
        [window.from, window.to]
      )
    )) as UsageRow[]
}

/**
 * The team's own provider statistics for the year, and every other team's rows of the provider
 * types the team uses (with spend and weighted interactions): the peers of the cost per
 * weighted interaction.
 */
async function providerStats(teamId: number, year: number) {
  return (await db
    .from('rsa_team_provider_stats as s')
    .where('s.year', year)
    .where((query) => {
      query.where('s.team_id', teamId).orWhere((peers) => {
        peers
          .where('s.spend', '>', 0)
          .where('s.weighted_interactions', '>', 0)
          .whereIn(
            's.research_provider_type',
            db
              .from('rsa_team_provider_stats')
              .where({ team_id: teamId, year })
              .whereNotNull('research_provider_type')
              .select('research_provider_type')
          )
      })
    })
    .select(
      's.team_id',
      's.provider_id',
      's.research_provider_type',
      's.spend',
      's.interactions',
      's.weighted_interactions'
    )) as StatRow[]
}

/** The rules' findings for the view's team and year, without acknowledgements. */
export async function outlierFindings(view: RsaView) {
  const window = usageWindow(view.year)
  const [page, usage, stats] = await Promise.all([
    budgetPage(view),
    interactionUsage(view.teamId, view.year, window),
    providerStats(view.teamId, view.year),
  ])
  const convert = converterFor(view)
  const fromUsd = (amount: number) => convert(amount, view.benchmarkCurrencyId) ?? amount
  const materiality = round2(fromUsd(MATERIALITY_USD))
  const code = view.currency.code
  const money = (amount: number) => abbreviateAmount(amount, code)
  const reference = referenceDate(view.year)
  const findings: Omit<OutlierFinding, 'key' | 'ruleLabel' | 'acknowledgement'>[] = []

  const lineLabel = (row: BudgetRow, line: BudgetLineRow) =>
    `${row.provider} · ${line.serviceTypeLabel}`

  for (const row of page.rows) {
    for (const line of row.lines) {
      const subject = `line:${line.id}`
      const subjectLabel = lineLabel(row, line)
      const { median, p25, p75, n, level } = line.benchmark
      const peerText =
        median === null
          ? ''
          : `the peer median is ${money(median)} (n = ${n}${level ? `; ${levelText(level)}` : ''})`

      // 1. Price outlier.
      if (median !== null && line.benchmarkPercentage !== null && line.benchmarkDiff !== null) {
        const percentage = line.benchmarkPercentage
        const material = Math.abs(line.benchmarkDiff) >= materiality
        const byPercent = Math.abs(percentage) >= PRICE_OUTLIER_PERCENT && material
        const fences =
          p25 !== null && p75 !== null
            ? { lower: p25 - TUKEY_K * (p75 - p25), upper: p75 + TUKEY_K * (p75 - p25) }
            : null
        const byFence =
          fences !== null && (line.myPrice < fences.lower || line.myPrice > fences.upper)
        if (byPercent || byFence) {
          const above = line.benchmarkDiff > 0
          const thresholds = [`±${PRICE_OUTLIER_PERCENT}% and ${money(materiality)}`]
          if (fences) {
            thresholds.push(
              `outside ${money(Math.max(0, fences.lower))} – ${money(fences.upper)} (Tukey fences)`
            )
          }
          findings.push({
            rule: 'price_outlier',
            subject,
            subjectLabel,
            providerId: row.providerId,
            value: percentage,
            valueText: `${percentage > 0 ? '+' : ''}${percentage.toFixed(1)}% (${money(Math.abs(line.benchmarkDiff))} ${above ? 'above' : 'below'} the median)`,
            threshold: PRICE_OUTLIER_PERCENT,
            thresholdText: thresholds.join('; or '),
            severity: !above ? 'low' : byFence || Math.abs(percentage) >= 50 ? 'high' : 'medium',
            explanation: `You pay ${money(line.myPrice)} a year for ${line.serviceTypeLabel.toLowerCase()} (${line.priceTypeLabel.toLowerCase()}, ${line.accessTypeLabel.toLowerCase()}); ${peerText}${byFence ? `, and the price lies ${above ? 'above the upper' : 'below the lower'} Tukey fence` : ''}.`,
          })
        }
      }

      // 2. Suspiciously cheap.
      if (p25 !== null && line.myPrice > 0 && line.myPrice < CHEAP_SHARE_OF_P25 * p25) {
        const threshold = round2(CHEAP_SHARE_OF_P25 * p25)
        findings.push({
          rule: 'suspiciously_cheap',
          subject,
          subjectLabel,
          providerId: row.providerId,
          value: line.myPrice,
          valueText: money(line.myPrice),
          threshold,
          thresholdText: `below ${money(threshold)} (half the peer p25 of ${money(p25)})`,
          severity: 'high',
          explanation: `You pay ${money(line.myPrice)} a year, less than half of what the cheapest quarter of peers pay (p25 ${money(p25)}, n = ${n}): check that the price is fair and not an inducement.`,
        })
      }

      // 6. Budget overrun, per line.
      if (line.totalPayment > line.budgetAmount + 0.005) {
        const over = round2(line.totalPayment - line.budgetAmount)
        findings.push({
          rule: 'budget_overrun',
          subject,
          subjectLabel,
          providerId: row.providerId,
          value: line.totalPayment,
          valueText: `${money(line.totalPayment)} paid (${money(over)} over)`,
          threshold: line.budgetAmount,
          thresholdText: `budget ${money(line.budgetAmount)}`,
          severity: line.budgetAmount <= 0 || over / line.budgetAmount > 0.1 ? 'high' : 'medium',
          explanation:
            line.budgetAmount > 0
              ? `Payments of ${money(line.totalPayment)} exceed the line's budget of ${money(line.budgetAmount)} by ${((over / line.budgetAmount) * 100).toFixed(1)}%.`
              : `Payments of ${money(line.totalPayment)} were made against a line with no budget.`,
        })
      }

      // 8. Renewal due at an "Above" or "Outlier" price.
      if (line.contractEnd && (line.status === 'above' || line.status === 'outlier')) {
        const notice = line.renewalNoticeDays ?? DEFAULT_RENEWAL_NOTICE_DAYS
        const end = DateTime.fromISO(line.contractEnd, { zone: 'utc' })
        const daysLeft = Math.round(end.diff(reference, 'days').days)
        if (daysLeft >= 0 && daysLeft <= notice) {
          findings.push({
            rule: 'renewal_due',
            subject,
            subjectLabel,
            providerId: row.providerId,
            value: daysLeft,
            valueText: `ends ${line.contractEnd} (${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left)`,
            threshold: notice,
            thresholdText: `${notice} days’ notice${line.renewalNoticeDays === null ? ' (assumed)' : ''}`,
            severity: line.status === 'outlier' ? 'high' : 'medium',
            explanation: `The contract ends on ${line.contractEnd}, ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} after ${reference.toISODate()}, inside its ${notice}-day notice period, and is priced ${PRICE_STATUS_LABELS[line.status].toLowerCase()} (${line.benchmarkPercentage! > 0 ? '+' : ''}${line.benchmarkPercentage!.toFixed(1)}% against the peer median): renegotiate before it renews.`,
          })
        }
      }
    }
  }

  // 6. Budget overrun, the whole budget.
  if (page.budget && page.cards.paid > page.cards.totalBudget + 0.005) {
    const over = round2(page.cards.paid - page.cards.totalBudget)
    findings.push({
      rule: 'budget_overrun',
      subject: 'budget',
      subjectLabel: `Whole budget ${view.year}`,
      providerId: null,
      value: page.cards.paid,
      valueText: `${money(page.cards.paid)} paid (${money(over)} over)`,
      threshold: page.cards.totalBudget,
      thresholdText: `budget ${money(page.cards.totalBudget)}`,
      severity: 'high',
      explanation:
        page.cards.totalBudget > 0
          ? `Payments for ${view.year} total ${money(page.cards.paid)}, ${((over / page.cards.totalBudget) * 100).toFixed(1)}% above the approved budget of ${money(page.cards.totalBudget)}: clients paying through joint payments or an RPA must be told.`
          : `Payments for ${view.year} total ${money(page.cards.paid)} against a budget of zero.`,
    })
  }

  // Interactions per provider (all types), substantive ones, recent valued ones.
  const usageOf = new Map<
    number,
    { name: string; substantive: number; recentValued: number; lastOn: string | null }
  >()
  for (const entry of usage) {
    const item = usageOf.get(entry.provider_id) ?? {
      name: entry.provider_name,
      substantive: 0,
      recentValued: 0,
      lastOn: null,
    }
    const type = entry.interaction_type as InteractionType
    if (SUBSTANTIVE_INTERACTIONS.includes(type)) item.substantive += Number(entry.total)
    if ((INTERACTION_WEIGHTS[type] ?? 0) > 0) item.recentValued += Number(entry.recent_valued ?? 0)
    const last = dateText(entry.last_on)
    if (last && (!item.lastOn || last > item.lastOn)) item.lastOn = last
    usageOf.set(entry.provider_id, item)
  }

  // 3. Paid but unused.
  for (const row of page.rows) {
    if (row.totalPayment <= 0) continue
    const used = usageOf.get(row.providerId)
    if (used && used.recentValued > 0) continue
    findings.push({
      rule: 'paid_unused',
      subject: `provider:${row.providerId}`,
      subjectLabel: row.provider,
      providerId: row.providerId,
      value: row.totalPayment,
      valueText: `${money(row.totalPayment)} paid · 0 valued interactions`,
      threshold: 0,
      thresholdText: `at least 1 valued interaction ${window.from} to ${window.to}`,
      severity: row.totalPayment >= materiality ? 'high' : 'medium',
      explanation: `${money(row.totalPayment)} was paid to ${row.provider} for ${view.year}, yet no valued interaction is recorded from ${window.from} to ${window.to}${used?.lastOn ? ` (last recorded interaction ${used.lastOn})` : ' (no interaction recorded this year)'}.`,
    })
  }

  // 4. Used but unpaid.
  const withLines = new Set(page.rows.map((row) => row.providerId))
  for (const [providerId, used] of usageOf) {
    if (withLines.has(providerId) || used.substantive < USED_UNPAID_MIN_INTERACTIONS) continue
    findings.push({
      rule: 'used_unpaid',
      subject: `provider:${providerId}`,
      subjectLabel: used.name,
      providerId,
      value: used.substantive,
      valueText: `${used.substantive} substantive interactions`,
      threshold: USED_UNPAID_MIN_INTERACTIONS,
      thresholdText: `${USED_UNPAID_MIN_INTERACTIONS} or more without a budget line`,
      severity: 'high',
      explanation: `Your team had ${used.substantive} analyst calls, meetings, model downloads or bespoke requests with ${used.name} in ${view.year}, but the provider has no budget line: research received without payment is an inducement risk.`,
    })
  }

  // 5. Cost per weighted interaction against the peer median of the provider type.
  const nameOf = new Map(page.rows.map((row) => [row.providerId, row.provider]))
  for (const [id, used] of usageOf) if (!nameOf.has(id)) nameOf.set(id, used.name)
  const own = stats.filter((stat) => stat.team_id === view.teamId)
  const peersByType = new Map<string, Contribution[]>()
  for (const stat of stats) {
    if (stat.team_id === view.teamId || !stat.research_provider_type) continue
    const spend = Number(stat.spend)
    const weighted = Number(stat.weighted_interactions)
    if (spend <= 0 || weighted <= 0) continue
    const list = peersByType.get(stat.research_provider_type) ?? []
    list.push({
      team: stat.team_id,
      value: spend / weighted,
      key: `${view.year}|provider|${stat.provider_id}|cost_per_interaction`,
    })
    peersByType.set(stat.research_provider_type, list)
  }
  const medianOfType = new Map<string, ReturnType<typeof peerStatistics>>()
  for (const stat of own) {
    const spend = Number(stat.spend)
    const weighted = Number(stat.weighted_interactions)
    const type = stat.research_provider_type
    if (!type || spend <= 0 || weighted <= 0) continue
    if (!medianOfType.has(type)) {
      medianOfType.set(type, peerStatistics(peersByType.get(type) ?? [], view.teamId))
    }
    const peers = medianOfType.get(type)!
    if (peers.median === null) continue
    const cost = spend / weighted
    if (cost <= COST_PER_INTERACTION_MULTIPLE * peers.median) continue
    const name = nameOf.get(stat.provider_id) ?? `Provider ${stat.provider_id}`
    const costShown = Math.round(fromUsd(cost))
    const medianShown = publish(fromUsd(peers.median))!
    findings.push({
      rule: 'cost_per_interaction',
      subject: `provider:${stat.provider_id}`,
      subjectLabel: name,
      providerId: stat.provider_id,
      value: costShown,
      valueText: `${money(costShown)} per weighted interaction (${(cost / peers.median).toFixed(1)} × the median)`,
      // Twice the published median: twice the unrounded one would give it back to the unit.
      threshold: COST_PER_INTERACTION_MULTIPLE * medianShown,
      thresholdText: `${COST_PER_INTERACTION_MULTIPLE} × peer median ${money(medianShown)} (n = ${peers.band})`,
      severity: cost > 2 * COST_PER_INTERACTION_MULTIPLE * peers.median ? 'high' : 'medium',
      explanation: `Each weighted interaction with ${name} costs ${money(costShown)} (${money(Math.round(fromUsd(spend)))} for ${round2(weighted).toLocaleString('en-GB')} weighted interactions); peers pay a median ${money(medianShown)} for ${labelOf(RESEARCH_PROVIDER_TYPES, type).toLowerCase()} providers (n = ${peers.band}).`,
    })
  }

  // 7. Spend share against weighted interaction share.
  const totalSpend = own.reduce((sum, stat) => sum + Number(stat.spend), 0)
  const totalWeighted = own.reduce((sum, stat) => sum + Number(stat.weighted_interactions), 0)
  if (totalSpend > 0 && totalWeighted > 0) {
    for (const stat of own) {
      const spend = Number(stat.spend)
      const weighted = Number(stat.weighted_interactions)
      if (spend < MATERIALITY_USD || weighted <= 0) continue
      const spendShare = spend / totalSpend
      const usageShare = weighted / totalWeighted
      const ratio = spendShare / usageShare
      if (ratio <= WALLET_RATIO_HIGH && ratio >= WALLET_RATIO_LOW) continue
      const name = nameOf.get(stat.provider_id) ?? `Provider ${stat.provider_id}`
      const high = ratio > WALLET_RATIO_HIGH
      findings.push({
        rule: 'wallet_usage_mismatch',
        subject: `provider:${stat.provider_id}`,
        subjectLabel: name,
        providerId: stat.provider_id,
        value: Math.round(ratio * 100) / 100,
        valueText: `${ratio.toFixed(2)} (${(spendShare * 100).toFixed(1)}% of spend, ${(usageShare * 100).toFixed(1)}% of use)`,
        threshold: high ? WALLET_RATIO_HIGH : WALLET_RATIO_LOW,
        thresholdText: high ? `above ${WALLET_RATIO_HIGH}` : `below ${WALLET_RATIO_LOW}`,
        severity: high ? 'medium' : 'low',
        explanation: high
          ? `${name} takes ${(spendShare * 100).toFixed(1)}% of your research spend but only ${(usageShare * 100).toFixed(1)}% of your weighted interactions: you pay more than its use suggests.`
          : `${name} accounts for ${(usageShare * 100).toFixed(1)}% of your weighted interactions but only ${(spendShare * 100).toFixed(1)}% of your research spend: check that what you pay reflects what you use.`,
      })
    }
  }

  const ordered = findings
    .map((finding) => ({
      ...finding,
      key: `${finding.rule}|${finding.subject}`,
      ruleLabel: OUTLIER_RULES[finding.rule],
      acknowledgement: null as OutlierAcknowledgement | null,
    }))
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        OUTLIER_RULE_KEYS.indexOf(a.rule) - OUTLIER_RULE_KEYS.indexOf(b.rule) ||
        a.subjectLabel.localeCompare(b.subjectLabel)
    )
  return { page, findings: ordered, materiality, window, reference: reference.toISODate()! }
}

/** The outliers page: the findings with their acknowledgements, and the stale ones. */
export async function outliersPage(view: RsaView): Promise<OutliersPage> {
  const [computed, acknowledgements] = await Promise.all([
    // The findings follow from the recomputed statistics and the team's imported rows: kept per
    // statistics run, and copied before their acknowledgements are attached.
    cachedPeerFigures('outlier-findings', view, {}, () => outlierFindings(view)),
    db
      .from('rsa_outlier_acknowledgements as a')
      .leftJoin('users as u', 'u.id', 'a.acknowledged_by_id')
      .where({ 'a.team_id': view.teamId, 'a.year': view.year })
      .select('a.id', 'a.rule', 'a.subject', 'a.note', 'a.acknowledged_at', 'u.name as by_name')
      .orderBy('a.acknowledged_at', 'desc'),
  ])
  const { page, materiality, window, reference } = computed
  const findings = computed.findings.map((finding) => ({ ...finding }))
  const byKey = new Map(findings.map((finding) => [finding.key, finding]))
  const stale: StaleAcknowledgement[] = []
  for (const row of acknowledgements) {
    const acknowledgement: OutlierAcknowledgement = {
      id: row.id,
      note: row.note,
      by: row.by_name ?? null,
      at: new Date(row.acknowledged_at).toISOString(),
    }
    const finding = byKey.get(`${row.rule}|${row.subject}`)
    if (finding) {
      finding.acknowledgement = acknowledgement
    } else {
      stale.push({
        ...acknowledgement,
        rule: row.rule,
        ruleLabel: labelOf(OUTLIER_RULES, row.rule),
        subject: row.subject,
        subjectLabel: staleSubjectLabel(row.subject, page),
      })
    }
  }
  return {
    year: view.year,
    currency: view.currency,
    materiality,
    usageWindow: window,
    referenceDate: reference,
    hasBudget: page.budget !== null,
    findings,
    stale,
    exchangeRates: page.exchangeRates,
  }
}

function staleSubjectLabel(subject: string, page: BudgetPage) {
  if (subject === 'budget') return `Whole budget ${page.year}`
  const [kind, id] = subject.split(':')
  for (const row of page.rows) {
    if (kind === 'provider' && row.providerId === Number(id)) return row.provider
    const line = row.lines.find((entry) => entry.id === Number(id))
    if (kind === 'line' && line) return `${row.provider} · ${line.serviceTypeLabel}`
  }
  return kind === 'line' ? 'A budget line no longer recorded' : 'A provider no longer reported'
}
