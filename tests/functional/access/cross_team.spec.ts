import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { saveScenario } from '#services/market_data/scenarios'
import { SUBMISSIONS_PREFIX } from '#services/market_data/data_collection'
import { insertReturningId } from '#services/db/insert'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { setTeamModules } from '#services/accounts/account_admin'
import { ALL_MODULES, MODULES } from '#shared/modules'
import { researchProvider } from '#tests/helpers/rsa'
import { entitle, researchDocument, researchTheme, themeGroup } from '#tests/helpers/research'
import { makeReport } from '#tests/helpers/insights_reports'

const OWNER_TEAM = 'Helvetia Capital Partners'

interface Fixtures {
  providerKey: string
  providerId: number
  contractId: number
  collectionId: number
  submissionId: number
  scenarioId: number
  documentId: number
  rsaCollectionId: number
  rsaSubmissionId: number
  acknowledgementId: number
  snapshotId: number
  researchDocumentId: number
  insightsReportId: number
}

/**
 * Client routes whose parameters name one team's records, with the URL (and, for writes, a
 * valid body) that points at the owning team's record. A new client route with a record id
 * must be added here, or the test below fails.
 */
const TEAM_RECORD_ROUTES: Record<
  string,
  (f: Fixtures) => { path: string; body?: Record<string, unknown> }
> = {
  'api.marketData.benchmarks.contract': (f) => ({
    path: `/api/market-data/benchmarks/contract/${f.contractId}`,
  }),
  'marketDataTemplates.template': (f) => ({
    path: `/market-data/templates/${f.collectionId}/template`,
  }),
  'marketDataTemplates.submissionFile': (f) => ({
    path: `/market-data/templates/submissions/${f.submissionId}/file`,
  }),
  'scenarios.update': (f) => ({
    path: `/market-data/${f.providerKey}/scenarios/${f.scenarioId}`,
    body: { name: 'Renamed', values: {} },
  }),
  'scenarios.export': (f) => ({
    path: `/market-data/${f.providerKey}/scenarios/${f.scenarioId}/export?format=csv`,
  }),
  'marketDataDocument': (f) => ({ path: `/market-data/documents/${f.documentId}` }),
  'rsaDataCollection.template': (f) => ({
    path: `/rsa/data-collection/${f.rsaCollectionId}/template`,
  }),
  'rsaDataCollection.submissionFile': (f) => ({
    path: `/rsa/data-collection/submissions/${f.rsaSubmissionId}/file`,
  }),
  'rsaOutliers.reopen': (f) => ({
    path: `/rsa/outliers/acknowledgements/${f.acknowledgementId}/reopen`,
  }),
  'rsaSnapshot.file': (f) => ({ path: `/rsa/snapshots/${f.snapshotId}/file` }),
  // Research a provider writes for its subscribers: the owner's team is entitled, no other.
  'readArticlePdf': (f) => ({ path: `/research-discovery/research/${f.researchDocumentId}` }),
  'researchDocumentFile': (f) => ({
    path: `/research-discovery/research/${f.researchDocumentId}/pdf`,
  }),
  // An insights report published to the owner's team only.
  'singleInsightsReport': (f) => ({ path: `/insights-reports/${f.insightsReportId}` }),
  'insightsReports.file': (f) => ({ path: `/insights-reports/${f.insightsReportId}/file` }),
  'insightsReports.download': (f) => ({
    path: `/insights-reports/${f.insightsReportId}/download`,
  }),
}

/** Records published to every client of an area (market trends reports), not one team's. */
const PUBLISHED_RECORD_ROUTES = new Set(['rsaMarketTrendsReport.file'])

/** Parameters that name shared reference data (providers), not one team's records. */
const SHARED_PARAMS = new Set(['provider_key', 'providerKey', 'providerId'])

/**
 * Routes reached without a session whose ids are proven otherwise: signed links (password
 * reset, email verification, unsubscribe, invitations) and the single sign-on endpoints an
 * identity provider calls. Their own tests cover tampered and foreign ids.
 */
