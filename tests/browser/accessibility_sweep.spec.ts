import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Browser, Page } from 'playwright'
import { DateTime } from 'luxon'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { enableTwoFactorFor } from '#tests/helpers/two_factor'
import { teamId } from '#tests/helpers/market_data'
import { analyst as makeAnalyst, sectorIds } from '#tests/helpers/providers'
import { researchDocument, researchTheme, themeGroup } from '#tests/helpers/research'
import { makeRequest } from '#tests/helpers/research_requests'
import { makeReport } from '#tests/helpers/insights_reports'
import { emailVerificationUrl, passwordResetUrl, unsubscribeUrl } from '#services/auth/signed_links'
import { invitationUrl } from '#services/accounts/invitations'
import { DIGEST_SUBSCRIPTION } from '#services/research/digest'
import { AxeBuilder } from '@axe-core/playwright'

/**
 * Every page of the product, found in the router: each GET route is either visited here or
 * left out below with its reason, so a new page is swept without anyone adding it.
 */
const NOT_PAGES: Record<string, string> = {
  'health.live': 'load balancer probe, answers JSON',
  'password.rotate':
    'shown only while the password has expired; otherwise a redirect to the dashboard',
  'twoFactor.required':
    'shown only while a team requires two-factor authentication the user has not set up; otherwise a redirect',
  'health.ready': 'load balancer probe, answers JSON',
  'providerLogo': 'provider logo image',
  'rsaAdminProviders.logo': 'provider logo image',
  'adminMdProviderLogo': 'provider logo image',
  'rsaImports.template': 'import template workbook download',
  'rsaImports.file': 'uploaded import file download',
  'rsaDataCollectionSubmissions.file': 'submitted workbook download',
  'providersAdmin.analysts.search': 'analyst search, answers JSON to the admin page',
  'providersAdmin.import.template': 'import template workbook download',
  'providersExport': 'league table CSV export',
  'adminInsightsReports.file': 'report PDF',
  'rsaBudgetsExport': 'budget workbook export',
  'rsaMarketTrendsReport.file': 'market trends report PDF',
  'rsaSnapshot.file': 'snapshot PDF',
  'rsaDataCollection.template': 'data collection workbook download',
  'rsaDataCollection.submissionFile': 'submitted workbook download',
  'researchDocumentFile': 'research document PDF',
  'researchDocumentsAdmin.file': 'research document PDF, for administrators',
  'researchDocumentsAdmin.exports.download': 'bulk download ZIP',
  'researchDocumentImports.template': 'bulk import column template download',
  'researchDocumentImports.show':
    'the demo holds no bulk import; research_document_imports.spec.ts uploads one and checks its pages with axe',
  'researchDocumentsAdmin.processing':
    'the processing state of a document, answers JSON to its edit page',
  'insightsReports.file': 'report PDF shown inside the report page',
  'insightsReports.download': 'report PDF download',
  'marketDataTemplates.template': 'data collection workbook download',
  'marketDataTemplates.submissionFile': 'submitted workbook download',
  'scenarios.export': 'scenario workbook export',
  'marketDataDocument': 'contract document download',
  'marketDataExport': 'benchmark workbook export',
  'alternativeDataExport': 'alternative data workbook export',
  'adminMdContractDocuments.download': 'contract document download',
  'adminMdUniverse.workbook': 'universe workbook download',
  'sso.metadata': 'SAML metadata XML',
  'AlternativeData': "goes on to the first provider's page, swept as alternativeDataProvider",
  'rsaImports.show':
    'the demo holds no import awaiting review; rsa_admin_imports.spec.ts uploads one and checks its review page with axe',
}

/** Sign-in pages, seen signed out. Signed links are opened signed out too, as from a mail. */
const GUEST_PAGES = new Set(['login', 'password.forgot', 'register', 'twoFactor.challenge'])
const SIGNED_LINKS = new Set([
  'password.reset',
  'invitation.show',
  'email.verify',
  'email.change.confirm',
  'unsubscribe',
])
/** Pages of modules the first demo team does not hold: seen by a member of Helvetia. */
const HELVETIA_PREFIXES = ['/alternative-data', '/market-data/templates']

