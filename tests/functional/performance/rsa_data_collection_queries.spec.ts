import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { insertReturningId } from '#services/db/insert'
import { SUBMISSIONS_PREFIX } from '#services/data_collection/submissions'
import { rsaBudget, rsaMember, rsaTeam, researchProvider } from '#tests/helpers/rsa'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { ALL_MODULES } from '#shared/modules'

/**
 * Research Spend Analytics data collection: the page, the template and a submission's file, as
 * a member of a team holding every module (the stack's query-free baseline page opens for the
 * same member). Measured with one open collection, a budget of two lines and one submission,
 * then with five more collections, providers and budget lines (with payments) and ten more
 * submissions. Equal counts at both sizes; at most the budget.
 *
 * The upload (a POST outside /api) needs no budget. Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  'rsaDataCollection': 4,
  'rsaDataCollection.template': 5,
  'rsaDataCollection.submissionFile': 1,
}

let sequence = 0

async function collectionOf(teamId: number) {
  return insertReturningId(db.connection(), 'data_collections', {
    team_id: teamId,
    name: `Research spend ${++sequence}`,
    due_date: '2030-01-31',
    status: 'open',
    kind: 'rsa',
    year: 2025,
    created_at: timestamp(),
  })
}

async function submissionOf(teamId: number, collectionId: number, userId: number, status: string) {
  const storedName = `rsa-submission-${++sequence}.xlsx`
  await drive.use().put(`${SUBMISSIONS_PREFIX}/${storedName}`, 'workbook')
  return insertReturningId(db.connection(), 'data_collection_submissions', {
    data_collection_id: collectionId,
    team_id: teamId,
    user_id: userId,
    original_file_name: 'research-spend.xlsx',
    stored_file_name: storedName,
    file_size: 8,
    delivery_date: '2025-11-20',
    status,
    row_count: 3,
    created_at: timestamp(),
  })
}

async function dataCollectionWorld() {
  const { team, currencyId } = await rsaTeam({ modules: ALL_MODULES })
  const member = await rsaMember(team)
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const { budget } = await rsaBudget(team, currencyId, [
    { provider: atlas, price: 150_000, paid: [100_000] },
    { provider: birch, price: 50_000 },
  ])
  const collection = await collectionOf(team.id)
  const submission = await submissionOf(team.id, collection, member.id, 'completed')

  async function grow() {
    for (let index = 0; index < 5; index++) {
      await collectionOf(team.id)
      const provider = await researchProvider(`Grown provider ${index}`, 'regional_broker')
      const [line] = await db
        .table('rsa_budget_lines')
        .insert({
          budget_id: budget.id,
          team_id: team.id,
          year: 2024,
          provider_id: provider.id,
          service_type: 'written_research',
          price_type: 'fixed_fee',
          access_type: 'full',
          budget_amount: 20_000,
          contracted_price: 20_000,
          currency_id: currencyId,
          created_at: timestamp(),
        })
        .returning('id')
      await db.table('rsa_payments').insert({
        budget_line_id: typeof line === 'object' ? line.id : line,
        team_id: team.id,
        paid_on: '2024-03-31',
        amount: 10_000,
        currency_id: currencyId,
        source: 'p_and_l',
        created_at: timestamp(),
      })
      await submissionOf(team.id, collection, member.id, 'completed')
      await submissionOf(team.id, collection, member.id, index % 2 ? 'in_review' : 'rejected')
    }
  }

  const page = { as: member, stack: 'team' as const }
  const probes: Probe[] = [
    {
      ...page,
      route: 'rsaDataCollection',
      url: '/rsa/data-collection?status=all',
      component: 'rsa/data_collection',
      rows: rowsAt('submissions', 'collections'),
    },
    {
      ...page,
      route: 'rsaDataCollection.template',
      url: `/rsa/data-collection/${collection}/template`,
    },
    {
      ...page,
      route: 'rsaDataCollection.submissionFile',
      url: `/rsa/data-collection/submissions/${submission}/file`,
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('Research spend data collection', {
  area: 'rsa_data_collection',
  budgets: BUDGETS,
  world: dataCollectionWorld,
})