const SIGNED_OR_PROVIDER_ROUTES = new Set([
  'password.reset',
  'password.update',
  'email.verify',
  'email.change.confirm',
  'unsubscribe',
  'unsubscribe.store',
  'invitation.show',
  'invitation.accept',
  'sso.acs',
  'sso.metadata',
])

async function ownerFixtures(owner: User): Promise<Fixtures> {
  const ownerId = await teamId(OWNER_TEAM)
  const contract = await db
    .from('contracts')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .where('contracts.team_id', ownerId)
    .where('providers.provider_type', 'market_data')
    .select('contracts.id', 'providers.id as provider_id', 'providers.provider_key')
    .orderBy('contracts.id')
    .firstOrFail()
  const collection = await db
    .from('data_collections')
    .where({ team_id: ownerId, status: 'open', kind: 'market_data' })
    .select('id')
    .firstOrFail()
  const submission = await db
    .from('data_collection_submissions')
    .where('team_id', ownerId)
    .select('id')
    .firstOrFail()
  await drive.use().put(`${SUBMISSIONS_PREFIX}/matrix-submission.xlsx`, 'workbook')
  await db
    .from('data_collection_submissions')
    .where('id', submission.id)
    .update({ stored_file_name: 'matrix-submission.xlsx' })
  const scenario = await saveScenario({
    teamId: ownerId,
    providerId: contract.provider_id,
    userId: owner.id,
    name: 'Owner scenario',
    values: {},
  })
  await drive.use().put('contracts/matrix-document.pdf', '%PDF-1.4 matrix')
  const documentId = await insertReturningId(db.connection(), 'contract_documents', {
    contract_id: contract.id,
    title: 'Signed order form',
    file_key: 'contracts/matrix-document.pdf',
    original_name: 'order-form.pdf',
    file_size: 15,
    uploaded_by: null,
    created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  })
  // Research Spend Analytics for the owner too: an acknowledged outlier it may reopen.
  const modules = await db
    .from('team_modules')
    .join('modules', 'modules.id', 'team_modules.module_id')
    .where('team_modules.team_id', ownerId)
    .select('modules.internal_name')
  await setTeamModules(ownerId, [
    ...modules.map((row) => row.internal_name as string),
    MODULES.rsaBudgets,
    MODULES.trendingThemes,
    MODULES.insightsReports,
  ])
  const acknowledgementId = await insertReturningId(
    db.connection(),
    'rsa_outlier_acknowledgements',
    {
      team_id: ownerId,
      year: 2024,
      rule: 'budget_overrun',
      subject: 'budget',
      note: 'Top-up approved by the committee.',
      acknowledged_by_id: owner.id,
      acknowledged_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
    }
  )
  await drive.use().put('rsa/snapshots/matrix-snapshot.pdf', '%PDF-1.4 snapshot')
  const currency = await db.from('currencies').where('code', 'CHF').select('id').firstOrFail()
  const snapshotId = await insertReturningId(db.connection(), 'rsa_snapshots', {
    team_id: ownerId,
    year: 2024,
    generated_by_id: owner.id,
    currency_id: currency.id,
    payload: '{}',
    stored_file_name: 'rsa/snapshots/matrix-snapshot.pdf',
    file_size: 17,
    generated_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  })
  // Research spend data collection: an open collection and a submission with its file.
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
  const rsaCollectionId = await insertReturningId(db.connection(), 'data_collections', {
    team_id: ownerId,
    name: 'Research spend 2025',
    status: 'open',
    kind: 'rsa',
    year: 2025,
    created_at: now,
  })
  await drive.use().put(`${SUBMISSIONS_PREFIX}/matrix-rsa-submission.xlsx`, 'workbook')
  const rsaSubmissionId = await insertReturningId(db.connection(), 'data_collection_submissions', {
    data_collection_id: rsaCollectionId,
    team_id: ownerId,
    original_file_name: 'research-spend.xlsx',
    stored_file_name: 'matrix-rsa-submission.xlsx',
    delivery_date: '2025-11-20',
    status: 'submitted',
    created_at: now,
  })
  // A subscribers-only research document of a provider the owner's team is entitled to.
  const researcher = await researchProvider('Matrix Research', 'independent')
  await entitle({ id: ownerId }, researcher)
  const group = await themeGroup('Matrix')
  const theme = await researchTheme('Matrix theme', group)
  const research = await researchDocument({
    provider: researcher,
    title: 'For subscribers only',
    publishedAt: '2024-06-03T09:00:00Z',
    themes: [theme],
    entitlement: 'paid_provider_only',
  })
  // An insights report published to the owner's team only, with its PDF.
  const insightsReportId = await makeReport({
    title: 'For Helvetia only',
    access: 'selected_teams',
    teamIds: [ownerId],
    withFile: true,
  })
  return {
    insightsReportId,
    researchDocumentId: research.id,
    providerKey: contract.provider_key,
    providerId: contract.provider_id,
    contractId: contract.id,
    collectionId: collection.id,
    submissionId: submission.id,
    scenarioId: scenario.id,
    documentId,
    rsaCollectionId,
    rsaSubmissionId,
    acknowledgementId,
    snapshotId,
  }
}

