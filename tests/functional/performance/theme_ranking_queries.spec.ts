import { DateTime } from 'luxon'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { daysBefore, researchDocument, researchTheme, themeGroup } from '#tests/helpers/research'
import { computeTrendingSnapshot } from '#services/research/trending'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'

/**
 * Theme ranking administration: a week's themes with their per-provider breakdown, the editors'
 * overrides and the publication, measured with three themes over two weeks, then with ten more
 * themes written on by more providers (and overrides on them).
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included. No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // Measured 8 whatever the number of themes: the weeks (with the chosen one), its entries,
  // overrides, publication, published places, the catalogue's version and the per-provider
  // breakdown kept under it (read when the catalogue changed, as here), the week clients see.
  themeRanking: 8,
}

const WEEK = '2024-12-09'

async function world() {
  const administrator = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  const group = await themeGroup('Macro')
  const providers = [] as { id: number }[]
  let themes = 0
  async function addThemes(count: number, providerCount: number) {
    while (providers.length < providerCount) {
      providers.push(await researchProvider(`Provider ${providers.length}`, 'independent'))
    }
    for (let index = 0; index < count; index++) {
      const theme = await researchTheme(`Theme ${++themes}`, group)
      for (const provider of providers.slice(0, 3 + (index % 3))) {
        await researchDocument({
          provider,
          title: `Note ${theme.id} ${provider.id}`,
          publishedAt: daysBefore(WEEK, 2),
          themes: [theme],
        })
      }
    }
    await computeTrendingSnapshot(DateTime.fromISO('2024-12-02', { zone: 'utc' }))
    await computeTrendingSnapshot(DateTime.fromISO(WEEK, { zone: 'utc' }))
  }
  await addThemes(3, 3)

  const probes: Probe[] = [
    {
      as: administrator,
      stack: 'admin',
      route: 'themeRanking',
      url: `/admin/research-discovery/theme-ranking?week=${WEEK}`,
      component: 'admin/research/theme_ranking',
      rows: rowsAt('rows'),
    },
  ]
  return { probes, grow: () => addThemes(10, 6) }
}

queryBudgetGroup('theme ranking administration', {
  area: 'admin_theme_ranking',
  budgets: BUDGETS,
  world,
})
