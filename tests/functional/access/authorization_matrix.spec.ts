import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { ALL_MODULES, MODULES, type ModuleName } from '#shared/modules'
import { PERMISSIONS } from '#shared/permissions'

/**
 * Who may reach each route. Every registered route must be declared here: a new route
 * without a declaration fails the matrix until its access is decided.
 */
type Access =
  | { kind: 'public' } // signed links: anyone, never sent to sign in
  | { kind: 'guest' } // sign-in pages: signed-out visitors
  | { kind: 'auth' } // any signed-in user, with or without a team
  | { kind: 'team'; module?: ModuleName | ModuleName[]; manager?: boolean } // a team member (holding the module, or one of them; a manager of the team)
  | { kind: 'admin'; permission?: string | string[] } // an administrator (holding the permission, or one of them)

const pub = { kind: 'public' } as const
const guest = { kind: 'guest' } as const
const auth = { kind: 'auth' } as const
const team = (module?: ModuleName | ModuleName[]): Access => ({ kind: 'team', module })
const teamManager = (module?: ModuleName): Access => ({ kind: 'team', module, manager: true })
const admin = (permission?: string | string[]): Access => ({ kind: 'admin', permission })
const md = admin(PERMISSIONS.viewMarketData)

const ACCESS: Record<string, Access> = {
  // Health probes of a load balancer: no session, no sign-in.
  'health.live': pub,
  'health.ready': pub,
  'login': guest,
  'login.store': guest,
  'password.forgot': guest,
  'password.email': guest,
  'register': guest,
  'register.store': guest,
  'invitation.show': pub,
  'invitation.accept': pub,
  'twoFactor.challenge': guest,
  'twoFactor.challenge.store': guest,
  'password.reset': pub,
  'password.update': pub,
  'email.verify': pub,
  'email.change.confirm': pub,
  'unsubscribe': pub,
  'unsubscribe.store': pub,
  'logout': auth,
  'password.rotate': auth,
  'password.rotate.update': auth,
  'password.confirm': auth,
  'password.confirm.store': auth,
  'email.notice': auth,
  'email.resend': auth,
  'switchTeam': auth,
  'api.permissions': auth,
  'profile.show': auth,
  'profile.password.update': auth,
  'profile.update': auth,
  'profile.email.resend': auth,
  'profile.email.cancel': auth,
  'profile.subscriptions.update': auth,
  'profile.consent.accept': auth,
  'profile.sessions.logoutOthers': auth,
  'profile.destroy': auth,
  'twoFactor.enable': auth,
  'twoFactor.confirm': auth,
  'twoFactor.required': auth,
  'twoFactor.recoveryCodes': auth,
  'twoFactor.disable': auth,
  'api.feedback': auth,
  'api.analytics': auth,
  'api.tour.show': auth,
  'api.tour.store': auth,
  'dashboard': team(),
  'api.currencies': team(),
  'api.currencies.select': team(),
  'providerLogo': team(),
  'api.insightsReports.unread': team(),
  'api.marketData.activeProviders': team(MODULES.marketDataContracts),
  'api.marketData.inactiveProviders': team(MODULES.marketDataContracts),
  'api.marketData.benchmarks.activeUpcoming': team(MODULES.marketDataContracts),
  'api.marketData.benchmarks.contract': team(MODULES.marketDataContracts),
  'api.marketData.productCategories': team(MODULES.marketDataContracts),
  'api.marketData.contracts': team(MODULES.marketDataContracts),
  'RSABudgets': team(MODULES.rsaBudgets),
  // The summary dashboard: research spend or market data contracts.
  'summary': team([MODULES.rsaBudgets, MODULES.marketDataContracts]),
  'api.dashboard.summary': team([MODULES.rsaBudgets, MODULES.marketDataContracts]),
  'api.dashboard.summary.filters': team([MODULES.rsaBudgets, MODULES.marketDataContracts]),
  'api.dashboard.summary.priorities': team([MODULES.rsaBudgets, MODULES.marketDataContracts]),
  // Its facet dictionaries: administrators of research spend or of market data.
  'adminSummaryFacets': admin([PERMISSIONS.viewResearchSpendAnalytics, PERMISSIONS.viewMarketData]),
  'adminSummaryFacets.update': admin([
    PERMISSIONS.viewResearchSpendAnalytics,
    PERMISSIONS.viewMarketData,
  ]),
  'rsaBudgetsExport': team(MODULES.rsaBudgets),
  'api.rsa.budgets': team(MODULES.rsaBudgets),
  'RSAOutliers': team(MODULES.rsaBudgets),
  'rsaOutliers.acknowledge': team(MODULES.rsaBudgets),
  'rsaOutliers.reopen': team(MODULES.rsaBudgets),
  'rsaPeerInteractions': team(MODULES.rsaBudgets),
  'RSAPeerGroup': team(MODULES.rsaBudgets),
  'RSABenchmarkRateCard': team(MODULES.rsaBudgets),
  'RSAMarketTrendsReport': team(MODULES.rsaBudgets),
  'rsaMarketTrendsReport.file': team(MODULES.rsaBudgets),
  'rsaSnapshot': team(MODULES.rsaBudgets),
  'rsaSnapshot.store': team(MODULES.rsaBudgets),
  'rsaSnapshot.file': team(MODULES.rsaBudgets),
  'rsaDataCollection': team(MODULES.rsaBudgets),
  'rsaDataCollection.template': team(MODULES.rsaBudgets),
  'rsaDataCollection.upload': team(MODULES.rsaBudgets),
  'rsaDataCollection.submissionFile': team(MODULES.rsaBudgets),
  'trendingThemes': team(MODULES.trendingThemes),
  'allThemes': team(MODULES.trendingThemes),
  'myThemes': team(MODULES.trendingThemes),
  'allResearch': team(MODULES.trendingThemes),
  'userResearch': team(MODULES.trendingThemes),
  'readArticlePdf': team(MODULES.trendingThemes),
  'researchDocumentFile': team(MODULES.trendingThemes),
  'researchRequests': team(MODULES.trendingThemes),
  'researchRequests.store': team(MODULES.trendingThemes),
  'api.trendingThemes': team(MODULES.trendingThemes),
  'api.trendingThemes.movements': team(MODULES.trendingThemes),
  'api.trendingThemes.providers': team(MODULES.trendingThemes),
  'api.trendingThemes.allThemeGroups': team(MODULES.trendingThemes),
  'api.trendingThemes.userThemeGroups': team(MODULES.trendingThemes),
  'api.trendingThemes.researchDocuments': team(MODULES.trendingThemes),
  'api.trendingThemes.userResearchDocuments': team(MODULES.trendingThemes),
  'api.trendingThemes.bookmark': team(MODULES.trendingThemes),
  'api.trendingThemes.bookmark.destroy': team(MODULES.trendingThemes),
  'api.trendingThemes.star': team(MODULES.trendingThemes),
  'api.trendingThemes.star.destroy': team(MODULES.trendingThemes),
  'marketDataTemplates': team(MODULES.marketDataDataCollection),
  'marketDataTemplates.template': team(MODULES.marketDataDataCollection),
  'marketDataTemplates.upload': team(MODULES.marketDataDataCollection),
  'marketDataTemplates.submissionFile': team(MODULES.marketDataDataCollection),
  'marketData': team(MODULES.marketDataContracts),
  'scenarios.index': team(MODULES.marketDataContracts),
  'scenarios.store': team(MODULES.marketDataContracts),
  'scenarios.update': team(MODULES.marketDataContracts),
  'scenarios.compare': team(MODULES.marketDataContracts),
  'scenarios.export': team(MODULES.marketDataContracts),
  'marketDataDocument': team(MODULES.marketDataContracts),
  'marketDataProposals': team(MODULES.marketDataContracts),
  'marketDataRateCard': team(MODULES.marketDataRateCard),
  'marketDataExport': team(MODULES.marketDataContracts),
  'scenarioAnalysis': team(MODULES.marketDataContracts),
  'marketDataProvider': team(MODULES.marketDataContracts),
  'AlternativeData': team(MODULES.alternativeData),
  'alternativeDataProvider': team(MODULES.alternativeData),
  'alternativeDataExport': team(MODULES.alternativeData),
  'insightsReports': team(MODULES.insightsReports),
  'singleInsightsReport': team(MODULES.insightsReports),
  'insightsReports.file': team(MODULES.insightsReports),
  'insightsReports.download': team(MODULES.insightsReports),
  'ProviderLeagueTable': team(MODULES.analystMapping),
  'providersExport': team(MODULES.analystMapping),
  'ProviderPage': team(MODULES.analystMapping),
  'api.providers': team(MODULES.analystMapping),
  'api.providers.providerTypes': team(MODULES.analystMapping),
  'api.providers.mapped': team(MODULES.analystMapping),
  'api.providers.sectors': team(MODULES.analystMapping),
  'api.providers.regions': team(MODULES.analystMapping),
  'api.providers.contextInfo': team(MODULES.analystMapping),
  'api.providers.sectorBreakdown': team(MODULES.analystMapping),
  'api.providers.headcountGained': team(MODULES.analystMapping),
  'api.providers.headcountLost': team(MODULES.analystMapping),
  'api.providers.experienceGained': team(MODULES.analystMapping),
  'api.providers.experienceLost': team(MODULES.analystMapping),
  'api.marketData.contextInfo': team(),
  'SsoManagement': team(MODULES.ssoManagement),
  'sso.config.update': teamManager(MODULES.ssoManagement),
  'sso.config.confirm': teamManager(MODULES.ssoManagement),
  'sso.config.discard': teamManager(MODULES.ssoManagement),
  'sso.config.toggle': teamManager(MODULES.ssoManagement),
  'sso.start': guest,
  'sso.acs': pub,
  'sso.metadata': pub,
  'adminHome': admin(),
  'adminSecurityLog': admin(PERMISSIONS.viewAccounts),
  'adminFeedback': admin(PERMISSIONS.viewFeedback),
  'adminBackgroundJobs': admin(),
  'adminBackgroundJobs.runAgain': admin(),
  'rsaAdminOverview': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaBudgetUpload': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaClientInteractionsUpload': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaPeerInteractionsUpload': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.template': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.store': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.show': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.file': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.commit': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.revert': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.discard': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaImports.aliases': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaAdminProviders': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaAdminProviders.audit': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaAdminProviders.logo': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaAdminProviders.store': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaAdminProviders.update': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaAdminProviders.merge': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaAdminProviders.uploadLogo': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollections': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollections.open': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollections.close': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollections.reschedule': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollectionSubmissions': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollectionSubmissions.file': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollectionSubmissions.status': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'rsaDataCollectionSubmissions.apply': admin(PERMISSIONS.viewResearchSpendAnalytics),
  'providersAdmin': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.analysts.search': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.analysts.store': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.analysts.update': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.audit': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.moves': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.moves.store': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.moves.update': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.moves.destroy': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.import': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.import.template': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.import.store': admin(PERMISSIONS.viewResearchProviders),
  'providersAdmin.dataQuality': admin(PERMISSIONS.viewResearchProviders),
  // Research discovery administration: the weekly theme ranking.
  'themeRanking': admin(PERMISSIONS.viewResearchDiscovery),
  'themeRanking.overrides.store': admin(PERMISSIONS.viewResearchDiscovery),
  'themeRanking.overrides.destroy': admin(PERMISSIONS.viewResearchDiscovery),
  'themeRanking.publish': admin(PERMISSIONS.viewResearchDiscovery),
  // Research discovery administration: the theme groups and themes.
  'themeManagement': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.groups.store': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.groups.rename': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.groups.move': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.groups.reorder': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.store': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.rename': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.synonyms.store': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.synonyms.destroy': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.merge': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.retire': admin(PERMISSIONS.viewResearchDiscovery),
  'themeManagement.restore': admin(PERMISSIONS.viewResearchDiscovery),
  // Research discovery administration: the analytics tabs.
  'researchDiscoveryAnalytics': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDiscoveryAnalytics.trends': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDiscoveryAnalytics.users': admin(PERMISSIONS.viewResearchDiscovery),
  'adminInsightsReports': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.create': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.store': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.checkFile': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.taxonomy': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.taxonomy.store': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.taxonomy.update': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.taxonomy.destroy': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.show': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.update': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.file': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.replace': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.withdraw': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.republish': admin(PERMISSIONS.viewInsightsReport),
  'adminInsightsReports.notify': admin(PERMISSIONS.viewInsightsReport),
  // Research discovery administration: the documents.
  'researchDocumentsAdmin': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.store': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.bulk': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.processing': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.file': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.retry': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.update': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.exports.store': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentsAdmin.exports.download': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentImports': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentImports.template': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentImports.store': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentImports.show': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentImports.check': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentImports.commit': admin(PERMISSIONS.viewResearchDiscovery),
  'researchDocumentImports.discard': admin(PERMISSIONS.viewResearchDiscovery),
  'newResearchDocument': admin(PERMISSIONS.viewResearchDiscovery),
  'editResearchDocument': admin(PERMISSIONS.viewResearchDiscovery),
  // Research discovery administration: the client research requests.
  'researchRequestsAdmin': admin(PERMISSIONS.viewResearchDiscovery),
  'researchRequestsAdmin.show': admin(PERMISSIONS.viewResearchDiscovery),
  'researchRequestsAdmin.assign': admin(PERMISSIONS.viewResearchDiscovery),
  'researchRequestsAdmin.status': admin(PERMISSIONS.viewResearchDiscovery),
  'researchRequestsAdmin.answer': admin(PERMISSIONS.viewResearchDiscovery),
  'accountManagement': admin(PERMISSIONS.viewAccounts),
}