async function call(
  client: ApiClient,
  method: string,
  target: { path: string; body?: Record<string, unknown> },
  user: User
) {
  const request =
    method === 'POST'
      ? client
          .post(target.path)
          .withCsrfToken()
          .json(target.body ?? {})
      : client.get(target.path)
  return request.loginAs(user).header('accept', 'application/json').redirects(0)
}

test.group('Authorization matrix: another team’s records', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.timeout(120_000)

  test('every client route with a record id is covered', ({ assert }) => {
    const uncovered = Object.values(router.toJSON())
      .flat()
      .filter(
        (route) => !route.pattern.startsWith('/admin') && !route.pattern.startsWith('/api/admin')
      )
      .filter((route) => {
        const params = [...route.pattern.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1])
        return params.some((param) => !SHARED_PARAMS.has(param))
      })
      .filter((route) => !SIGNED_OR_PROVIDER_ROUTES.has(route.name ?? ''))
      .filter((route) => !PUBLISHED_RECORD_ROUTES.has(route.name ?? ''))
      .filter((route) => !TEAM_RECORD_ROUTES[route.name ?? ''])
      .map((route) => `${route.methods.join('|')} ${route.pattern} (${route.name})`)
    assert.deepEqual(uncovered, [])
  })

  test('the owner reaches each record; a client of another team with every module gets nothing', async ({
    client,
    assert,
  }) => {
    const owner = await demoAnalystIn(OWNER_TEAM)
    const fixtures = await ownerFixtures(owner)
    const outsiderTeam = await makeTeam({ modules: ALL_MODULES })
    const outsider = await makeUser({ teams: [outsiderTeam] })

    const routes = Object.values(router.toJSON()).flat()
    const failures: string[] = []
    for (const [name, target] of Object.entries(TEAM_RECORD_ROUTES)) {
      const route = routes.find((entry) => entry.name === name)
      if (!route) {
        failures.push(`${name}: no such route`)
        continue
      }
      const method = route.methods.includes('POST') ? 'POST' : 'GET'
      const url = target(fixtures)

      const asOutsider = await call(client, method, url, outsider)
      if (![403, 404].includes(asOutsider.status())) {
        failures.push(`${method} ${url.path} as another team: got ${asOutsider.status()}`)
      }
      const asOwner = await call(client, method, url, owner)
      if (asOwner.status() >= 400) {
        failures.push(`${method} ${url.path} as the owner: got ${asOwner.status()}`)
      }
    }
    assert.deepEqual(failures, [])
  })
})
