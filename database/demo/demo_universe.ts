import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MODULES } from '#shared/modules'
import { createTeam, createUser } from '#services/accounts/accounts'
import { seedMarketDataUniverse } from '#database/demo/market_data_universe'
import { seedRateCards } from '#database/demo/rate_cards'
import { seedProposals } from '#database/demo/proposals'
import { seedDataCollections } from '#database/demo/data_collection'

export const DEFAULT_DEMO_PASSWORD = 'Demo-Password-2026!'

export function demoPassword() {
  return process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD
}

export const DEMO_TEAMS = [
  {
    name: 'Northbridge Asset Management',
    currencyCode: 'GBP',
    teamTypeKey: 'asset_manager',
    region: 'EMEA' as const,
    moduleNames: [
      MODULES.rsaBudgets,
      MODULES.trendingThemes,
      MODULES.marketDataContracts,
      MODULES.marketDataRateCard,
      MODULES.insightsReports,
      MODULES.analystMapping,
      MODULES.ssoManagement,
    ],
  },
  {
    name: 'Helvetia Capital Partners',
    currencyCode: 'CHF',
    teamTypeKey: 'wealth_manager',
    region: 'EMEA' as const,
    moduleNames: [
      MODULES.marketDataContracts,
      MODULES.marketDataDataCollection,
      MODULES.alternativeData,
      MODULES.insightsReports,
    ],
  },
  {
    name: 'Pacific Crest Investors',
    currencyCode: 'USD',
    teamTypeKey: 'hedge_fund',
    region: 'AMER' as const,
    moduleNames: [MODULES.rsaBudgets, MODULES.trendingThemes, MODULES.insightsReports],
  },
  {
    name: 'Sakura Pension Fund',
    currencyCode: 'JPY',
    teamTypeKey: 'asset_owner',
    region: 'APAC' as const,
    moduleNames: [],
  },
]

export const DEMO_ACCOUNTS = [
  {
    email: 'analyst@example.com',
    name: 'Alex Morgan',
    description: 'client analyst in Northbridge (GBP), Helvetia (CHF) and Pacific Crest (USD)',
    teamNames: [
      'Northbridge Asset Management',
      'Helvetia Capital Partners',
      'Pacific Crest Investors',
    ],
  },
  {
    email: 'pm@example.com',
    name: 'Priya Shah',
    description: 'client portfolio manager in Pacific Crest only',
    teamNames: ['Pacific Crest Investors'],
  },
  {
    email: 'trustee@example.com',
    name: 'Kenji Watanabe',
    description: 'client in Sakura Pension Fund, a team without products',
    teamNames: ['Sakura Pension Fund'],
  },
  {
    email: 'admin@example.com',
    name: 'Morgan Ellis',
    description: 'administrator with every admin permission',
    isAdministrator: true,
    roleNames: ['Super administrator'],
    teamNames: ['Northbridge Asset Management'],
  },
  {
    email: 'md.admin@example.com',
    name: 'Sam Okafor',
    description: 'administrator for market data and providers only',
    isAdministrator: true,
    roleNames: ['Market data administrator'],
    teamNames: [],
  },
]

export async function seedDemoUniverse(trx: TransactionClientContract) {
  for (const team of DEMO_TEAMS) {
    await createTeam(team, trx)
  }
  for (const account of DEMO_ACCOUNTS) {
    await createUser(
      {
        name: account.name,
        email: account.email,
        password: demoPassword(),
        teamNames: account.teamNames,
        isAdministrator: account.isAdministrator ?? false,
        roleNames: account.roleNames ?? [],
      },
      trx
    )
  }
  await seedMarketDataUniverse(trx)
  await seedRateCards(trx)
  await seedProposals(trx)
  await seedDataCollections(trx)
}