const accounts = admin(PERMISSIONS.viewAccounts)

/**
 * Every market data administration page and call needs the market data permission; every
 * account management page and action needs the accounts permission.
 */
function declared(name: string, pattern: string): Access | undefined {
  if (ACCESS[name]) return ACCESS[name]
  if (pattern.startsWith('/admin/account-management')) return accounts
  if (pattern.startsWith('/admin/market-data') || pattern.startsWith('/api/admin/market-data')) {
    return md
  }
  return undefined
}

/** A member of the team with the team role 'manager'. */
async function teamManagerOf(managed: { id: number; name: string }) {
  const user = await makeUser({ teams: [managed] })
  await db
    .from('team_user')
    .where({ team_id: managed.id, user_id: user.id })
    .update({ role: 'manager' })
  return user
}

interface Persona {
  name: string
  user: User | null
  modules: ModuleName[] | null
  permissions: string[] | null
  teamRole?: 'manager'
}

function expectedAllowed(access: Access, persona: Persona) {
  switch (access.kind) {
    case 'public':
    case 'guest':
      return true
    case 'auth':
      return persona.user !== null
    case 'team':
      return (
        persona.modules !== null &&
        (!access.module ||
          [access.module].flat().some((name) => persona.modules!.includes(name))) &&
        (!access.manager || persona.teamRole === 'manager')
      )
    case 'admin':
      return (
        persona.permissions !== null &&
        (!access.permission ||
          [access.permission].flat().some((name) => persona.permissions!.includes(name)))
      )
  }
}

