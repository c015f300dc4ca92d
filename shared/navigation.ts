import { MODULES, type ModuleName } from './modules.js'
import { PERMISSIONS, hasAnyPermission } from './permissions.js'

export type MenuIcon =
  | 'budget'
  | 'lightbulb'
  | 'chart'
  | 'database'
  | 'report'
  | 'building'
  | 'key'
  | 'home'
  | 'users'
  | 'document'
  | 'message'

export interface UserMenuItem {
  key: string
  title: string
  icon: MenuIcon
  path: string
  routeNames: string[]
  moduleName: ModuleName
  /** An entry spanning products: shown when the team holds any of these (else `moduleName`). */
  moduleNames?: ModuleName[]
  hasNotifications: boolean
}

export interface AdminMenuItem {
  key: string
  title: string
  icon: MenuIcon
  path: string
  routeNames: string[]
  allowedPermissions: string[]
}

export const USER_MENU: UserMenuItem[] = [
  {
    key: 'summary',
    title: 'Summary',
    icon: 'document',
    path: '/summary',
    routeNames: ['summary'],
    moduleName: MODULES.rsaBudgets,
    moduleNames: [MODULES.rsaBudgets, MODULES.marketDataContracts],
    hasNotifications: false,
  },
  {
    key: 'rsa',
    title: 'Research Spend Analytics',
    icon: 'budget',
    path: '/rsa/budgets',
    routeNames: [
      'RSABudgets',
      'RSABenchmarkRateCard',
      'RSAPeerGroup',
      'RSAMarketTrendsReport',
      'RSAOutliers',
      'rsaPeerInteractions',
      'rsaSnapshot',
      'rsaDataCollection',
    ],
    moduleName: MODULES.rsaBudgets,
    hasNotifications: false,
  },
  {
    key: 'research-insights',
    title: 'Research Insights',
    icon: 'lightbulb',
    path: '/research-discovery/trending-themes',
    routeNames: [
      'trendingThemes',
      'allThemes',
      'myThemes',
      'allResearch',
      'userResearch',
      'readArticlePdf',
    ],
    moduleName: MODULES.trendingThemes,
    hasNotifications: false,
  },
  {
    key: 'market-data',
    title: 'Market Data',
    icon: 'chart',
    path: '/market-data',
    routeNames: [
      'marketData',
      'marketDataProvider',
      'marketDataRateCard',
      'scenarioAnalysis',
      'marketDataProposals',
      'marketDataTemplates',
    ],
    moduleName: MODULES.marketDataContracts,
    hasNotifications: false,
  },
  {
    key: 'alternative-data',
    title: 'Alternative Data',
    icon: 'database',
    path: '/alternative-data',
    routeNames: ['AlternativeData', 'alternativeDataProvider'],
    moduleName: MODULES.alternativeData,
    hasNotifications: false,
  },
  {
    key: 'insights-reports',
    title: 'Insights Reports',
    icon: 'report',
    path: '/insights-reports',
    routeNames: ['insightsReports', 'singleInsightsReport'],
    moduleName: MODULES.insightsReports,
    hasNotifications: true,
  },
  {
    key: 'providers',
    title: 'Providers',
    icon: 'building',
    path: '/providers',
    routeNames: ['ProviderLeagueTable', 'ProviderPage'],
    moduleName: MODULES.analystMapping,
    hasNotifications: false,
  },
  {
    key: 'sso',
    title: 'SSO Management',
    icon: 'key',
    path: '/sso-management',
    routeNames: ['SsoManagement'],
    moduleName: MODULES.ssoManagement,
    hasNotifications: false,
  },
]

