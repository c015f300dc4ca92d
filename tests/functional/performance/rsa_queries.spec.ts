import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  addRsaBudgetLines,
  budgetsWorld,
  recompute,
  researchProvider,
  rsaInteractions,
} from '#tests/helpers/rsa'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { csvLines, type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { publishMarketTrendsReport } from '#services/rsa/market_trends_report'
import { createSnapshot } from '#services/rsa/snapshots'
import { rsaView } from '#services/rsa/view'
import { setTeamModules } from '#services/accounts/account_admin'
import { ALL_MODULES } from '#shared/modules'
import type { ResearchProviderType } from '#shared/rsa'

/**
 * Research Spend Analytics: the client pages, the budgets API and the downloads, as a member of
 * a team holding the module. Measured on the budgets world (the viewer, ten peers, two
 * providers) with interactions, an acknowledged outlier, a published report and a snapshot,
 * then again with five more providers for the viewer and its peers (lines, payments,
 * interactions), a provider used without a budget line, more acknowledgements and snapshots.
 * Equal counts at both sizes; at most the budget.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // The line benchmarks are kept per statistics run and the team's budget records under the
  // research spend version: the first page reads the versions, the records and the benchmark
  // cells (9, with the currencies and rates kept under the market data version); the export
  // and the API after it find them all kept (the session-less request context, the versions).
  'RSABudgets': 9,
  'rsaBudgetsExport': 3,
  'api.rsa.budgets': 3,
  'RSAOutliers': 10,
  // Peer figures kept per statistics run (figures_cache.ts): measured on an empty cache, the
  // run lookup included; on a warm cache these pages run the view and run lookups only.
  'rsaPeerInteractions': 4,
  'RSAPeerGroup': 3,
  // The team's budget records are kept (see above): the versions and the rate card's cells.
  'RSABenchmarkRateCard': 4,
  'RSAMarketTrendsReport': 5,
  'rsaMarketTrendsReport.file': 1,
  // The view (with the years offered and the statistics runs), the snapshots.
  'rsaSnapshot': 4,
  'rsaSnapshot.file': 1,
}

/** What a request of the team's member would compute the figures for (2024, the team's currency). */
async function viewOf(team: { id: number; name: string; currencyId: number }) {
  const ctx = {
    teamContext: { currentTeam: team },
    request: { qs: () => ({ year: '2024' }) },
    session: { get: () => undefined },
  } as unknown as HttpContext
  return rsaView(ctx)
}

async function rsaWorld() {
  const { atlas, birch, viewer, peers, member } = await budgetsWorld()
  // Every module, so that the stack's query-free baseline page opens for the same member.
  await setTeamModules(viewer.team.id, ALL_MODULES)
  await rsaInteractions(viewer.team, atlas, { analyst_call: 4 }, { on: '2024-10-01' })
  await rsaInteractions(viewer.team, birch, { report_read: 3 })
  for (const peer of peers) await rsaInteractions(peer.team, atlas, { analyst_call: 6 })
  await recompute()
  let acknowledged = 0
  const acknowledge = async (rule: string, subject: string) => {
    await db.table('rsa_outlier_acknowledgements').insert({
      team_id: viewer.team.id,
      year: 2024,
      rule,
      subject,
      note: `Explained (${++acknowledged}).`,
      acknowledged_by_id: member.id,
      acknowledged_at: timestamp(),
    })
  }
  await acknowledge('paid_unused', `provider:${birch.id}`)
  await publishMarketTrendsReport(2024)
  const { id: report } = await db.from('rsa_market_trends_reports').select('id').firstOrFail()
  const view = await viewOf(viewer.team)
  const snapshot = await createSnapshot(view, member)

  const budget = await db
    .from('rsa_budgets')
    .where({ team_id: viewer.team.id, year: 2024 })
    .select('id')
    .firstOrFail()

  /** Five more providers for the viewer and every peer, a provider used without a line. */
  async function grow() {
    const types: ResearchProviderType[] = [
      'bulge_bracket',
      'regional_broker',
      'independent',
      'expert_network',
      'macro_consultancy',
    ]
    for (const [index, type] of types.entries()) {
      const provider = await researchProvider(`Grown provider ${index}`, type)
      await addRsaBudgetLines(budget, viewer.team, viewer.currencyId, [
        { provider, price: 30_000 + index * 20_000, paid: [30_000 + index * 25_000] },
      ])
      await rsaInteractions(viewer.team, provider, { one_to_one: index, report_read: 4 })
      for (const peer of peers.slice(0, 6)) {
        await rsaInteractions(peer.team, provider, { analyst_call: 2 + index })
      }
      await acknowledge('price_outlier', `line:${index + 1000}`)
    }
    const unpaid = await researchProvider('Used without a line', 'independent')
    await rsaInteractions(viewer.team, unpaid, { analyst_call: 5 })
    await recompute()
    await createSnapshot(view, member)
  }

  const page = { as: member, stack: 'team' as const }
  const probes: Probe[] = [
    {
      ...page,
      route: 'RSABudgets',
      url: '/rsa/budgets',
      component: 'rsa/budgets',
      rows: rowsAt('page.rows'),
    },
    { ...page, route: 'rsaBudgetsExport', url: '/rsa/budgets/export?format=csv', rows: csvLines },
    {
      ...page,
      json: true,
      route: 'api.rsa.budgets',
      url: '/api/rsa/budgets',
      rows: rowsAt('budget.rows'),
    },
    {
      ...page,
      route: 'RSAOutliers',
      url: '/rsa/outliers',
      component: 'rsa/outliers',
      rows: rowsAt('page.findings', 'page.stale'),
    },
    {
      ...page,
      route: 'rsaPeerInteractions',
      url: '/rsa/peer-interactions',
      component: 'rsa/peer_interactions',
      rows: rowsAt('page.rows'),
    },
    { ...page, route: 'RSAPeerGroup', url: '/rsa/peer-group', component: 'rsa/peer_group' },
    {
      ...page,
      route: 'RSABenchmarkRateCard',
      url: '/rsa/rate-card',
      component: 'rsa/rate_card',
      rows: rowsAt('page.lines'),
    },
    {
      ...page,
      route: 'RSAMarketTrendsReport',
      url: '/rsa/market-trends',
      component: 'rsa/market_trends',
    },
    {
      ...page,
      route: 'rsaMarketTrendsReport.file',
      url: `/rsa/market-trends/reports/${report}/file`,
    },
    {
      ...page,
      route: 'rsaSnapshot',
      url: '/rsa/snapshot',
      component: 'rsa/snapshot',
      rows: rowsAt('snapshots'),
    },
    { ...page, route: 'rsaSnapshot.file', url: `/rsa/snapshots/${snapshot}/file` },
  ]
  return { probes, grow }
}

queryBudgetGroup('Research Spend Analytics', {
  area: 'rsa',
  budgets: BUDGETS,
  world: rsaWorld,
})
