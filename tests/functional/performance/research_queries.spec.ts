import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { ALL_MODULES } from '#shared/modules'
import { makeTeam } from '#tests/helpers/accounts'
import { researchProvider, rsaBudget } from '#tests/helpers/rsa'
import { currencyId } from '#tests/helpers/market_data_fixtures'
import {
  daysBefore,
  entitle,
  researchDocument,
  researchMember,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { computeTrendingSnapshot } from '#services/research/trending'

/**
 * Research Insights: the pages and the §7 API as a member of a team holding every module (and
 * research spend: the spend-aware chips), measured with four providers, six themes in two
 * groups and a few documents over two weeks with their snapshots, bookmarks, stars, reads and a
 * request, then with four more providers, six more themes and three times the documents,
 * bookmarks, reads and requests.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included. No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // Viewer (paid providers), snapshots, top themes, their history, related documents, paid counts.
  'trendingThemes': 8,
  'api.trendingThemes': 8,
  'api.trendingThemes.movements': 4,
  'api.trendingThemes.providers': 4,
  // Viewer, taxonomy, stars, the research catalogue's version (the counts are cached under it).
  'allThemes': 8,
  'api.trendingThemes.allThemeGroups': 7,
  // The same, the user's last visit (the page records this one), and the starred themes'
  // documents new since then that the user has not opened.
  'myThemes': 8,
  'api.trendingThemes.userThemeGroups': 8,
  // Viewer, rows with their total, themes, bookmarks and reads, research teams, highlights
  // (with a search term); the page adds its filter choices (providers, themes).
  'allResearch': 10,
  'userResearch': 10,
  'api.trendingThemes.researchDocuments': 8,
  // My research: the user's bookmarks and stars, the version its count is kept under, the count
  // (cold), the rows and their themes, marks and teams.
  'api.trendingThemes.userResearchDocuments': 8,
  // Viewer, readability, the row, its themes/marks/teams, more on its theme, their
  // themes/marks/teams; and the read it records.
  'readArticlePdf': 10,
  'researchDocumentFile': 5,
  'researchRequests': 6,
  'api.trendingThemes.bookmark': 6,
  'api.trendingThemes.bookmark.destroy': 6,
  'api.trendingThemes.star': 6,
  'api.trendingThemes.star.destroy': 6,
}

async function researchWorld() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const member = await researchMember(team)
  const providers: { id: number; key: string; name: string }[] = []
  for (const name of ['Atlas', 'Birch', 'Cedar', 'Delta']) {
    providers.push(await researchProvider(`${name} Research`, 'independent'))
  }
  await rsaBudget(team, await currencyId('GBP'), [{ provider: providers[0], price: 100_000 }])
  await entitle(team, providers[1])

  const themes: { id: number; name: string }[] = []
  const documents: number[] = []
  let written = 0
  async function addThemes(count: number) {
    const group = await themeGroup('Group')
    const child = await themeGroup('Child', group)
    for (let index = 0; index < count; index++) {
      themes.push(await researchTheme(`Theme ${themes.length}`, index % 2 ? group : child))
    }
  }
  async function addDocuments(count: number) {
    for (let index = 0; index < count; index++) {
      const n = ++written
      // Odd notes in the first week, even ones in the second, every provider in both; every
      // note also on the first theme, which trends in both weeks.
      const provider = providers[Math.floor(n / 2) % providers.length]
      const document = await researchDocument({
        provider,
        title: `Inflation note ${n} on rates`,
        publishedAt: daysBefore('2024-12-09', 1 + (n % 6) + (n % 2) * 7),
        themes: [themes[1 + (n % (themes.length - 1))], themes[0]],
        body: 'Central banks, inflation and the path of rates.',
        entitlement: n % 5 === 0 ? 'paid_provider_only' : 'open',
      })
      documents.push(document.id)
    }
  }
  const now = () => DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
  async function addMarks(from: number, count: number) {
    for (const id of documents.slice(from, from + count)) {
      await db.table('research_bookmarks').insert({
        user_id: member.id,
        document_id: id,
        created_at: now(),
      })
      await db.table('research_read_events').insert({
        user_id: member.id,
        team_id: team.id,
        document_id: id,
        channel: 'web',
        opened_at: now(),
      })
    }
  }
  async function addRequest(index: number) {
    await db.table('research_requests').insert({
      reference: `RR-2024-${String(index).padStart(4, '0')}`,
      team_id: team.id,
      user_id: member.id,
      topic: `Request ${index}`,
      description: 'A request long enough to be a real research request.',
      asset_class: 'rates',
      region: 'global',
      theme_ids: JSON.stringify([themes[index % themes.length].id]),
      needed_by: '2025-01-31',
      status: 'submitted',
      created_at: now(),
      updated_at: now(),
    })
  }
  async function snapshots() {
    await computeTrendingSnapshot(DateTime.fromISO('2024-12-02', { zone: 'utc' }))
    await computeTrendingSnapshot(DateTime.fromISO('2024-12-09', { zone: 'utc' }))
  }

  await addThemes(6)
  await addDocuments(12)
  await addMarks(0, 3)
  await addRequest(1)
  for (const theme of themes.slice(0, 2)) {
    await db.table('research_starred_themes').insert({
      user_id: member.id,
      theme_id: theme.id,
      starred_at: now(),
    })
  }
  await snapshots()

  async function grow() {
    for (const name of ['Elm', 'Fir', 'Gum', 'Hazel']) {
      providers.push(await researchProvider(`${name} Research`, 'regional_broker'))
    }
    await addThemes(6)
    await addDocuments(36)
    await addMarks(3, 9)
    for (const index of [2, 3, 4]) await addRequest(index)
    for (const theme of themes.slice(6, 8)) {
      await db.table('research_starred_themes').insert({
        user_id: member.id,
        theme_id: theme.id,
        starred_at: now(),
      })
    }
    await snapshots()
  }

  const page = { as: member, stack: 'team' as const }
  const json = { ...page, json: true }
  const article = documents[1]
  const body = { page: 1, isAnyFilterApplied: true, filters: { searchTerm: 'inflation rates' } }
  const probes = (): Probe[] => [
    {
      ...page,
      route: 'trendingThemes',
      url: '/research-discovery/trending-themes',
      component: 'research/trending_themes',
      rows: rowsAt('trending.trendingThemes', 'heatmap.cells'),
    },
    {
      ...json,
      route: 'api.trendingThemes',
      url: '/api/trending-themes',
      rows: rowsAt('trendingThemes'),
    },
    {
      ...json,
      route: 'api.trendingThemes.movements',
      url: '/api/trending-themes/movements',
      rows: rowsAt('movements'),
    },
    {
      ...json,
      route: 'api.trendingThemes.providers',
      url: '/api/trending-themes/providers',
      rows: rowsAt('providers'),
    },
    {
      ...page,
      route: 'allThemes',
      url: '/research-discovery/themes',
      component: 'research/themes',
      rows: rowsAt('groups'),
    },
    {
      ...json,
      route: 'api.trendingThemes.allThemeGroups',
      url: '/api/trending-themes/all-theme-groups',
      rows: rowsAt('themeGroups'),
    },
    {
      ...page,
      route: 'myThemes',
      url: '/research-discovery/my-themes',
      component: 'research/themes',
      rows: rowsAt('groups'),
      // Opening My themes records the visit: the next one counts what is new since.
      writes: 1,
    },
    {
      ...json,
      route: 'api.trendingThemes.userThemeGroups',
      url: '/api/trending-themes/user-theme-groups',
      rows: rowsAt('themeGroups'),
    },
    {
      ...page,
      route: 'allResearch',
      url: '/research-discovery/research?searchTerm=inflation',
      component: 'research/documents',
      rows: rowsAt('options.providers', 'options.themes'),
    },
    {
      ...page,
      route: 'userResearch',
      url: '/research-discovery/my-research?searchTerm=inflation',
      component: 'research/documents',
      rows: rowsAt('result.researchDocuments'),
    },
    {
      ...json,
      method: 'POST',
      route: 'api.trendingThemes.researchDocuments',
      url: '/api/trending-themes/research-documents',
      body,
      rows: rowsAt('researchDocuments'),
    },
    {
      ...json,
      method: 'POST',
      route: 'api.trendingThemes.userResearchDocuments',
      url: '/api/trending-themes/user-research-documents',
      body: { page: 1 },
      rows: rowsAt('researchDocuments'),
    },
    {
      ...page,
      route: 'readArticlePdf',
      url: `/research-discovery/research/${article}`,
      component: 'research/article',
      // Opening the article records the read: the visit is the action.
      writes: 1,
    },
    { ...page, route: 'researchDocumentFile', url: `/research-discovery/research/${article}/pdf` },
    {
      ...page,
      route: 'researchRequests',
      url: '/research-discovery/requests',
      component: 'research/requests',
      rows: rowsAt('requests'),
    },
    {
      ...json,
      method: 'POST',
      route: 'api.trendingThemes.bookmark',
      url: '/api/trending-themes/bookmark',
      body: { userId: member.id, documentId: documents.at(-1) },
    },
    {
      ...json,
      method: 'POST',
      route: 'api.trendingThemes.bookmark.destroy',
      url: '/api/trending-themes/bookmark/destroy',
      body: { userId: member.id, documentId: documents.at(-1) },
    },
    {
      ...json,
      method: 'POST',
      route: 'api.trendingThemes.star',
      url: '/api/trending-themes/starred-themes',
      body: { themeId: themes.at(-1)!.id },
    },
    {
      ...json,
      method: 'POST',
      route: 'api.trendingThemes.star.destroy',
      url: '/api/trending-themes/starred-themes/destroy',
      body: { themeId: themes.at(-1)!.id },
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('research insights', {
  area: 'research',
  budgets: BUDGETS,
  world: researchWorld,
})