export const ADMIN_MENU: AdminMenuItem[] = [
  {
    key: 'admin-home',
    title: 'Admin Home',
    icon: 'home',
    path: '/admin/welcome',
    routeNames: ['adminHome'],
    allowedPermissions: [],
  },
  {
    key: 'admin-rsa',
    title: 'Research Spend Analytics',
    icon: 'budget',
    path: '/admin/research-spend-analytics',
    routeNames: [
      'rsaAdminOverview',
      'rsaBudgetUpload',
      'rsaPeerInteractionsUpload',
      'rsaClientInteractionsUpload',
      'rsaDataCollectionSubmissions',
    ],
    allowedPermissions: [PERMISSIONS.viewResearchSpendAnalytics],
  },
  {
    key: 'admin-providers',
    title: 'Providers',
    icon: 'building',
    path: '/admin/providers',
    routeNames: ['providersAdmin'],
    allowedPermissions: [PERMISSIONS.viewResearchProviders],
  },
  {
    key: 'admin-insights-reports',
    title: 'Insights Reports',
    icon: 'report',
    path: '/admin/insights-reports',
    routeNames: ['adminInsightsReports'],
    allowedPermissions: [PERMISSIONS.viewInsightsReport],
  },
  {
    key: 'admin-research-discovery',
    title: 'Research Discovery',
    icon: 'document',
    path: '/admin/research-discovery/documents',
    routeNames: [
      'researchDocumentsAdmin',
      'themeRanking',
      'themeManagement',
      'researchDiscoveryAnalytics',
      'editResearchDocument',
      'newResearchDocument',
    ],
    allowedPermissions: [PERMISSIONS.viewResearchDiscovery],
  },
  {
    key: 'admin-market-data',
    title: 'Market Data',
    icon: 'chart',
    path: '/admin/market-data',
    routeNames: [
      'editMarketData',
      'editMarketDataTeam',
      'editMarketDataProvider',
      'updateUniverse',
      'uploadContract',
      'updateRegressions',
      'adminMdRateCard',
      'editMdRateCard',
      'createMdRateCard',
    ],
    allowedPermissions: [PERMISSIONS.viewMarketData],
  },
  {
    key: 'admin-summary-facets',
    title: 'Summary facets',
    icon: 'chart',
    path: '/admin/summary-facets',
    routeNames: ['adminSummaryFacets'],
    allowedPermissions: [PERMISSIONS.viewResearchSpendAnalytics, PERMISSIONS.viewMarketData],
  },
  {
    key: 'admin-feedback',
    title: 'User Feedback',
    icon: 'message',
    path: '/admin/feedback',
    routeNames: ['adminFeedback'],
    allowedPermissions: [PERMISSIONS.viewFeedback],
  },
  {
    key: 'admin-accounts',
    title: 'Account Management',
    icon: 'users',
    path: '/admin/account-management',
    routeNames: [
      'accountManagement',
      'teamProfile',
      'userProfile',
      'adminUsers',
      'adminRoles',
      'adminSecurityLog',
    ],
    allowedPermissions: [PERMISSIONS.viewAccounts],
  },
]

/**
 * A product entry shows only when one of the current team's modules carries its module name;
 * no modules means no entries.
 */
/**
 * Pages of modules that are not a product menu entry of their own (they live inside one), for
 * the dashboard's product cards.
 */
export const MODULE_PAGES: Partial<Record<ModuleName, { path: string; icon: MenuIcon }>> = {
  [MODULES.marketDataDataCollection]: { path: '/market-data/templates', icon: 'document' },
  // The rate cards are listed on the market data overview, whatever contracts the team holds.
  [MODULES.marketDataRateCard]: { path: '/market-data#rate-cards', icon: 'chart' },
}

export function visibleUserMenu(moduleNames: readonly string[], items: UserMenuItem[] = USER_MENU) {
  return items.filter((item) => isUserMenuItemHeld(item, moduleNames))
}

/** Whether the team's modules give the entry: any of `moduleNames`, else its `moduleName`. */
export function isUserMenuItemHeld(item: UserMenuItem, moduleNames: readonly string[]) {
  return (item.moduleNames ?? [item.moduleName]).some((name) => moduleNames.includes(name))
}

/** The entry that is a module's own product page (not one spanning several products). */
export function moduleMenuItem(moduleName: string, items: UserMenuItem[] = USER_MENU) {
  return items.find((item) => !item.moduleNames && item.moduleName === moduleName)
}

export function visibleAdminMenu(
  permissions: readonly string[],
  items: AdminMenuItem[] = ADMIN_MENU
) {
  return items.filter((item) => hasAnyPermission(item.allowedPermissions, permissions))
}

export function isMenuItemActive(
  item: { routeNames: string[] },
  routeName: string | null | undefined
) {
  return !!routeName && item.routeNames.includes(routeName)
}
