import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst, move, sectorIds } from '#tests/helpers/providers'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { referenceOptions } from '#services/providers/reference'

/**
 * The providers administration (`/admin/providers`): the analyst roster, the moves, the import
 * page with its latest imports, the data-quality queue, the audit trail, the analyst picker and
 * the templates,
 * as an administrator holding every permission. Measured with three providers and six analysts
 * (some moved, some unverified or without coverage), then with twenty more analysts and moves
 * and more imports.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // The years offered, the count, the page (provider, moves and latest sectors as columns), the
  // providers.
  'providersAdmin': 4,
  'providersAdmin.analysts.search': 1,
  // The count, the page, its cells, the providers, the years with moves.
  'providersAdmin.moves': 5,
  // The years offered.
  'providersAdmin.import': 2,
  'providersAdmin.import.template': 0,
  // The latest year with coverage; both counts in one query; the count and the page of the reason.
  'providersAdmin.dataQuality': 4,
  // The count, the page, the kinds and the authors on the trail, the names the page's values
  // refer to.
  'providersAdmin.audit': 5,
}

async function providersAdminWorld() {
  // Sectors and regions are read once per process: as on a running server.
  await referenceOptions()
  const administrator = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
  const sectors = Object.values(await sectorIds())
  const providers = [
    await researchProvider('Atlas Research', 'bulge_bracket'),
    await researchProvider('Birch Research', 'independent'),
    await researchProvider('Cedar Research', 'regional_broker'),
  ]
  const stamp = () => DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)
  let people = 0
  async function addAnalysts(count: number) {
    for (let index = 0; index < count; index++) {
      const n = ++people
      const home = providers[n % providers.length]
      const next = providers[(n + 1) % providers.length]
      const person = await analyst({
        name: `Analyst ${String(n).padStart(3, '0')}`,
        provider: n % 2 ? next : home,
        startYear: 2000 + (n % 20),
        verifiedAt: n % 3 ? stamp() : null,
        coverage:
          n % 4 === 0 ? [] : [{ year: 2024, sectorId: sectors[n % sectors.length], region: 'UK' }],
      })
      if (n % 2) {
        await move({
          analyst: person,
          date: `2024-0${1 + (n % 9)}-15`,
          type: 'joiner',
          from: home,
          to: next,
          experience: 24 - (n % 20),
          cells: [{ sectorId: sectors[n % sectors.length], region: 'UK' }],
        })
      }
      await db.table('audit_logs').insert({
        user_id: administrator.id,
        source: 'web',
        entity_type: 'analyst_import',
        entity_id: null,
        action: 'import',
        summary: `Imported roster-${n}.csv: 1 analyst created`,
        created_at: stamp(),
      })
    }
  }
  await addAnalysts(6)

  const page = { as: administrator, stack: 'admin' as const }
  const base = '/admin/providers'
  const probes: Probe[] = [
    {
      ...page,
      route: 'providersAdmin',
      url: base,
      component: 'admin/providers/analysts',
      rows: rowsAt('analysts'),
    },
    {
      ...page,
      route: 'providersAdmin.analysts.search',
      url: `${base}/analysts/search?q=analyst`,
      json: true,
      rows: rowsAt('analysts'),
    },
    {
      ...page,
      route: 'providersAdmin.moves',
      url: `${base}/moves`,
      component: 'admin/providers/moves',
      rows: rowsAt('moves'),
    },
    {
      ...page,
      route: 'providersAdmin.import',
      url: `${base}/import`,
      component: 'admin/providers/import',
      rows: rowsAt('imports'),
    },
    { ...page, route: 'providersAdmin.import.template', url: `${base}/import/templates/moves` },
    {
      ...page,
      route: 'providersAdmin.audit',
      url: `${base}/audit`,
      component: 'admin/market_data/audit',
      rows: rowsAt('entries'),
    },
    {
      ...page,
      route: 'providersAdmin.dataQuality',
      url: `${base}/data-quality`,
      component: 'admin/providers/data_quality',
      rows: rowsAt('analysts'),
    },
  ]
  return { probes, grow: () => addAnalysts(20) }
}

queryBudgetGroup('providers administration', {
  area: 'admin_providers',
  budgets: BUDGETS,
  world: providersAdminWorld,
})
