import db from '@adonisjs/lucid/services/db'
import { makeUser } from '#tests/helpers/accounts'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { researchProvider } from '#tests/helpers/rsa'
import { previewImport, scratchPath, storeImportFile } from '#services/rsa/imports/imports'
import { writeFile } from 'node:fs/promises'

/** A budget file stored and checked (a preview) for the team, as the wizard leaves it. */
async function storedImport(teamId: number, providerKey: string) {
  const path = await scratchPath('csv')
  await writeFile(
    path,
    `provider_key,service_type,price_type,access_type,budget_amount,currency\n${providerKey},written_research,fixed_fee,full,1000,GBP\nunknown-${++sequence},written_research,fixed_fee,full,1000,GBP\n`
  )
  const imp = await storeImportFile({
    kind: 'budgets',
    teamId,
    year: 2024,
    userId: null,
    source: 'command_line',
    originalFileName: 'budget.csv',
    path,
  })
  await previewImport(imp.id)
  return imp.id
}

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
  // Each page with years reads the years offered (one query, `services/calendar/years.ts`).
  'rsaAdminOverview': 5,
  // The rounds (one grouped query), the eligible teams and the years offered.
  'rsaDataCollections': 3,
  'rsaDataCollectionSubmissions': 5,
  'rsaDataCollectionSubmissions.file': 1,
  'rsaBudgetUpload': 4,
  'rsaClientInteractionsUpload': 4,
  'rsaPeerInteractionsUpload': 3,
  'rsaImports.show': 7,
  'rsaImports.file': 1,
  'rsaImports.template': 0,
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
  const provider = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const stored = await storedImport(team.id, provider.key)

  async function grow() {
    for (let index = 0; index < 5; index++) {
      await teamWithSubmissions(2023, ['completed', 'rejected'])
      await teamWithSubmissions(2024, ['submitted', 'processing', 'in_review', 'completed'])
      await recomputeRun(2023 - index)
      await rsaImport(team.id)
      await storedImport(team.id, provider.key)
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
      route: 'rsaDataCollections',
      url: `${base}/data-collections`,
      component: 'admin/rsa/collections',
      rows: rowsAt('rounds'),
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
    {
      ...page,
      route: 'rsaBudgetUpload',
      url: `${base}/budget-upload?team=${team.id}&year=2024`,
      component: 'admin/rsa/import_wizard',
      rows: rowsAt('imports'),
    },
    {
      ...page,
      route: 'rsaClientInteractionsUpload',
      url: `${base}/client-interactions-upload`,
      component: 'admin/rsa/import_wizard',
    },
    {
      ...page,
      route: 'rsaPeerInteractionsUpload',
      url: `${base}/peer-interactions-upload?year=2024`,
      component: 'admin/rsa/import_wizard',
    },
    {
      ...page,
      route: 'rsaImports.show',
      url: `${base}/imports/${stored}`,
      component: 'admin/rsa/import_wizard',
      rows: rowsAt('imports'),
    },
    { ...page, route: 'rsaImports.file', url: `${base}/imports/${stored}/file` },
    { ...page, route: 'rsaImports.template', url: `${base}/imports/templates/budgets` },
  ]
  return { probes, grow }
}

queryBudgetGroup('research spend administration', {
  area: 'rsa_admin',
  budgets: BUDGETS,
  world: rsaAdminWorld,
})