/** Pages checked at 1024 px as well: one of each layout, and the widest tables and charts. */
const NARROW = new Set([
  'login',
  'dashboard',
  'RSABudgets',
  'ProviderPage',
  'marketDataProvider',
  'alternativeDataProvider',
  'adminHome',
  'editMarketDataProvider',
])

type Persona = 'client' | 'helvetia' | 'admin' | 'guest'
interface Visit {
  name: string
  persona: Persona
  path: string
}

const TITLE = /^\S.* - Spendlens$/

/**
 * Serious and critical axe findings (WCAG 2 A and AA), as "rule (n nodes) — first target". The
 * shell's flash toast is left out, as in the other browser tests.
 */
async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.nodes.length} nodes) — ${violation.nodes[0]?.target.join(' ')}`
    )
}

/** The demo universe, the personas and the path of every page to sweep. */
async function prepare() {
  await db.transaction((trx) => seedDemoUniverse(trx))
  const northbridge = await teamId('Northbridge Asset Management')
  const helvetia = await teamId('Helvetia Capital Partners')

  const analyst = await User.findByOrFail('email', 'analyst@example.com')
  analyst.currentTeamId = northbridge
  analyst.shouldShowMainNavUserTour = false
  await analyst.save()
  const admin = await User.findByOrFail('email', 'admin@example.com')
  admin.shouldShowMainNavUserTour = false
  await admin.save()
  const helvetiaMember = await makeUser({ teams: [{ name: 'Helvetia Capital Partners' }] })
  const withTwoFactor = await makeUser({ teams: [{ name: 'Pacific Crest Investors' }] })
  await enableTwoFactorFor(withTwoFactor)

  const contract = await db
    .from('contracts')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .where({ 'contracts.team_id': northbridge, 'providers.provider_key': 'bloomberg' })
    .orderBy('contracts.end_date', 'desc')
    .select('contracts.id', 'providers.id as providerId')
    .firstOrFail()
  const scenarios = await db
    .from('scenarios')
    .where({ team_id: northbridge, provider_id: contract.providerId })
    .orderBy('id')
    .select('id')
  if (scenarios.length < 2) throw new Error('The demo holds two Bloomberg scenarios to compare')
  const alternative = await db
    .from('contracts')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .where({ 'contracts.team_id': helvetia, 'providers.provider_type': 'alternative_data' })
    .select('providers.provider_key')
    .firstOrFail()
  // The demo universe leaves out research documents, analysts and insights reports (their
  // full demo takes minutes): a few of each, written as their own tests write them.
  const researchProvider = await db
    .from('providers')
    .where('provider_type', 'research')
    .orderBy('name')
    .select('id', 'provider_key')
    .firstOrFail()
  const sectors = await sectorIds()
  for (const [index, name] of ['Dana Whitfield', 'Omar Haddad', 'Lena Brandt'].entries()) {
    await makeAnalyst({
      name,
      provider: researchProvider,
      startYear: 2012 + index,
      coverage: [{ year: 2024, sectorId: Object.values(sectors)[index], region: 'EU' }],
    })
  }
  const group = await themeGroup('Monetary policy')
  const theme = await researchTheme('Rate cuts', group)
  const document = await researchDocument({
    provider: researchProvider,
    title: 'Rate cuts and the euro curve',
    publishedAt: DateTime.utc().minus({ days: 3 }).toISODate(),
    themes: [theme],
  })
  const reportId = await makeReport({ title: 'Research budgets 2027', withFile: true })
  const researchRequest = await makeRequest({
    team: { id: northbridge },
    user: analyst,
    topic: 'Rate cuts and the euro curve',
    status: 'in_progress',
    neededBy: DateTime.utc().plus({ days: 10 }).toISODate()!,
    createdAt: DateTime.utc().minus({ days: 2 }).toISO()!,
  })
  const rateCard = await db.from('rate_cards').select('id').orderBy('id').firstOrFail()
  const invitation = await db
    .from('team_invitations')
    .where('team_id', northbridge)
    .orderBy('expires_at', 'desc')
    .select('id', 'nonce', 'email')
    .firstOrFail()
  const local = (url: string) => {
    const parsed = new URL(url)
    return parsed.pathname + parsed.search
  }

  /** Parameters of the routes taking any, from the seeded data. */
  const withParams: Record<string, () => string | Promise<string>> = {
    'password.reset': () => local(passwordResetUrl(withTwoFactor)),
    'invitation.show': () => local(invitationUrl(invitation)),
    'email.verify': () => local(emailVerificationUrl(helvetiaMember)),
    // The confirmation link of an address change already made: the page explaining why.
    'email.change.confirm': () => `/email/change/${analyst.id}`,
    'unsubscribe': () => local(unsubscribeUrl(analyst, DIGEST_SUBSCRIPTION)),
    'ProviderPage': () => `/providers/${researchProvider.provider_key}`,
    'adminInsightsReports.show': () => `/admin/insights-reports/${reportId}`,
    // A request in progress, with the answer form's document search showing results.
    'researchRequestsAdmin.show': () =>
      `/admin/research-discovery/requests/${researchRequest}?q=rate`,
    'editResearchDocument': () => `/admin/research-discovery/documents/${document.id}/edit`,
    'singleInsightsReport': () => `/insights-reports/${reportId}`,
    'readArticlePdf': () => `/research-discovery/research/${document.id}`,
    'scenarios.index': () => '/market-data/bloomberg/scenarios',
    'scenarios.compare': () =>
      `/market-data/bloomberg/scenarios/compare?left=${scenarios[0].id}&right=${scenarios[1].id}`,
    'marketDataProposals': () => '/market-data/bloomberg/proposals',
    'marketDataRateCard': () => '/market-data/bloomberg/rate-card',
    'scenarioAnalysis': () => '/market-data/bloomberg/scenario-analysis',
    'marketDataProvider': () => `/market-data/bloomberg?contract=${contract.id}`,
    'alternativeDataProvider': () => `/alternative-data/${alternative.provider_key}`,
    'editMarketDataTeam': () => `/admin/market-data/teams/${northbridge}`,
    'editMarketDataProvider': () =>
      `/admin/market-data/teams/${northbridge}/providers/bloomberg?contract=${contract.id}`,
    'adminMdProviderClassification': () => '/admin/market-data/providers/bloomberg/classification',
    'adminMdProposals': () =>
      `/admin/market-data/teams/${northbridge}/providers/bloomberg/proposals`,
    'uploadContract': () => `/admin/market-data/contracts/${contract.id}/documents`,
    'editMdRateCard': () => `/admin/market-data/rate-cards/${rateCard.id}/edit`,
    'updateRegressions': () => '/admin/market-data/providers/bloomberg/regressions',
    'teamProfile': () => `/admin/account-management/teams/${northbridge}`,
    'userProfile': () => `/admin/account-management/users/${analyst.id}`,
  }

  const routes = Object.values(router.toJSON())
    .flat()
    .filter((route) => route.methods.includes('GET') && !route.pattern.startsWith('/api/'))
  const unaccounted: string[] = []
  const visits: Visit[] = []
  for (const route of routes) {
    const name = route.name ?? route.pattern
    if (NOT_PAGES[name]) continue
    const hasParams = route.pattern.includes(':')
    if (hasParams && !withParams[name]) {
      unaccounted.push(`${route.pattern} (${name}): parameters not resolved, nor left out`)
      continue
    }
    const path = hasParams ? await withParams[name]() : route.pattern
    const persona: Persona =
      GUEST_PAGES.has(name) || SIGNED_LINKS.has(name)
        ? 'guest'
        : route.pattern.startsWith('/admin')
          ? 'admin'
          : HELVETIA_PREFIXES.some((prefix) => route.pattern.startsWith(prefix))
            ? 'helvetia'
            : 'client'
    visits.push({ name, persona, path })
  }
  const stale = Object.keys(NOT_PAGES).filter((name) => !routes.some((r) => r.name === name))
  const users: Record<Exclude<Persona, 'guest'>, User> = {
    client: analyst,
    helvetia: helvetiaMember,
    admin,
  }
  return { visits, unaccounted, stale, users, withTwoFactor }
}

type World = Awaited<ReturnType<typeof prepare>>

/** Opens each page of one persona; returns what is wrong with them. */
async function sweep(
  browser: Browser,
  world: World,
  persona: Persona,
  part: (path: string) => boolean
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  if (persona !== 'guest') await context.loginAs(world.users[persona])
  const page = await context.newPage()
  const base = process.env.APP_URL ?? `http://localhost:${process.env.PORT}`

  /** The two-factor challenge is reached half-way through signing in. */
  const arrive = async (visit: Visit) => {
    let status = 200
    if (visit.name === 'twoFactor.challenge') {
      await context.clearCookies()
      await page.goto(`${base}/login`)
      await page.getByLabel('Email address').fill(world.withTwoFactor.email)
      await page.getByLabel('Password').fill(TEST_PASSWORD)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/two-factor-challenge')
    } else {
      const response = await page.goto(`${base}${visit.path}`)
      status = response?.status() ?? 0
    }
    await page.waitForLoadState('networkidle')
    return status
  }

  const problems: string[] = []
  const mine = world.visits.filter((visit) => visit.persona === persona && part(visit.path))
  for (const visit of mine) {
    const status = await arrive(visit)
    // The link of an address change already made answers "gone", with its explaining page.
    const expectedStatus = visit.name === 'email.change.confirm' ? 410 : 200
    if (status !== expectedStatus) problems.push(`${visit.path}: answered ${status}`)
    const landed = new URL(page.url()).pathname
    if (landed !== new URL(visit.path, base).pathname) {
      problems.push(`${visit.path}: sent on to ${landed}`)
      continue
    }
    const title = await page.title()
    if (!TITLE.test(title)) problems.push(`${visit.path}: title "${title}"`)
    const widths = NARROW.has(visit.name) ? [1440, 1024] : [1440]
    for (const width of widths) {
      if (width !== 1440) await page.setViewportSize({ width, height: 900 })
      for (const found of await axeFindings(page))
        problems.push(`${visit.path} @${width}: ${found}`)
      if (width !== 1440) await page.setViewportSize({ width: 1440, height: 900 })
    }
  }
  await context.close()
  return problems
}

