import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import {
  researchDocumentsInBulk,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'

/**
 * Research discovery analytics (`/admin/research-discovery/analytics`): its three tabs over the
 * default range (the last 12 weeks), as an administrator of research discovery. Measured with
 * two providers, two teams and a few documents, reads, searches and digests, then with three
 * more providers and teams and ten times the documents, reads, searches and digests: every
 * figure is a grouped query, whatever the number of rows.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included. No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // Ingested with their reads until the range's end; reads and readers; bookmarks; the medians.
  'researchDiscoveryAnalytics': 4,
  // The catalogue's version, documents per theme per week (kept under it: not read again while
  // the catalogue is unchanged); stars per theme; searches per week; zero-result terms.
  'researchDiscoveryAnalytics.trends': 5,
  // Readers per team and week; reads and readers per team; requests per team; digests.
  'researchDiscoveryAnalytics.users': 4,
}

const stamp = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

async function analyticsWorld() {
  const administrator = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  const group = await themeGroup('Macro')
  const themes = [await researchTheme('Rates', group), await researchTheme('Energy', group)]
  const now = DateTime.utc()
  let round = 0

  async function add(providers: number, documentsEach: number) {
    round++
    for (let p = 0; p < providers; p++) {
      const provider = await researchProvider(`Provider ${round}-${p}`, 'independent')
      const team = await researchTeam(`Team ${round}-${p}`)
      const reader = await researchMember(team)
      const ids = await researchDocumentsInBulk(
        provider,
        documentsEach,
        now.minus({ days: 1 }).toISO()!,
        (index) => `Note ${index}`
      )
      // Spread over the last weeks: published and ingested on the same day.
      for (const [index, id] of ids.entries()) {
        const published = stamp(now.minus({ days: 1 + ((index * 5) % 70) }))
        await db
          .from('research_documents')
          .where('id', id)
          .update({ published_at: published, created_at: published })
      }
      await db.table('research_document_themes').multiInsert(
        ids.map((id, index) => ({
          document_id: id,
          theme_id: themes[index % themes.length].id,
          is_primary: true,
          relevance: 1,
        }))
      )
      await db.table('research_read_events').multiInsert(
        ids.map((id, index) => ({
          user_id: reader.id,
          team_id: team.id,
          document_id: id,
          channel: 'web',
          opened_at: stamp(now.minus({ hours: 2 + index })),
        }))
      )
      await db.table('research_bookmarks').multiInsert(
        ids.slice(0, 2).map((id) => ({
          user_id: reader.id,
          document_id: id,
          created_at: stamp(now.minus({ hours: 1 })),
        }))
      )
      await db.table('research_starred_themes').insert({
        user_id: reader.id,
        theme_id: themes[p % themes.length].id,
        starred_at: stamp(now.minus({ days: 3 })),
      })
      await db.table('research_searches').multiInsert(
        ids.map((_, index) => ({
          user_id: reader.id,
          team_id: team.id,
          term: `term ${round} ${p} ${index}`,
          result_count: index % 2 ? 0 : 4,
          searched_at: stamp(now.minus({ days: index % 60 })),
        }))
      )
      await db.table('research_requests').insert({
        reference: `RR-Q-${round}${p}`,
        team_id: team.id,
        user_id: reader.id,
        topic: 'Rates',
        description: 'Rates outlook.',
        asset_class: 'rates',
        region: 'global',
        theme_ids: '[]',
        needed_by: now.plus({ days: 30 }).toISODate()!,
        status: 'submitted',
        created_at: stamp(now.minus({ days: 2 })),
        updated_at: stamp(now.minus({ days: 2 })),
      })
      const weeks = Array.from({ length: Math.min(10, documentsEach) }, (_, index) =>
        now.minus({ weeks: index })
      )
      await db.table('research_digest_runs').multiInsert(
        weeks.map((week) => ({
          user_id: reader.id,
          week: week.toFormat("kkkk-'W'WW"),
          sent_at: stamp(week),
          suppressed_reason: null,
          created_at: stamp(week),
        }))
      )
      await db.table('research_digest_clicks').multiInsert(
        weeks.map((week) => ({
          user_id: reader.id,
          week: week.toFormat("kkkk-'W'WW"),
          target: 'trending',
          document_id: null,
          clicked_at: stamp(week.plus({ hours: 1 })),
        }))
      )
    }
  }
  await add(2, 3)

  const page = { as: administrator, stack: 'admin' as const }
  const base = '/admin/research-discovery/analytics'
  const probes: Probe[] = [
    {
      ...page,
      route: 'researchDiscoveryAnalytics',
      url: base,
      component: 'admin/research/analytics',
      rows: rowsAt('figures.providers'),
    },
    {
      ...page,
      route: 'researchDiscoveryAnalytics.trends',
      url: `${base}/trends`,
      component: 'admin/research/analytics',
      rows: rowsAt('figures.zeroResults'),
    },
    {
      ...page,
      route: 'researchDiscoveryAnalytics.users',
      url: `${base}/users`,
      component: 'admin/research/analytics',
      rows: rowsAt('figures.teams', 'figures.digests'),
    },
  ]
  return { probes, grow: () => add(3, 30) }
}

queryBudgetGroup('research discovery analytics', {
  area: 'admin_research_analytics',
  budgets: BUDGETS,
  world: analyticsWorld,
})
