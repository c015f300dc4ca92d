import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { researchDocument, researchTheme, themeGroup } from '#tests/helpers/research'
import db from '@adonisjs/lucid/services/db'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'

/**
 * Theme management: the group tree and every theme with its synonyms and counts, measured with
 * two groups and three themes, then with a deeper tree of many more themes, documents, stars and
 * synonyms. (The writes answer with a redirect to the page: they are not measured as pages.)
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included.
 */
const BUDGETS: Record<string, number> = {
  // Measured 6 whatever the size: the groups, the themes, the synonyms, the catalogue's version
  // and the documents per theme kept under it (read when the catalogue changed, as here), and
  // the stars per theme.
  themeManagement: 6,
}

async function world() {
  const administrator = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  const provider = await researchProvider('Atlas Budget', 'independent')
  let themes = 0
  async function addThemes(groupCount: number, perGroup: number) {
    for (let g = 0; g < groupCount; g++) {
      const parent = await themeGroup('Budget group')
      const child = await themeGroup('Budget child', parent)
      for (let index = 0; index < perGroup; index++) {
        const theme = await researchTheme(`Budget theme ${++themes}`, index % 2 ? parent : child)
        await db.table('research_theme_synonyms').insert({
          theme_id: theme.id,
          name: `Other name ${themes}`,
          folded: `other name ${themes}`,
          created_at: '2024-11-01 00:00:00',
        })
        await researchDocument({
          provider,
          title: `Budget note ${themes}`,
          publishedAt: '2024-11-20T09:00:00Z',
          themes: [theme],
        })
        await db.table('research_starred_themes').insert({
          user_id: administrator.id,
          theme_id: theme.id,
          starred_at: '2024-11-21 09:00:00',
        })
      }
    }
  }
  await addThemes(1, 3)

  const probes: Probe[] = [
    {
      as: administrator,
      stack: 'admin',
      route: 'themeManagement',
      url: '/admin/research-discovery/themes',
      component: 'admin/research/themes',
      rows: rowsAt('themes', 'groups'),
    },
  ]
  return { probes, grow: () => addThemes(4, 6) }
}

queryBudgetGroup('theme management', {
  area: 'admin_theme_management',
  budgets: BUDGETS,
  world,
})
