import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { ALL_MODULES } from '#shared/modules'
import { makeTeam } from '#tests/helpers/accounts'
import { researchProvider, rsaBudget, rsaMember } from '#tests/helpers/rsa'
import { currencyId } from '#tests/helpers/market_data_fixtures'
import { analyst, move, sectorIds } from '#tests/helpers/providers'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { refreshProviderStatistics } from '#services/providers/statistics'
import { referenceOptions } from '#services/providers/reference'

/**
 * Providers (analyst mapping): the pages and the §7 API as a member of a team holding every
 * module and paying research providers (spend, interactions and alerts), measured with three
 * providers and a dozen analysts with their moves, then with three more providers and four
 * times the analysts, moves and interactions.
 *
 * Budgets are the queries of the route itself on a warm request context cache.
 */
const BUDGETS: Record<string, number> = {
  // The market data version and, unless kept under it, the currencies and rates; the runs the
  // figures come from, the catalogue's version; unless kept in the cache under them: the year's
  // roll-ups with the sectors covered, the team's spend, its interactions by provider and
  // sector and the alerts (one query); the years the analyst data and research spend offer.
  'ProviderLeagueTable': 10,
  'providersExport': 7,
  // Currencies and rates, the runs, the provider, its rows for every year; unless in the cache:
  // the footprint, the moves and their sectors, and the team's part (three).
  'ProviderPage': 10,
  // The years offered, the statistics run and the catalogue's version; the list itself unless
  // kept under them.
  'api.providers': 4,
  'api.providers.providerTypes': 1,
  'api.providers.mapped': 4,
  // Reference data, read once per process.
  'api.providers.sectors': 0,
  'api.providers.regions': 0,
  // The statistics run, the team's spend, the years offered.
  'api.providers.contextInfo': 3,
  // The provider, the latest year, the breakdown.
  'api.providers.sectorBreakdown': 3,
  // The provider, the years offered, the statistics run; the moves unless kept in the cache
  // under that run.
  'api.providers.headcountGained': 4,
  'api.providers.headcountLost': 4,
  'api.providers.experienceGained': 4,
  'api.providers.experienceLost': 4,
}

async function providersWorld() {
  // Sectors and regions are read once per process: as on a running server.
  await referenceOptions()
  const team = await makeTeam({ modules: ALL_MODULES })
  const member = await rsaMember(team)
  const gbp = await currencyId('GBP')
  const sectors = Object.values(await sectorIds())
  const providers: { id: number; key: string; name: string }[] = []
  let analysts = 0
  let interactions = 0
  const now = () => DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)

  async function addProviders(names: string[]) {
    for (const name of names)
      providers.push(await researchProvider(`${name} Research`, 'bulge_bracket'))
  }
  async function addAnalysts(count: number) {
    for (let index = 0; index < count; index++) {
      const n = ++analysts
      const home = providers[n % providers.length]
      const next = providers[(n + 1) % providers.length]
      const sectorId = sectors[n % sectors.length]
      const person = await analyst({
        name: `Analyst ${n}`,
        provider: n % 3 === 0 ? next : home,
        startYear: 2000 + (n % 20),
        coverage: [2023, 2024].map((year) => ({ year, sectorId, region: n % 2 ? 'UK' : 'US' })),
      })
      if (n % 3 === 0) {
        await move({
          analyst: person,
          date: `2024-0${1 + (n % 9)}-15`,
          type: 'joiner',
          from: home,
          to: next,
          experience: 24 - (n % 20),
          cells: n % 2 ? [{ sectorId, region: 'UK' }] : [],
        })
      }
      await db.table('rsa_interactions').insert({
        team_id: team.id,
        provider_id: home.id,
        occurred_on: '2024-05-15',
        interaction_type: 'analyst_call',
        analyst_id: n % 2 ? person.id : null,
        sector: n % 2 ? null : 'Energy',
        source_system: 'test',
        external_ref: `budget-${++interactions}`,
        valued: true,
        created_at: now(),
      })
    }
    await refreshProviderStatistics({ trigger: 'test' })
  }

  await addProviders(['Atlas', 'Birch', 'Cedar'])
  await rsaBudget(team, gbp, [
    { provider: providers[0], price: 100_000 },
    { provider: providers[1], price: 50_000 },
  ])
  await addAnalysts(12)

  async function grow() {
    await addProviders(['Delta', 'Elm', 'Fir'])
    await addAnalysts(48)
  }

  const page = { as: member, stack: 'team' as const }
  const json = { ...page, json: true }
  const heatmap = () => ({
    providerId: providers[0].id,
    sectorList: [],
    yearList: [],
    regionCodes: [],
  })
  const probes = (): Probe[] => [
    {
      ...page,
      route: 'ProviderLeagueTable',
      url: '/providers?year=2024',
      component: 'providers/league_table',
      rows: rowsAt('rows'),
    },
    { ...page, route: 'providersExport', url: '/providers/league-table.csv?year=2024' },
    {
      ...page,
      route: 'ProviderPage',
      url: `/providers/${providers[0].key}?year=2024`,
      component: 'providers/provider',
      rows: rowsAt('notableMoves'),
    },
    { ...json, route: 'api.providers', url: '/api/providers', rows: rowsAt('providers') },
    {
      ...json,
      route: 'api.providers.providerTypes',
      url: '/api/providers/provider-types',
    },
    {
      ...json,
      route: 'api.providers.mapped',
      url: '/api/providers/mapped',
      rows: rowsAt('providers'),
    },
    { ...json, route: 'api.providers.sectors', url: '/api/providers/sectors' },
    { ...json, route: 'api.providers.regions', url: '/api/providers/regions' },
    { ...json, route: 'api.providers.contextInfo', url: '/api/providers/context-info' },
    {
      ...json,
      method: 'POST',
      route: 'api.providers.sectorBreakdown',
      url: '/api/providers/interactions/sector-breakdown',
      body: { teamId: team.id, providerId: providers[0].id, selectedSectorIds: [] },
    },
    {
      ...json,
      method: 'POST',
      route: 'api.providers.headcountGained',
      url: '/api/providers/headcount/gained',
      body: heatmap(),
    },
    {
      ...json,
      method: 'POST',
      route: 'api.providers.headcountLost',
      url: '/api/providers/headcount/lost',
      body: heatmap(),
    },
    {
      ...json,
      method: 'POST',
      route: 'api.providers.experienceGained',
      url: '/api/providers/experience/gained',
      body: heatmap(),
    },
    {
      ...json,
      method: 'POST',
      route: 'api.providers.experienceLost',
      url: '/api/providers/experience/lost',
      body: heatmap(),
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('providers', {
  area: 'providers',
  budgets: BUDGETS,
  world: providersWorld,
})
