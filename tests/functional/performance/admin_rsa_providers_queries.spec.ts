import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { makeUser } from '#tests/helpers/accounts'
import {
  addRsaBudgetLines,
  researchProvider,
  rsaBudget,
  rsaInteractions,
  rsaTeam,
} from '#tests/helpers/rsa'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { saveResearchProvider } from '#services/rsa/admin/providers'

/**
 * The research providers administration: the list (with aliases and the budget lines and
 * interactions of each provider), its audit trail and the logos, as an administrator holding
 * every permission. Measured with two providers, then with eight more, each with aliases, budget
 * lines, interactions and audited changes.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  'rsaAdminProviders': 6,
  'rsaAdminProviders.audit': 4,
  'rsaAdminProviders.logo': 1,
}

async function researchProvidersWorld() {
  const administrator = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const logo = `logos/${atlas.id}-budget.png`
  await drive.use().put(logo, Buffer.from('89504e470d0a1a0a', 'hex'))
  await db.from('providers').where('id', atlas.id).update({ logo })
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const viewer = await rsaTeam()
  const { budget } = await rsaBudget(viewer.team, viewer.currencyId, [
    { provider: atlas, price: 100_000 },
  ])
  await rsaInteractions(viewer.team, atlas, { analyst_call: 2 })
  await saveResearchProvider(administrator.id, birch.id, {
    name: birch.name,
    provider_key: birch.key,
    research_provider_type: 'independent',
    is_independent: true,
    hq_region: 'UK',
    is_active: true,
    aliases: ['birch ir'],
  })

  async function grow() {
    for (let index = 0; index < 8; index++) {
      const provider = await researchProvider(`Provider ${index}`, 'regional_broker')
      await addRsaBudgetLines(budget, viewer.team, viewer.currencyId, [
        { provider, price: 10_000 + index },
      ])
      await rsaInteractions(viewer.team, provider, { analyst_call: 1, one_to_one: 1 })
      await saveResearchProvider(administrator.id, provider.id, {
        name: `Provider ${index}`,
        provider_key: provider.key,
        research_provider_type: 'regional_broker',
        is_independent: false,
        hq_region: 'EU',
        is_active: true,
        aliases: [`provider ${index} ltd`, `p${index}`],
      })
    }
  }

  const page = { as: administrator, stack: 'admin' as const }
  const base = '/admin/research-spend-analytics/providers'
  const probes: Probe[] = [
    {
      ...page,
      route: 'rsaAdminProviders',
      url: base,
      component: 'admin/rsa/providers',
      rows: rowsAt('providers', 'choices'),
    },
    {
      ...page,
      route: 'rsaAdminProviders.audit',
      url: `${base}/audit`,
      component: 'admin/market_data/audit',
      rows: rowsAt('entries'),
    },
    { ...page, route: 'rsaAdminProviders.logo', url: `${base}/${atlas.key}/logo` },
  ]
  return { probes, grow }
}

queryBudgetGroup('research providers administration', {
  area: 'admin_rsa_providers',
  budgets: BUDGETS,
  world: researchProvidersWorld,
})
