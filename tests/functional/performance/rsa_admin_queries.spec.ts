import db from '@adonisjs/lucid/services/db'
import { makeUser } from '#tests/helpers/accounts'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'

/**
 * The Research Spend Analytics administration (`/admin/research-spend-analytics`), as an
 * administrator holding every permission. Measured with one team's collection and submission,
 * a recompute and an import, then with five more teams, each with collections of two years,
 * submissions of every status, more recomputes and imports. Equal counts at both sizes; at
 * most the budget.
 *
 * Status changes (a POST outside /api) need no budget. Budgets are the measured counts per
 * request on a warm request context cache, middleware included (none of its own in tests,
 * where sessions live in memory; the database session store adds its read in production). No
 * page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  'rsaAdminOverview': 4,
  'rsaDataCollectionSubmissions': 4,
  'rsaDataCollectionSubmissions.file': 1,
}

let sequence = 0

async function teamWithSubmissions(year: number, statuses: string[]) {
  const { team } = await rsaTeam()
  const member = await rsaMember(team)
  const collection = await makeCollection(team.id, { year, dueDate: `${year}-03-31` })
  const ids = []
  for (const status of statuses) {
    ids.push(await makeSubmission(team.id, collection, { status, userId: member.id }))
  }
  return ids
}

async function recomputeRun(year: number) {
  await db.table('rsa_benchmark_runs').insert({
    year,
    trigger: 'import',
    cells: 10,
    suppressed_cells: 2,
    teams: 6,
    started_at: timestamp(),
    finished_at: timestamp(),
  })
}

async function rsaImport(teamId: number) {
  await db.table('rsa_imports').insert({
    kind: 'budgets',
    team_id: teamId,
    year: 2024,
    source: 'web',
    original_file_name: `budgets-${++sequence}.csv`,
    file_type: 'csv',
    checksum: String(sequence),
    status: 'committed',
    created_at: timestamp(),
  })
}

async function rsaAdminWorld() {
  const administrator = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
  const [submission] = await teamWithSubmissions(2024, ['completed'])
  await recomputeRun(2024)
  const { team } = await rsaTeam()
  await rsaImport(team.id)

  async function grow() {
    for (let index = 0; index < 5; index++) {
      await teamWithSubmissions(2023, ['completed', 'rejected'])
      await teamWithSubmissions(2024, ['submitted', 'processing', 'in_review', 'completed'])
      await recomputeRun(2023 - index)
      await rsaImport(team.id)
    }
  }

  const page = { as: administrator, stack: 'admin' as const }
  const base = '/admin/research-spend-analytics'
  const probes: Probe[] = [
    {
      ...page,
      route: 'rsaAdminOverview',
      url: base,
      component: 'admin/rsa/overview',
      rows: rowsAt('years', 'imports'),
    },
    {
      ...page,
      route: 'rsaDataCollectionSubmissions',
      url: `${base}/data-collection-submissions?status=all&q=research`,
      component: 'admin/rsa/submissions',
      rows: rowsAt('submissions'),
    },
    {
      ...page,
      route: 'rsaDataCollectionSubmissions.file',
      url: `${base}/data-collection-submissions/${submission}/file`,
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('research spend administration', {
  area: 'rsa_admin',
  budgets: BUDGETS,
  world: rsaAdminWorld,
})
