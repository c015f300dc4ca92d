import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { abbreviateAmount } from '#shared/money'
import { ASSESSMENT_CATEGORIES, PRICE_STATUS_LABELS, labelOf, type PriceStatus } from '#shared/rsa'
import { renderReportPdf, type ReportBlock } from '#services/pdf/report_pdf'
import { budgetPage } from '#services/rsa/budgets'
import { peerGroupPage } from '#services/rsa/peer_group'
import { outliersPage, type OutlierFinding } from '#services/rsa/outliers'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import type { RsaView } from '#services/rsa/view'

/**
 * The snapshot: a one-page committee pack for a year — budget against actual, the largest
 * providers with their price status and peer range, the team's position in its peer group, the
 * open outliers summarised by rule, the assessment results and the checklist of what the
 * research rules expect firms to document. It is frozen when generated (its figures are stored
 * with it, never recomputed) and kept as a PDF for download later. The pack lists the top items
 * of each part, never all of them, so that it always prints on one page.
 */

/** Providers kept with a snapshot (the page lists them), the largest by annual price. */
const SNAPSHOT_TOP_PROVIDERS = 10

/** Providers on the PDF pack's chart, and outlier rules in its table (the others are counted). */
export const PACK_TOP_PROVIDERS = 5
export const PACK_OUTLIER_RULES = 3

export const SNAPSHOTS_PREFIX = 'rsa/snapshots'

export interface SnapshotPayload {
  teamName: string
  year: number
  currency: string
  generatedAt: string
  generatedBy: string | null
  budget: {
    status: string | null
    approvedAt: string | null
    approvedLate: boolean
    totalBudget: number
    paid: number
    variance: number | null
    pacing: number | null
    providersPaid: number
    researchBps: number | null
    potentialSaving: number
  }
  topProviders: {
    provider: string
    type: string
    myPrice: number
    totalPayment: number
    benchmark: number | null
    difference: number | null
    status: PriceStatus | null
    /** The peer interquartile range of the price (absent from snapshots before it was kept). */
    p25?: number | null
    p75?: number | null
  }[]
  peerPosition: {
    basis: string
    n: number | string | null
    metrics: { label: string; you: string; median: string; position: string | null }[]
  }
  outliers: { rule: string; subject: string; value: string; threshold: string }[]
  /** The open outliers by rule, most serious first, each with its largest finding. */
  outliersByRule?: OutlierRuleSummary[]
  assessments: {
    providersAssessed: number
    providersPaid: number
    byCategory: { category: string; average: number; scores: number }[]
    lowest: { provider: string; average: number }[]
  }
  checklist: { label: string; done: boolean; note: string }[]
}

export interface OutlierRuleSummary {
  rule: string
  open: number
  top: { subject: string; value: string; threshold: string }
}

const SEVERITY_ORDER: Record<OutlierFinding['severity'], number> = { high: 0, medium: 1, low: 2 }

/**
 * The open findings grouped by rule: how many each rule has and its top finding (the most
 * severe, then the largest), rules with a high-severity finding first, then the most findings.
 */
export function outliersByRule(findings: OutlierFinding[]): OutlierRuleSummary[] {
  const groups = new Map<string, OutlierFinding[]>()
  for (const finding of findings) {
    groups.set(finding.ruleLabel, [...(groups.get(finding.ruleLabel) ?? []), finding])
  }
  const rank = (finding: OutlierFinding) => [
    SEVERITY_ORDER[finding.severity],
    -Math.abs(finding.value ?? 0),
  ]
  const before = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1]
  return [...groups.entries()]
    .map(([rule, list]) => {
      const top = [...list].sort((a, b) => before(rank(a), rank(b)))[0]
      return { rule, list, top }
    })
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.top.severity] - SEVERITY_ORDER[b.top.severity] ||
        b.list.length - a.list.length
    )
    .map(({ rule, list, top }) => ({
      rule,
      open: list.length,
      top: { subject: top.subjectLabel, value: top.valueText, threshold: top.thresholdText },
    }))
}

