/**
 * Module internal names. A team's products carry modules; a module unlocks an area.
 */
export const MODULES = {
  rsaBudgets: 'rsa-budgets',
  trendingThemes: 'rd-trending-themes',
  marketDataContracts: 'market-data-contracts',
  alternativeData: 'alternative-data',
  insightsReports: 'insights-reports',
  analystMapping: 'analyst_mapping',
  ssoManagement: 'sso-management',
  marketDataRateCard: 'market-data-rate-card',
  marketDataDataCollection: 'market-data-data-collection',
} as const

export type ModuleName = (typeof MODULES)[keyof typeof MODULES]

export const ALL_MODULES: ModuleName[] = Object.values(MODULES)

/**
 * Path segments of the market data area that a provider key may not take: /market-data/{key}
 * would otherwise shadow them.
 */
export const RESERVED_PROVIDER_KEYS = ['templates', 'documents'] as const

export function isReservedProviderKey(key: string) {
  return (RESERVED_PROVIDER_KEYS as readonly string[]).includes(key)
}