function url(pattern: string) {
  return (
    pattern
      .replace(/:provider_key|:providerKey/g, 'bloomberg')
      // Insights report categories and tags: the route matches only these two words.
      .replace('/insights-reports/:kind', '/insights-reports/categories')
      .replace(/:[A-Za-z_]+/g, '1')
  )
}

async function call(client: ApiClient, method: string, path: string, user: User | null) {
  const request = method === 'POST' ? client.post(path).withCsrfToken().json({}) : client.get(path)
  if (user) request.loginAs(user)
  return request.header('accept', 'application/json').redirects(0)
}

test.group('Authorization matrix', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.timeout(120_000)

  test('every registered route has a declared access rule', ({ assert }) => {
    const routes = Object.values(router.toJSON()).flat()
    const undeclared = routes
      .filter((route) => !declared(route.name ?? '', route.pattern))
      .map((route) => `${route.methods.join('|')} ${route.pattern} (${route.name ?? 'unnamed'})`)
    assert.deepEqual(undeclared, [])
    const stale = Object.keys(ACCESS).filter((name) => !routes.some((route) => route.name === name))
    assert.deepEqual(stale, [], 'declared routes that no longer exist')
  })

  test('each persona gets its expected outcome on every route', async ({ client, assert }) => {
    const outsiderTeam = await makeTeam({ modules: [] })
    const memberTeam = await makeTeam({ modules: ALL_MODULES })
    const personas: Persona[] = [
      { name: 'anonymous', user: null, modules: null, permissions: null },
      {
        name: 'client without modules',
        user: await makeUser({ teams: [outsiderTeam] }),
        modules: [],
        permissions: null,
      },
      {
        name: 'client with every module',
        user: await makeUser({ teams: [memberTeam] }),
        modules: ALL_MODULES,
        permissions: null,
      },
      {
        name: 'team manager with every module',
        user: await teamManagerOf(memberTeam),
        modules: ALL_MODULES,
        permissions: null,
        teamRole: 'manager',
      },
      {
        name: 'administrator without market data',
        user: await makeUser({ isAdministrator: true, roles: ['Client services'] }),
        modules: null,
        permissions: [
          PERMISSIONS.viewAccounts,
          PERMISSIONS.viewInsightsReport,
          PERMISSIONS.viewFeedback,
        ],
      },
      {
        name: 'super administrator',
        user: await makeUser({ isAdministrator: true, roles: ['Super administrator'] }),
        modules: null,
        permissions: Object.values(PERMISSIONS),
      },
    ]

    const routes = Object.values(router.toJSON())
      .flat()
      // Signing out ends the persona's session for the following requests: checked last.
      .sort((a, b) => Number(a.name === 'logout') - Number(b.name === 'logout'))
    const failures: string[] = []
    for (const route of routes) {
      const access = declared(route.name ?? '', route.pattern)!
      const method = route.methods.includes('POST') ? 'POST' : 'GET'
      for (const persona of personas) {
        const response = await call(client, method, url(route.pattern), persona.user)
        const status = response.status()
        const location = response.header('location') ?? ''
        // Sign-in pages, signed links and signing out lead to /login by design; elsewhere
        // being sent to sign in (or, without a team, to Admin Home) is a refusal.
        const redirectsAreFlow =
          access.kind === 'public' || access.kind === 'guest' || route.name === 'logout'
        const redirected = status >= 300 && status < 400
        const refused =
          status === 401 ||
          status === 403 ||
          (!redirectsAreFlow &&
            redirected &&
            (location.startsWith('/login') || location.startsWith('/admin/welcome')))
        const allowed = expectedAllowed(access, persona)
        if (allowed === refused) {
          failures.push(
            `${method} ${route.pattern} as ${persona.name}: expected ${allowed ? 'access' : 'refusal'}, got ${status} ${location}`
          )
        }
      }
    }
    assert.deepEqual(failures, [])
  })
})