const share = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`)

/** Computes the snapshot of the view's team and year from the current figures. */
export async function snapshotPayload(
  view: RsaView,
  generatedBy: string | null,
  now = DateTime.utc()
): Promise<SnapshotPayload> {
  const [budget, peers, outliers, assessments] = await Promise.all([
    budgetPage(view),
    peerGroupPage(view, { tiers: [], firmTypes: [], paymentMethods: [], domiciles: [] }),
    outliersPage(view),
    db
      .from('rsa_assessments as a')
      .join('providers as p', 'p.id', 'a.provider_id')
      .where({ 'a.team_id': view.teamId, 'a.year': view.year })
      .select('a.provider_id', 'p.name', 'a.category', 'a.score'),
  ])
  const money = (value: number | null) =>
    value === null ? 'n/a' : abbreviateAmount(value, view.currency.code)
  const open = outliers.findings.filter((finding) => finding.acknowledgement === null)

  const byCategory = new Map<string, number[]>()
  const byProvider = new Map<string, number[]>()
  for (const row of assessments) {
    const score = Number(row.score)
    byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), score])
    byProvider.set(row.name, [...(byProvider.get(row.name) ?? []), score])
  }
  const average = (values: number[]) =>
    Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100
  const paidProviders = budget.rows.filter((row) => row.totalPayment > 0)
  const assessedPaid = paidProviders.filter((row) => byProvider.has(row.provider)).length

  const cards = budget.cards
  const approvedBeforeStart = !!budget.budget?.approvedAt && !budget.budget.approvedLate
  const overrun = cards.totalBudget > 0 && cards.paid > cards.totalBudget
  const corporateAccessPaid = budget.rows.some((row) =>
    row.lines.some((line) => line.serviceType === 'corporate_access' && line.totalPayment > 0)
  )
  const usedButUnpaid = open.filter((finding) => finding.rule === 'used_unpaid').length

  return {
    teamName: view.teamName,
    year: view.year,
    currency: view.currency.code,
    generatedAt: now.toISO()!,
    generatedBy,
    budget: {
      status: budget.budget?.status ?? null,
      approvedAt: budget.budget?.approvedAt ?? null,
      approvedLate: budget.budget?.approvedLate ?? false,
      totalBudget: cards.totalBudget,
      paid: cards.paid,
      variance: cards.varianceVsBudget,
      pacing: cards.pacing,
      providersPaid: cards.providersPaid,
      researchBps: cards.researchBps,
      potentialSaving: cards.potentialSaving,
    },
    topProviders: [...budget.rows]
      .sort((a, b) => b.myPrice - a.myPrice)
      .slice(0, SNAPSHOT_TOP_PROVIDERS)
      .map((row) => ({
        provider: row.provider,
        type: row.providerTypeLabel,
        myPrice: row.myPrice,
        totalPayment: row.totalPayment,
        benchmark: row.totalBenchmark,
        difference: row.benchmarkPercentage,
        status: row.status,
        p25: row.chart.p25,
        p75: row.chart.p75,
      })),
    peerPosition: {
      basis: peers.refused ?? peers.basis,
      n: peers.composition?.n ?? null,
      metrics: peers.metrics.map((metric) => {
        const format = (value: number | null) =>
          value === null
            ? 'n/a'
            : metric.unit === 'money'
              ? money(value)
              : metric.unit === 'share'
                ? share(value)
                : metric.unit === 'bps'
                  ? `${value.toFixed(2)} bps`
                  : String(Math.round(value * 10) / 10)
        return {
          label: metric.label,
          you: format(metric.you),
          median: metric.message ?? format(metric.median),
          position: metric.position,
        }
      }),
    },
    outliers: open.map((finding) => ({
      rule: finding.ruleLabel,
      subject: finding.subjectLabel,
      value: finding.valueText,
      threshold: finding.thresholdText,
    })),
    outliersByRule: outliersByRule(open),
    assessments: {
      providersAssessed: byProvider.size,
      providersPaid: paidProviders.length,
      byCategory: [...byCategory.entries()].map(([category, scores]) => ({
        category: labelOf(ASSESSMENT_CATEGORIES, category),
        average: average(scores),
        scores: scores.length,
      })),
      lowest: [...byProvider.entries()]
        .map(([provider, scores]) => ({ provider, average: average(scores) }))
        .sort((a, b) => a.average - b.average)
        .slice(0, 5),
    },
    checklist: [
      {
        label: 'Research budget set before the period started',
        done: approvedBeforeStart,
        note: budget.budget?.approvedAt
          ? `Approved ${budget.budget.approvedAt.slice(0, 10)}, period from ${budget.budget.periodStart}.`
          : 'No approved budget recorded.',
      },
      {
        label: 'Payments within the budget',
        done: !overrun && cards.totalBudget > 0,
        note: overrun
          ? `Paid ${money(cards.paid)} against ${money(cards.totalBudget)}: disclose the overrun to clients.`
          : `Paid ${money(cards.paid)} of ${money(cards.totalBudget)}.`,
      },
      {
        label: 'Quality assessment recorded for the providers paid',
        done: paidProviders.length > 0 && assessedPaid / paidProviders.length >= 0.8,
        note: `${assessedPaid} of ${paidProviders.length} providers paid were assessed.`,
      },
      {
        label: 'Prices compared with peers (charges reasonable against comparators)',
        done: (cards.benchmarkCoverage ?? 0) >= 0.5,
        note: `${share(cards.benchmarkCoverage)} of the contracted value has a peer benchmark.`,
      },
      {
        label: 'Corporate access kept out of research payments',
        done: !corporateAccessPaid,
        note: corporateAccessPaid
          ? 'Corporate access lines were paid from the research budget.'
          : 'No corporate access paid as research.',
      },
      {
        label: 'Research received without payment reviewed (inducements)',
        done: usedButUnpaid === 0,
        note:
          usedButUnpaid === 0
            ? 'No open "used but unpaid" finding.'
            : `${usedButUnpaid} open "used but unpaid" findings.`,
      },
      {
        label: 'Outliers reviewed',
        done: open.length === 0,
        note: `${open.length} open, ${outliers.findings.length - open.length} acknowledged.`,
      },
    ],
  }
}

/**
 * The committee pack as a one-page PDF, from a frozen payload: key figures, the largest
 * providers on the peer range chart with their price status, the peer position, the open
 * outliers by rule (the most serious rules, each with its largest finding) and the checklist.
 */
export async function snapshotPdf(payload: SnapshotPayload) {
  const money = (value: number | null) => (value === null ? 'n/a' : abbreviateAmount(value))
  const { budget } = payload
  const code = payload.currency
  const providers = payload.topProviders
    .slice(0, PACK_TOP_PROVIDERS)
    .filter((row) => row.benchmark !== null)
  const unbenchmarked = Math.min(payload.topProviders.length, PACK_TOP_PROVIDERS) - providers.length
  const byRule = payload.outliersByRule ?? []
  const listedRules = byRule.slice(0, PACK_OUTLIER_RULES)
  const otherRules = byRule.slice(PACK_OUTLIER_RULES)
  const status = (row: SnapshotPayload['topProviders'][number]) =>
    row.status
      ? ` - ${PRICE_STATUS_LABELS[row.status]} ${row.difference! > 0 ? '+' : ''}${row.difference}%`
      : ''
  const blocks: ReportBlock[] = [
    {
      type: 'table',
      columns: [
        { label: 'Budget', align: 'right' },
        { label: 'Paid', align: 'right' },
        { label: 'Paid vs budget', align: 'right' },
        { label: 'Providers paid', align: 'right' },
        { label: 'Research intensity', align: 'right' },
        { label: 'Potential saving', align: 'right' },
      ],
      rows: [
        [
          money(budget.totalBudget),
          money(budget.paid),
          budget.variance === null ? 'n/a' : share(budget.variance),
          String(budget.providersPaid),
          budget.researchBps === null ? 'n/a' : `${budget.researchBps.toFixed(2)} bps`,
          money(budget.potentialSaving),
        ],
      ],
    },
    {
      type: 'rangeChart',
      title: `Largest providers: annual price against the peer range (${code})`,
      format: 'currency',
      rows: providers.map((row) => ({
        label: `${row.provider}${status(row)}`,
        p25: row.p25 ?? null,
        median: row.benchmark,
        p75: row.p75 ?? null,
        you: row.myPrice,
      })),
    },
    ...(unbenchmarked > 0
      ? [
          {
            type: 'paragraph' as const,
            text: `${unbenchmarked} of the ${PACK_TOP_PROVIDERS} largest providers have no peer benchmark and are not drawn.`,
          },
        ]
      : []),
    {
      type: 'table',
      // One column per measure, so that the six measures take three rows, not six.
      columns: [
        {
          label: `Peers${payload.peerPosition.n ? ` (${payload.peerPosition.n} firms)` : ''}`,
          width: 70,
        },
        ...payload.peerPosition.metrics.map((metric) => ({
          label: metric.label,
          align: 'right' as const,
        })),
      ],
      rows: [
        ['You', ...payload.peerPosition.metrics.map((metric) => metric.you)],
        ['Peer median', ...payload.peerPosition.metrics.map((metric) => metric.median)],
        ['Position', ...payload.peerPosition.metrics.map((metric) => metric.position ?? 'n/a')],
      ],
    },
    {
      type: 'table',
      columns: [
        { label: `Open outliers (${payload.outliers.length}) by rule`, width: 125 },
        { label: 'Open', align: 'right', width: 32 },
        { label: 'Largest finding', width: 170 },
        { label: 'Value', align: 'right' },
      ],
      rows: listedRules.map((entry) => [
        entry.rule,
        String(entry.open),
        entry.top.subject,
        entry.top.value,
      ]),
    },
    ...(otherRules.length
      ? [
          {
            type: 'paragraph' as const,
            text: `Also open: ${otherRules.reduce((sum, entry) => sum + entry.open, 0)} findings under ${otherRules.length} other rules, all on the Outliers page.`,
          },
        ]
      : []),
    {
      // A table rather than a checklist block: one line per expectation keeps the pack on a page.
      type: 'table',
      columns: [{ label: 'What the rules expect', width: 250 }, { label: 'Where you stand' }],
      rows: payload.checklist.map((item) => [
        item.label,
        `${item.done ? 'Done' : 'To do'}: ${item.note}`,
      ]),
    },
  ]
  return renderReportPdf({
    title: `Research spend snapshot ${payload.year}`,
    subtitle: `${payload.teamName} · amounts in ${payload.currency} · peers: ${payload.peerPosition.basis}`,
    generatedAt: payload.generatedAt,
    footerNote: 'Peer figures from at least five other firms, never named. Confidential.',
    blocks,
  })
}

/** Generates, freezes and stores a snapshot; returns its id. */
export async function createSnapshot(view: RsaView, user: { id: number; name: string }) {
  const now = DateTime.utc()
  const payload = await snapshotPayload(view, user.name, now)
  const pdf = await snapshotPdf(payload)
  const key = `${SNAPSHOTS_PREFIX}/${randomUUID()}.pdf`
  await drive.use().put(key, pdf)
  const [row] = await db
    .table('rsa_snapshots')
    .insert({
      team_id: view.teamId,
      year: view.year,
      generated_by_id: user.id,
      currency_id: view.currency.id,
      payload: JSON.stringify(payload),
      stored_file_name: key,
      file_size: pdf.length,
      generated_at: now.toFormat(db.connection().dialect.dateTimeFormat),
    })
    .returning('id')
  return Number(typeof row === 'object' ? row.id : row)
}

/** The team's snapshots of the year, newest first, and the latest one's frozen figures. */
export async function snapshotsOf(teamId: number, year: number) {
  const rows = await db
    .from('rsa_snapshots as s')
    .join('currencies as c', 'c.id', 's.currency_id')
    .where({ 's.team_id': teamId, 's.year': year })
    .orderBy('s.generated_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(50)
    .select('s.id', 's.generated_at', 's.file_size', 'c.code as currency')
  const latest = rows[0]
    ? await db.from('rsa_snapshots').where('id', rows[0].id).select('payload').first()
    : null
  return {
    snapshots: rows.map((row) => ({
      id: row.id as number,
      generatedAt: new Date(row.generated_at).toISOString(),
      currency: row.currency as string,
      fileSize: Number(row.file_size),
    })),
    latest: latest ? (JSON.parse(latest.payload) as SnapshotPayload) : null,
  }
}

/** A snapshot's stored PDF, only for its own team. */
export async function snapshotFile(teamId: number, id: number) {
  const row = await db
    .from('rsa_snapshots')
    .where({ id, team_id: teamId })
    .select('stored_file_name', 'year', 'generated_at')
    .first()
  if (!row) throw new NotFoundForTeam('Snapshot not found')
  const date = new Date(row.generated_at).toISOString().slice(0, 10)
  return { key: row.stored_file_name as string, name: `research-snapshot-${row.year}-${date}.pdf` }
}
