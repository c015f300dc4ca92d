/* eslint-disable prettier/prettier */
import type { AdonisEndpoint } from '@tuyau/core/types'
import type { Registry } from './schema.d.ts'
import type { ApiDefinition } from './tree.d.ts'

const placeholder: any = {}

const routes = {
  'login': {
    methods: ["GET","HEAD"],
    pattern: '/login',
    tokens: [{"old":"/login","type":0,"val":"login","end":""}],
    types: placeholder as Registry['login']['types'],
  },
  'login.store': {
    methods: ["POST"],
    pattern: '/login',
    tokens: [{"old":"/login","type":0,"val":"login","end":""}],
    types: placeholder as Registry['login.store']['types'],
  },
  'password.forgot': {
    methods: ["GET","HEAD"],
    pattern: '/forgot-password',
    tokens: [{"old":"/forgot-password","type":0,"val":"forgot-password","end":""}],
    types: placeholder as Registry['password.forgot']['types'],
  },
  'password.email': {
    methods: ["POST"],
    pattern: '/forgot-password',
    tokens: [{"old":"/forgot-password","type":0,"val":"forgot-password","end":""}],
    types: placeholder as Registry['password.email']['types'],
  },
  'password.reset': {
    methods: ["GET","HEAD"],
    pattern: '/reset-password/:id',
    tokens: [{"old":"/reset-password/:id","type":0,"val":"reset-password","end":""},{"old":"/reset-password/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['password.reset']['types'],
  },
  'password.update': {
    methods: ["POST"],
    pattern: '/reset-password/:id',
    tokens: [{"old":"/reset-password/:id","type":0,"val":"reset-password","end":""},{"old":"/reset-password/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['password.update']['types'],
  },
  'email.verify': {
    methods: ["GET","HEAD"],
    pattern: '/email/verify/:id',
    tokens: [{"old":"/email/verify/:id","type":0,"val":"email","end":""},{"old":"/email/verify/:id","type":0,"val":"verify","end":""},{"old":"/email/verify/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['email.verify']['types'],
  },
  'unsubscribe': {
    methods: ["GET","HEAD"],
    pattern: '/unsubscribe/:id',
    tokens: [{"old":"/unsubscribe/:id","type":0,"val":"unsubscribe","end":""},{"old":"/unsubscribe/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['unsubscribe']['types'],
  },
  'unsubscribe.store': {
    methods: ["POST"],
    pattern: '/unsubscribe/:id',
    tokens: [{"old":"/unsubscribe/:id","type":0,"val":"unsubscribe","end":""},{"old":"/unsubscribe/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['unsubscribe.store']['types'],
  },
  'logout': {
    methods: ["POST"],
    pattern: '/logout',
    tokens: [{"old":"/logout","type":0,"val":"logout","end":""}],
    types: placeholder as Registry['logout']['types'],
  },
  'password.rotate': {
    methods: ["GET","HEAD"],
    pattern: '/password/rotate',
    tokens: [{"old":"/password/rotate","type":0,"val":"password","end":""},{"old":"/password/rotate","type":0,"val":"rotate","end":""}],
    types: placeholder as Registry['password.rotate']['types'],
  },
  'password.rotate.update': {
    methods: ["POST"],
    pattern: '/password/rotate',
    tokens: [{"old":"/password/rotate","type":0,"val":"password","end":""},{"old":"/password/rotate","type":0,"val":"rotate","end":""}],
    types: placeholder as Registry['password.rotate.update']['types'],
  },
  'password.confirm': {
    methods: ["GET","HEAD"],
    pattern: '/user/confirm-password',
    tokens: [{"old":"/user/confirm-password","type":0,"val":"user","end":""},{"old":"/user/confirm-password","type":0,"val":"confirm-password","end":""}],
    types: placeholder as Registry['password.confirm']['types'],
  },
  'password.confirm.store': {
    methods: ["POST"],
    pattern: '/user/confirm-password',
    tokens: [{"old":"/user/confirm-password","type":0,"val":"user","end":""},{"old":"/user/confirm-password","type":0,"val":"confirm-password","end":""}],
    types: placeholder as Registry['password.confirm.store']['types'],
  },
  'email.notice': {
    methods: ["GET","HEAD"],
    pattern: '/email/verify',
    tokens: [{"old":"/email/verify","type":0,"val":"email","end":""},{"old":"/email/verify","type":0,"val":"verify","end":""}],
    types: placeholder as Registry['email.notice']['types'],
  },
  'email.resend': {
    methods: ["POST"],
    pattern: '/email/verification-notification',
    tokens: [{"old":"/email/verification-notification","type":0,"val":"email","end":""},{"old":"/email/verification-notification","type":0,"val":"verification-notification","end":""}],
    types: placeholder as Registry['email.resend']['types'],
  },
  'switchTeam': {
    methods: ["POST"],
    pattern: '/teams/switch',
    tokens: [{"old":"/teams/switch","type":0,"val":"teams","end":""},{"old":"/teams/switch","type":0,"val":"switch","end":""}],
    types: placeholder as Registry['switchTeam']['types'],
  },
  'api.permissions': {
    methods: ["GET","HEAD"],
    pattern: '/api/permissions',
    tokens: [{"old":"/api/permissions","type":0,"val":"api","end":""},{"old":"/api/permissions","type":0,"val":"permissions","end":""}],
    types: placeholder as Registry['api.permissions']['types'],
  },
  'profile.show': {
    methods: ["GET","HEAD"],
    pattern: '/user/profile',
    tokens: [{"old":"/user/profile","type":0,"val":"user","end":""},{"old":"/user/profile","type":0,"val":"profile","end":""}],
    types: placeholder as Registry['profile.show']['types'],
  },
  'profile.password.update': {
    methods: ["POST"],
    pattern: '/user/password',
    tokens: [{"old":"/user/password","type":0,"val":"user","end":""},{"old":"/user/password","type":0,"val":"password","end":""}],
    types: placeholder as Registry['profile.password.update']['types'],
  },
  'profile.update': {
    methods: ["POST"],
    pattern: '/user/profile',
    tokens: [{"old":"/user/profile","type":0,"val":"user","end":""},{"old":"/user/profile","type":0,"val":"profile","end":""}],
    types: placeholder as Registry['profile.update']['types'],
  },
  'profile.subscriptions.update': {
    methods: ["POST"],
    pattern: '/user/subscriptions',
    tokens: [{"old":"/user/subscriptions","type":0,"val":"user","end":""},{"old":"/user/subscriptions","type":0,"val":"subscriptions","end":""}],
    types: placeholder as Registry['profile.subscriptions.update']['types'],
  },
  'profile.consent.accept': {
    methods: ["POST"],
    pattern: '/user/consent',
    tokens: [{"old":"/user/consent","type":0,"val":"user","end":""},{"old":"/user/consent","type":0,"val":"consent","end":""}],
    types: placeholder as Registry['profile.consent.accept']['types'],
  },
  'profile.sessions.logoutOthers': {
    methods: ["POST"],
    pattern: '/user/sessions/logout-others',
    tokens: [{"old":"/user/sessions/logout-others","type":0,"val":"user","end":""},{"old":"/user/sessions/logout-others","type":0,"val":"sessions","end":""},{"old":"/user/sessions/logout-others","type":0,"val":"logout-others","end":""}],
    types: placeholder as Registry['profile.sessions.logoutOthers']['types'],
  },
  'profile.destroy': {
    methods: ["POST"],
    pattern: '/user/delete',
    tokens: [{"old":"/user/delete","type":0,"val":"user","end":""},{"old":"/user/delete","type":0,"val":"delete","end":""}],
    types: placeholder as Registry['profile.destroy']['types'],
  },
  'api.feedback': {
    methods: ["POST"],
    pattern: '/api/submit-feedback',
    tokens: [{"old":"/api/submit-feedback","type":0,"val":"api","end":""},{"old":"/api/submit-feedback","type":0,"val":"submit-feedback","end":""}],
    types: placeholder as Registry['api.feedback']['types'],
  },
  'api.analytics': {
    methods: ["POST"],
    pattern: '/api/analytics/events',
    tokens: [{"old":"/api/analytics/events","type":0,"val":"api","end":""},{"old":"/api/analytics/events","type":0,"val":"analytics","end":""},{"old":"/api/analytics/events","type":0,"val":"events","end":""}],
    types: placeholder as Registry['api.analytics']['types'],
  },
  'api.tour.show': {
    methods: ["GET","HEAD"],
    pattern: '/api/tour/has-user-done-tour/main-navigation',
    tokens: [{"old":"/api/tour/has-user-done-tour/main-navigation","type":0,"val":"api","end":""},{"old":"/api/tour/has-user-done-tour/main-navigation","type":0,"val":"tour","end":""},{"old":"/api/tour/has-user-done-tour/main-navigation","type":0,"val":"has-user-done-tour","end":""},{"old":"/api/tour/has-user-done-tour/main-navigation","type":0,"val":"main-navigation","end":""}],
    types: placeholder as Registry['api.tour.show']['types'],
  },
  'api.tour.store': {
    methods: ["POST"],
    pattern: '/api/tour/main-navigation',
    tokens: [{"old":"/api/tour/main-navigation","type":0,"val":"api","end":""},{"old":"/api/tour/main-navigation","type":0,"val":"tour","end":""},{"old":"/api/tour/main-navigation","type":0,"val":"main-navigation","end":""}],
    types: placeholder as Registry['api.tour.store']['types'],
  },
  'dashboard': {
    methods: ["GET","HEAD"],
    pattern: '/',
    tokens: [{"old":"/","type":0,"val":"/","end":""}],
    types: placeholder as Registry['dashboard']['types'],
  },
  'api.currencies': {
    methods: ["GET","HEAD"],
    pattern: '/api/currencies',
    tokens: [{"old":"/api/currencies","type":0,"val":"api","end":""},{"old":"/api/currencies","type":0,"val":"currencies","end":""}],
    types: placeholder as Registry['api.currencies']['types'],
  },
  'api.insightsReports.unread': {
    methods: ["GET","HEAD"],
    pattern: '/api/insights-reports/unread',
    tokens: [{"old":"/api/insights-reports/unread","type":0,"val":"api","end":""},{"old":"/api/insights-reports/unread","type":0,"val":"insights-reports","end":""},{"old":"/api/insights-reports/unread","type":0,"val":"unread","end":""}],
    types: placeholder as Registry['api.insightsReports.unread']['types'],
  },
  'api.marketData.activeProviders': {
    methods: ["GET","HEAD"],
    pattern: '/api/market-data/active-providers',
    tokens: [{"old":"/api/market-data/active-providers","type":0,"val":"api","end":""},{"old":"/api/market-data/active-providers","type":0,"val":"market-data","end":""},{"old":"/api/market-data/active-providers","type":0,"val":"active-providers","end":""}],
    types: placeholder as Registry['api.marketData.activeProviders']['types'],
  },
  'api.marketData.inactiveProviders': {
    methods: ["GET","HEAD"],
    pattern: '/api/market-data/inactive-providers',
    tokens: [{"old":"/api/market-data/inactive-providers","type":0,"val":"api","end":""},{"old":"/api/market-data/inactive-providers","type":0,"val":"market-data","end":""},{"old":"/api/market-data/inactive-providers","type":0,"val":"inactive-providers","end":""}],
    types: placeholder as Registry['api.marketData.inactiveProviders']['types'],
  },
  'api.marketData.benchmarks.activeUpcoming': {
    methods: ["GET","HEAD"],
    pattern: '/api/market-data/benchmarks/active-upcoming/:providerId',
    tokens: [{"old":"/api/market-data/benchmarks/active-upcoming/:providerId","type":0,"val":"api","end":""},{"old":"/api/market-data/benchmarks/active-upcoming/:providerId","type":0,"val":"market-data","end":""},{"old":"/api/market-data/benchmarks/active-upcoming/:providerId","type":0,"val":"benchmarks","end":""},{"old":"/api/market-data/benchmarks/active-upcoming/:providerId","type":0,"val":"active-upcoming","end":""},{"old":"/api/market-data/benchmarks/active-upcoming/:providerId","type":1,"val":"providerId","end":""}],
    types: placeholder as Registry['api.marketData.benchmarks.activeUpcoming']['types'],
  },
  'api.marketData.benchmarks.contract': {
    methods: ["GET","HEAD"],
    pattern: '/api/market-data/benchmarks/contract/:contractId',
    tokens: [{"old":"/api/market-data/benchmarks/contract/:contractId","type":0,"val":"api","end":""},{"old":"/api/market-data/benchmarks/contract/:contractId","type":0,"val":"market-data","end":""},{"old":"/api/market-data/benchmarks/contract/:contractId","type":0,"val":"benchmarks","end":""},{"old":"/api/market-data/benchmarks/contract/:contractId","type":0,"val":"contract","end":""},{"old":"/api/market-data/benchmarks/contract/:contractId","type":1,"val":"contractId","end":""}],
    types: placeholder as Registry['api.marketData.benchmarks.contract']['types'],
  },
  'api.marketData.productCategories': {
    methods: ["POST"],
    pattern: '/api/market-data/product-categories/:providerKey',
    tokens: [{"old":"/api/market-data/product-categories/:providerKey","type":0,"val":"api","end":""},{"old":"/api/market-data/product-categories/:providerKey","type":0,"val":"market-data","end":""},{"old":"/api/market-data/product-categories/:providerKey","type":0,"val":"product-categories","end":""},{"old":"/api/market-data/product-categories/:providerKey","type":1,"val":"providerKey","end":""}],
    types: placeholder as Registry['api.marketData.productCategories']['types'],
  },
  'api.marketData.contracts': {
    methods: ["GET","HEAD"],
    pattern: '/api/market-data/contracts/:providerId',
    tokens: [{"old":"/api/market-data/contracts/:providerId","type":0,"val":"api","end":""},{"old":"/api/market-data/contracts/:providerId","type":0,"val":"market-data","end":""},{"old":"/api/market-data/contracts/:providerId","type":0,"val":"contracts","end":""},{"old":"/api/market-data/contracts/:providerId","type":1,"val":"providerId","end":""}],
    types: placeholder as Registry['api.marketData.contracts']['types'],
  },
  'RSABudgets': {
    methods: ["GET","HEAD"],
    pattern: '/rsa/budgets',
    tokens: [{"old":"/rsa/budgets","type":0,"val":"rsa","end":""},{"old":"/rsa/budgets","type":0,"val":"budgets","end":""}],
    types: placeholder as Registry['RSABudgets']['types'],
  },
  'trendingThemes': {
    methods: ["GET","HEAD"],
    pattern: '/research-discovery/trending-themes',
    tokens: [{"old":"/research-discovery/trending-themes","type":0,"val":"research-discovery","end":""},{"old":"/research-discovery/trending-themes","type":0,"val":"trending-themes","end":""}],
    types: placeholder as Registry['trendingThemes']['types'],
  },
  'marketDataTemplates': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/templates',
    tokens: [{"old":"/market-data/templates","type":0,"val":"market-data","end":""},{"old":"/market-data/templates","type":0,"val":"templates","end":""}],
    types: placeholder as Registry['marketDataTemplates']['types'],
  },
  'marketDataTemplates.template': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/templates/:id/template',
    tokens: [{"old":"/market-data/templates/:id/template","type":0,"val":"market-data","end":""},{"old":"/market-data/templates/:id/template","type":0,"val":"templates","end":""},{"old":"/market-data/templates/:id/template","type":1,"val":"id","end":""},{"old":"/market-data/templates/:id/template","type":0,"val":"template","end":""}],
    types: placeholder as Registry['marketDataTemplates.template']['types'],
  },
  'marketDataTemplates.upload': {
    methods: ["POST"],
    pattern: '/market-data/templates/upload',
    tokens: [{"old":"/market-data/templates/upload","type":0,"val":"market-data","end":""},{"old":"/market-data/templates/upload","type":0,"val":"templates","end":""},{"old":"/market-data/templates/upload","type":0,"val":"upload","end":""}],
    types: placeholder as Registry['marketDataTemplates.upload']['types'],
  },
  'marketDataTemplates.submissionFile': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/templates/submissions/:id/file',
    tokens: [{"old":"/market-data/templates/submissions/:id/file","type":0,"val":"market-data","end":""},{"old":"/market-data/templates/submissions/:id/file","type":0,"val":"templates","end":""},{"old":"/market-data/templates/submissions/:id/file","type":0,"val":"submissions","end":""},{"old":"/market-data/templates/submissions/:id/file","type":1,"val":"id","end":""},{"old":"/market-data/templates/submissions/:id/file","type":0,"val":"file","end":""}],
    types: placeholder as Registry['marketDataTemplates.submissionFile']['types'],
  },
  'marketData': {
    methods: ["GET","HEAD"],
    pattern: '/market-data',
    tokens: [{"old":"/market-data","type":0,"val":"market-data","end":""}],
    types: placeholder as Registry['marketData']['types'],
  },
  'scenarios.index': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/:provider_key/scenarios',
    tokens: [{"old":"/market-data/:provider_key/scenarios","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key/scenarios","type":1,"val":"provider_key","end":""},{"old":"/market-data/:provider_key/scenarios","type":0,"val":"scenarios","end":""}],
    types: placeholder as Registry['scenarios.index']['types'],
  },
  'scenarios.store': {
    methods: ["POST"],
    pattern: '/market-data/:provider_key/scenarios',
    tokens: [{"old":"/market-data/:provider_key/scenarios","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key/scenarios","type":1,"val":"provider_key","end":""},{"old":"/market-data/:provider_key/scenarios","type":0,"val":"scenarios","end":""}],
    types: placeholder as Registry['scenarios.store']['types'],
  },
  'scenarios.update': {
    methods: ["POST"],
    pattern: '/market-data/:provider_key/scenarios/:id',
    tokens: [{"old":"/market-data/:provider_key/scenarios/:id","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key/scenarios/:id","type":1,"val":"provider_key","end":""},{"old":"/market-data/:provider_key/scenarios/:id","type":0,"val":"scenarios","end":""},{"old":"/market-data/:provider_key/scenarios/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['scenarios.update']['types'],
  },
  'marketDataProposals': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/:provider_key/proposals',
    tokens: [{"old":"/market-data/:provider_key/proposals","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key/proposals","type":1,"val":"provider_key","end":""},{"old":"/market-data/:provider_key/proposals","type":0,"val":"proposals","end":""}],
    types: placeholder as Registry['marketDataProposals']['types'],
  },
  'marketDataRateCard': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/:provider_key/rate-card',
    tokens: [{"old":"/market-data/:provider_key/rate-card","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key/rate-card","type":1,"val":"provider_key","end":""},{"old":"/market-data/:provider_key/rate-card","type":0,"val":"rate-card","end":""}],
    types: placeholder as Registry['marketDataRateCard']['types'],
  },
  'marketDataExport': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/:provider_key/export',
    tokens: [{"old":"/market-data/:provider_key/export","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key/export","type":1,"val":"provider_key","end":""},{"old":"/market-data/:provider_key/export","type":0,"val":"export","end":""}],
    types: placeholder as Registry['marketDataExport']['types'],
  },
  'scenarioAnalysis': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/:provider_key/scenario-analysis',
    tokens: [{"old":"/market-data/:provider_key/scenario-analysis","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key/scenario-analysis","type":1,"val":"provider_key","end":""},{"old":"/market-data/:provider_key/scenario-analysis","type":0,"val":"scenario-analysis","end":""}],
    types: placeholder as Registry['scenarioAnalysis']['types'],
  },
  'marketDataProvider': {
    methods: ["GET","HEAD"],
    pattern: '/market-data/:provider_key',
    tokens: [{"old":"/market-data/:provider_key","type":0,"val":"market-data","end":""},{"old":"/market-data/:provider_key","type":1,"val":"provider_key","end":""}],
    types: placeholder as Registry['marketDataProvider']['types'],
  },
  'AlternativeData': {
    methods: ["GET","HEAD"],
    pattern: '/alternative-data',
    tokens: [{"old":"/alternative-data","type":0,"val":"alternative-data","end":""}],
    types: placeholder as Registry['AlternativeData']['types'],
  },
  'alternativeDataProvider': {
    methods: ["GET","HEAD"],
    pattern: '/alternative-data/:provider_key',
    tokens: [{"old":"/alternative-data/:provider_key","type":0,"val":"alternative-data","end":""},{"old":"/alternative-data/:provider_key","type":1,"val":"provider_key","end":""}],
    types: placeholder as Registry['alternativeDataProvider']['types'],
  },
  'insightsReports': {
    methods: ["GET","HEAD"],
    pattern: '/insights-reports',
    tokens: [{"old":"/insights-reports","type":0,"val":"insights-reports","end":""}],
    types: placeholder as Registry['insightsReports']['types'],
  },
  'ProviderLeagueTable': {
    methods: ["GET","HEAD"],
    pattern: '/providers',
    tokens: [{"old":"/providers","type":0,"val":"providers","end":""}],
    types: placeholder as Registry['ProviderLeagueTable']['types'],
  },
  'SsoManagement': {
    methods: ["GET","HEAD"],
    pattern: '/sso-management',
    tokens: [{"old":"/sso-management","type":0,"val":"sso-management","end":""}],
    types: placeholder as Registry['SsoManagement']['types'],
  },
  'adminHome': {
    methods: ["GET","HEAD"],
    pattern: '/admin/welcome',
    tokens: [{"old":"/admin/welcome","type":0,"val":"admin","end":""},{"old":"/admin/welcome","type":0,"val":"welcome","end":""}],
    types: placeholder as Registry['adminHome']['types'],
  },
  'adminFeedback': {
    methods: ["GET","HEAD"],
    pattern: '/admin/feedback',
    tokens: [{"old":"/admin/feedback","type":0,"val":"admin","end":""},{"old":"/admin/feedback","type":0,"val":"feedback","end":""}],
    types: placeholder as Registry['adminFeedback']['types'],
  },
  'editMarketData': {
    methods: ["GET","HEAD"],
    pattern: '/admin/market-data',
    tokens: [{"old":"/admin/market-data","type":0,"val":"admin","end":""},{"old":"/admin/market-data","type":0,"val":"market-data","end":""}],
    types: placeholder as Registry['editMarketData']['types'],
  },
  'editMarketDataTeam': {
    methods: ["GET","HEAD"],
    pattern: '/admin/market-data/teams/:teamId',
    tokens: [{"old":"/admin/market-data/teams/:teamId","type":0,"val":"admin","end":""},{"old":"/admin/market-data/teams/:teamId","type":0,"val":"market-data","end":""},{"old":"/admin/market-data/teams/:teamId","type":0,"val":"teams","end":""},{"old":"/admin/market-data/teams/:teamId","type":1,"val":"teamId","end":""}],
    types: placeholder as Registry['editMarketDataTeam']['types'],
  },
  'editMarketDataProvider': {
    methods: ["GET","HEAD"],
    pattern: '/admin/market-data/teams/:teamId/providers/:providerKey',
    tokens: [{"old":"/admin/market-data/teams/:teamId/providers/:providerKey","type":0,"val":"admin","end":""},{"old":"/admin/market-data/teams/:teamId/providers/:providerKey","type":0,"val":"market-data","end":""},{"old":"/admin/market-data/teams/:teamId/providers/:providerKey","type":0,"val":"teams","end":""},{"old":"/admin/market-data/teams/:teamId/providers/:providerKey","type":1,"val":"teamId","end":""},{"old":"/admin/market-data/teams/:teamId/providers/:providerKey","type":0,"val":"providers","end":""},{"old":"/admin/market-data/teams/:teamId/providers/:providerKey","type":1,"val":"providerKey","end":""}],
    types: placeholder as Registry['editMarketDataProvider']['types'],
  },
  'adminMdProviderClassification': {
    methods: ["GET","HEAD"],
    pattern: '/admin/market-data/providers/:providerKey/classification',
    tokens: [{"old":"/admin/market-data/providers/:providerKey/classification","type":0,"val":"admin","end":""},{"old":"/admin/market-data/providers/:providerKey/classification","type":0,"val":"market-data","end":""},{"old":"/admin/market-data/providers/:providerKey/classification","type":0,"val":"providers","end":""},{"old":"/admin/market-data/providers/:providerKey/classification","type":1,"val":"providerKey","end":""},{"old":"/admin/market-data/providers/:providerKey/classification","type":0,"val":"classification","end":""}],
    types: placeholder as Registry['adminMdProviderClassification']['types'],
  },
  'rsaAdminOverview': {
    methods: ["GET","HEAD"],
    pattern: '/admin/research-spend-analytics',
    tokens: [{"old":"/admin/research-spend-analytics","type":0,"val":"admin","end":""},{"old":"/admin/research-spend-analytics","type":0,"val":"research-spend-analytics","end":""}],
    types: placeholder as Registry['rsaAdminOverview']['types'],
  },
  'providersAdmin': {
    methods: ["GET","HEAD"],
    pattern: '/admin/providers',
    tokens: [{"old":"/admin/providers","type":0,"val":"admin","end":""},{"old":"/admin/providers","type":0,"val":"providers","end":""}],
    types: placeholder as Registry['providersAdmin']['types'],
  },
  'adminInsightsReports': {
    methods: ["GET","HEAD"],
    pattern: '/admin/insights-reports',
    tokens: [{"old":"/admin/insights-reports","type":0,"val":"admin","end":""},{"old":"/admin/insights-reports","type":0,"val":"insights-reports","end":""}],
    types: placeholder as Registry['adminInsightsReports']['types'],
  },
  'researchDocumentsAdmin': {
    methods: ["GET","HEAD"],
    pattern: '/admin/research-discovery/documents',
    tokens: [{"old":"/admin/research-discovery/documents","type":0,"val":"admin","end":""},{"old":"/admin/research-discovery/documents","type":0,"val":"research-discovery","end":""},{"old":"/admin/research-discovery/documents","type":0,"val":"documents","end":""}],
    types: placeholder as Registry['researchDocumentsAdmin']['types'],
  },
  'accountManagement': {
    methods: ["GET","HEAD"],
    pattern: '/admin/account-management',
    tokens: [{"old":"/admin/account-management","type":0,"val":"admin","end":""},{"old":"/admin/account-management","type":0,"val":"account-management","end":""}],
    types: placeholder as Registry['accountManagement']['types'],
  },
  'api.admin.marketData.contract.productBenchmarks': {
    methods: ["GET","HEAD"],
    pattern: '/api/admin/market-data/contract/:id/product-benchmarks',
    tokens: [{"old":"/api/admin/market-data/contract/:id/product-benchmarks","type":0,"val":"api","end":""},{"old":"/api/admin/market-data/contract/:id/product-benchmarks","type":0,"val":"admin","end":""},{"old":"/api/admin/market-data/contract/:id/product-benchmarks","type":0,"val":"market-data","end":""},{"old":"/api/admin/market-data/contract/:id/product-benchmarks","type":0,"val":"contract","end":""},{"old":"/api/admin/market-data/contract/:id/product-benchmarks","type":1,"val":"id","end":""},{"old":"/api/admin/market-data/contract/:id/product-benchmarks","type":0,"val":"product-benchmarks","end":""}],
    types: placeholder as Registry['api.admin.marketData.contract.productBenchmarks']['types'],
  },
  'api.admin.marketData.productBenchmark.store': {
    methods: ["POST"],
    pattern: '/api/admin/market-data/product-benchmark/store',
    tokens: [{"old":"/api/admin/market-data/product-benchmark/store","type":0,"val":"api","end":""},{"old":"/api/admin/market-data/product-benchmark/store","type":0,"val":"admin","end":""},{"old":"/api/admin/market-data/product-benchmark/store","type":0,"val":"market-data","end":""},{"old":"/api/admin/market-data/product-benchmark/store","type":0,"val":"product-benchmark","end":""},{"old":"/api/admin/market-data/product-benchmark/store","type":0,"val":"store","end":""}],
    types: placeholder as Registry['api.admin.marketData.productBenchmark.store']['types'],
  },
  'api.admin.marketData.productBenchmark.update': {
    methods: ["POST"],
    pattern: '/api/admin/market-data/product-benchmark/update/:id',
    tokens: [{"old":"/api/admin/market-data/product-benchmark/update/:id","type":0,"val":"api","end":""},{"old":"/api/admin/market-data/product-benchmark/update/:id","type":0,"val":"admin","end":""},{"old":"/api/admin/market-data/product-benchmark/update/:id","type":0,"val":"market-data","end":""},{"old":"/api/admin/market-data/product-benchmark/update/:id","type":0,"val":"product-benchmark","end":""},{"old":"/api/admin/market-data/product-benchmark/update/:id","type":0,"val":"update","end":""},{"old":"/api/admin/market-data/product-benchmark/update/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['api.admin.marketData.productBenchmark.update']['types'],
  },
  'api.admin.marketData.productBenchmark.destroy': {
    methods: ["POST"],
    pattern: '/api/admin/market-data/product-benchmark/destroy/:id',
    tokens: [{"old":"/api/admin/market-data/product-benchmark/destroy/:id","type":0,"val":"api","end":""},{"old":"/api/admin/market-data/product-benchmark/destroy/:id","type":0,"val":"admin","end":""},{"old":"/api/admin/market-data/product-benchmark/destroy/:id","type":0,"val":"market-data","end":""},{"old":"/api/admin/market-data/product-benchmark/destroy/:id","type":0,"val":"product-benchmark","end":""},{"old":"/api/admin/market-data/product-benchmark/destroy/:id","type":0,"val":"destroy","end":""},{"old":"/api/admin/market-data/product-benchmark/destroy/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['api.admin.marketData.productBenchmark.destroy']['types'],
  },
  'api.admin.marketData.subProductBenchmark.destroy': {
    methods: ["POST"],
    pattern: '/api/admin/market-data/sub-product-benchmark/destroy/:id',
    tokens: [{"old":"/api/admin/market-data/sub-product-benchmark/destroy/:id","type":0,"val":"api","end":""},{"old":"/api/admin/market-data/sub-product-benchmark/destroy/:id","type":0,"val":"admin","end":""},{"old":"/api/admin/market-data/sub-product-benchmark/destroy/:id","type":0,"val":"market-data","end":""},{"old":"/api/admin/market-data/sub-product-benchmark/destroy/:id","type":0,"val":"sub-product-benchmark","end":""},{"old":"/api/admin/market-data/sub-product-benchmark/destroy/:id","type":0,"val":"destroy","end":""},{"old":"/api/admin/market-data/sub-product-benchmark/destroy/:id","type":1,"val":"id","end":""}],
    types: placeholder as Registry['api.admin.marketData.subProductBenchmark.destroy']['types'],
  },
  'api.admin.marketData.provider.categories': {
    methods: ["GET","HEAD"],
    pattern: '/api/admin/market-data/provider/categories/:providerKey',
    tokens: [{"old":"/api/admin/market-data/provider/categories/:providerKey","type":0,"val":"api","end":""},{"old":"/api/admin/market-data/provider/categories/:providerKey","type":0,"val":"admin","end":""},{"old":"/api/admin/market-data/provider/categories/:providerKey","type":0,"val":"market-data","end":""},{"old":"/api/admin/market-data/provider/categories/:providerKey","type":0,"val":"provider","end":""},{"old":"/api/admin/market-data/provider/categories/:providerKey","type":0,"val":"categories","end":""},{"old":"/api/admin/market-data/provider/categories/:providerKey","type":1,"val":"providerKey","end":""}],
    types: placeholder as Registry['api.admin.marketData.provider.categories']['types'],
  },
  'api.admin.marketData.provider.saveCategory': {
    methods: ["POST"],
    pattern: '/api/admin/market-data/provider/save-category',
    tokens: [{"old":"/api/admin/market-data/provider/save-category","type":0,"val":"api","end":""},{"old":"/api/admin/market-data/provider/save-category","type":0,"val":"admin","end":""},{"old":"/api/admin/market-data/provider/save-category","type":0,"val":"market-data","end":""},{"old":"/api/admin/market-data/provider/save-category","type":0,"val":"provider","end":""},{"old":"/api/admin/market-data/provider/save-category","type":0,"val":"save-category","end":""}],
    types: placeholder as Registry['api.admin.marketData.provider.saveCategory']['types'],
  },
} as const satisfies Record<string, AdonisEndpoint>

export { routes }

export const registry = {
  routes,
  $tree: {} as ApiDefinition,
}

declare module '@tuyau/core/types' {
  export interface UserRegistry {
    routes: typeof routes
    $tree: ApiDefinition
  }
}