const all = () => true
const clientAreas = (path: string) => ['/rsa', '/market-data'].some((area) => path.startsWith(area))
/** Each part stays well inside a test's time limit on a busy machine. */
const PARTS: [Persona, string, (path: string) => boolean][] = [
  ['client', 'a client of Northbridge: research spend and market data', clientAreas],
  ['client', 'a client of Northbridge: every other area', (path) => !clientAreas(path)],
  ['helvetia', 'a client of Helvetia (alternative data and market data templates)', all],
  ['admin', 'a super administrator', all],
  ['guest', 'a signed-out visitor (sign-in pages and links from mails)', all],
]

test.group('Accessibility sweep', (group) => {
  let world: World
  // One demo universe for the whole sweep, rolled back at its end.
  group.setup(async () => {
    await testUtils.db().withGlobalTransaction()
    world = await prepare()
    return () => db.rollbackGlobalTransaction()
  })
  group.each.timeout(600_000)

  test('every GET route is swept or left out with its reason', ({ assert }) => {
    assert.deepEqual(world.unaccounted, [], 'GET routes neither visited nor left out')
    assert.deepEqual(world.stale, [], 'left-out routes that no longer exist')
    assert.isAbove(world.visits.length, 60)
  })

  for (const [persona, label, part] of PARTS) {
    test(`pages of ${label} without serious axe findings and titled "Title - Spendlens"`, async ({
      browser,
      assert,
    }) => {
      assert.deepEqual(await sweep(browser, world, persona, part), [])
    })
  }
})
