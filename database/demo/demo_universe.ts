import { randomBytes } from 'node:crypto'
import { type DateTime } from 'luxon'
import * as clock from '#services/calendar/clock'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { INVITATION_TTL_DAYS } from '#services/accounts/invitations'
import { MODULES } from '#shared/modules'
import { createTeam, createUser } from '#services/accounts/accounts'
import { seedMarketDataUniverse } from '#database/demo/market_data_universe'
import { seedSubProductDrivers } from '#database/demo/sub_product_drivers'
import { seedDemoRateSets } from '#database/demo/exchange_rates'
import { demoCalendar } from '#database/demo/demo_calendar'
import { seedRateCards } from '#database/demo/rate_cards'
import { seedScenarios } from '#database/demo/scenarios'
import { seedProposals } from '#database/demo/proposals'
import { seedDataCollections } from '#database/demo/data_collection'
import { seedResearchSpend } from '#database/demo/research_spend'
import { seedSummaryFacets } from '#database/demo/summary_facets'

export const DEFAULT_DEMO_PASSWORD = 'Demo-Password-2026!'

/** Northbridge's own minimum password length (its members include demo accounts). */
export const NORTHBRIDGE_PASSWORD_MIN_LENGTH = 14

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
    description:
      'client analyst in Northbridge (GBP, team manager: SSO Management), Helvetia (CHF) and Pacific Crest (USD)',
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
  {
    email: 'research.admin@example.com',
    name: 'Priya Raman',
    description: 'administrator for research spend imports, submissions and research providers',
    isAdministrator: true,
    roleNames: ['Research administrator'],
    teamNames: [],
  },
]

export interface DemoUniverseOptions {
  /**
   * Research Spend Analytics data (providers, peer teams, budgets, interactions): about 160,000
   * rows. Tests of other areas leave it out to stay fast. Default true.
   */
  researchSpend?: boolean
  /**
   * The day of seeding (default: now). The demo is written relative to it: contracts, budgets,
   * collections and invitations follow it, and the same day gives the same data.
   */
  today?: DateTime<true>
}

export async function seedDemoUniverse(
  trx: TransactionClientContract,
  options: DemoUniverseOptions = {}
) {
  const today = options.today ?? clock.now()
  // One dated set of exchange rates per year: each year's figures are converted at its own.
  await seedDemoRateSets(trx, demoCalendar(today))
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
  await makeTeamManager(trx, 'Northbridge Asset Management', 'analyst@example.com')
  await seedAccountPolicies(trx, today)
  await seedMarketDataUniverse(trx, today)
  await seedSubProductDrivers(trx)
  await seedRateCards(trx, today)
  await seedProposals(trx, today)
  await seedScenarios(trx, today)
  await seedDataCollections(trx, today)
  if (options.researchSpend ?? true) await seedResearchSpend(trx, { today })
  // The summary dashboard's facets and ranking priorities, from everything above.
  await seedSummaryFacets(trx, { today })
}

/** Team managers look after their team's own settings, such as single sign-on. */
async function makeTeamManager(trx: TransactionClientContract, teamName: string, email: string) {
  const team = await trx.from('teams').where('name', teamName).select('id').firstOrFail()
  const user = await trx.from('users').where('email', email).select('id').firstOrFail()
  await trx
    .from('team_user')
    .where({ team_id: team.id, user_id: user.id })
    .update({ role: 'manager' })
}

/**
 * Northbridge's own policy (members at example.com, passwords of 14 characters or more) and
 * its invitations: one waiting for an answer, one that expired unanswered.
 */
async function seedAccountPolicies(trx: TransactionClientContract, now: DateTime) {
  const team = await trx
    .from('teams')
    .where('name', 'Northbridge Asset Management')
    .select('id')
    .firstOrFail()
  const admin = await trx.from('users').where('email', 'admin@example.com').select('id').first()
  const format = (value: DateTime) => value.toFormat(trx.dialect.dateTimeFormat)
  await trx
    .from('teams')
    .where('id', team.id)
    .update({ password_min_length: NORTHBRIDGE_PASSWORD_MIN_LENGTH })
  await trx
    .insertQuery()
    .table('team_allowed_domains')
    .insert({ team_id: team.id, domain: 'example.com', created_at: format(now) })
    .knexQuery.onConflict(['team_id', 'domain'])
    .ignore()
  const invitations = [
    { email: 'jamie.cho@example.com', role: 'member', sentDaysAgo: 2 },
    { email: 'sam.okafor@example.com', role: 'manager', sentDaysAgo: 12 },
  ]
  for (const invitation of invitations) {
    const sent = now.minus({ days: invitation.sentDaysAgo })
    await trx.table('team_invitations').insert({
      team_id: team.id,
      email: invitation.email,
      role: invitation.role,
      invited_by_id: admin?.id ?? null,
      nonce: randomBytes(16).toString('hex'),
      expires_at: format(sent.plus({ days: INVITATION_TTL_DAYS })),
      last_sent_at: format(sent),
      send_count: 1,
      created_at: format(sent),
    })
  }
}
