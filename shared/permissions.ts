/**
 * Administrator permission strings. Roles are named sets of these; an administrator holds the
 * union of their roles' permissions.
 */
export const PERMISSIONS = {
  viewResearchSpendAnalytics: 'permission-view-research-spend-analytics',
  viewResearchProviders: 'permission-view-research-providers',
  viewInsightsReport: 'permission-view-insights-report',
  viewResearchDiscovery: 'permission-view-research-discovery',
  viewMarketData: 'permission-view-market-data',
  viewAccounts: 'permission-view-accounts',
  viewFeedback: 'permission-view-feedback',
} as const

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS]

export const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  'permission-view-research-spend-analytics':
    'Research spend analytics administration: budgets, interactions, submissions',
  'permission-view-research-providers': 'Research provider administration',
  'permission-view-insights-report': 'Insights reports: upload and notify',
  'permission-view-research-discovery': 'Research discovery: documents, themes, analytics',
  'permission-view-market-data': 'Market data: contracts, benchmarks, rate cards, regressions',
  'permission-view-accounts': 'Account management: teams, members, security',
  'permission-view-feedback': 'User feedback',
}

export const ALL_PERMISSIONS = Object.values(PERMISSIONS) as PermissionName[]

/**
 * An empty requirement means allowed; otherwise holding any one of the listed permissions is
 * enough.
 */
export function hasAnyPermission(required: readonly string[], held: readonly string[]): boolean {
  return required.length === 0 || required.some((permission) => held.includes(permission))
}
