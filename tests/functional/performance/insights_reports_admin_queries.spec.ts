import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import {
  makeCategory,
  makeReport,
  makeTag,
  markRead,
  subscribe,
} from '#tests/helpers/insights_reports'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { MODULES } from '#shared/modules'

/**
 * Insights Reports administration: the reports list with its reach figures, the wizard, one
 * report (details, notify list, analytics, versions), its PDF, and the categories and tags, as
 * a client services administrator. Measured with three reports and a team of four, then with
 * twenty more reports, teams, readers and notifications.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // Counts per status, the page (downloads as a column), the categories, the page's tags,
  // audiences by module and by selected team, the notified users, the reads.
  'adminInsightsReports': 8,
  // Categories and tags in one query, the teams.
  'adminInsightsReports.create': 2,
  // Categories and tags with their report counts.
  'adminInsightsReports.taxonomy': 2,
  // The report, its tags, its teams, reads, versions, the audience, its notifications, and the
  // form's two option queries.
  'adminInsightsReports.show': 9,
  'adminInsightsReports.file': 1,
}

async function adminWorld() {
  const administrator = await makeUser({ isAdministrator: true, roles: ['Client services'] })
  const team = await makeTeam({ modules: [MODULES.insightsReports, MODULES.rsaBudgets] })
  const category = await makeCategory('Regulation')
  const tag = await makeTag('UK')
  const members = [] as number[]
  for (let index = 0; index < 4; index++) {
    const user = await makeUser({ teams: [team], emailVerified: index !== 0 })
    if (index > 1) await subscribe(user.id)
    members.push(user.id)
  }
  const report = await makeReport({
    categoryId: category,
    tagIds: [tag],
    access: 'selected_teams',
    teamIds: [team.id],
    withFile: true,
  })
  await makeReport({ categoryId: category, access: 'product_holders', module: MODULES.rsaBudgets })
  await makeReport({ categoryId: category })
  await markRead(report, members[2])

  async function grow() {
    for (let index = 0; index < 5; index++) {
      await makeCategory(`Category ${index}`)
      await makeTag(`Tag ${index}`)
    }
    for (let index = 0; index < 20; index++) {
      const other = await makeTeam({ modules: [MODULES.insightsReports] })
      const user = await makeUser({ teams: [other, team] })
      await subscribe(user.id)
      const id = await makeReport({
        categoryId: category,
        tagIds: [tag],
        access: index % 2 ? 'selected_teams' : 'all_clients',
        teamIds: index % 2 ? [other.id, team.id] : [],
      })
      await markRead(id, user.id)
      await markRead(report, user.id)
      await db.table('insights_report_notifications').insert({
        insights_report_id: report,
        version: 1,
        user_id: user.id,
        channel: 'email',
        status: 'sent',
        queued_at: '2026-11-01 09:00:00',
        sent_at: '2026-11-01 09:00:02',
      })
      await db.table('insights_report_downloads').insert({
        insights_report_id: id,
        user_id: user.id,
        team_id: other.id,
        version: 1,
        created_at: '2026-11-01 10:00:00',
      })
    }
  }

  const page = { as: administrator, stack: 'admin' as const }
  const base = '/admin/insights-reports'
  const probes: Probe[] = [
    {
      ...page,
      route: 'adminInsightsReports',
      url: base,
      component: 'admin/insights_reports/index',
      rows: rowsAt('reports'),
    },
    {
      ...page,
      route: 'adminInsightsReports.create',
      url: `${base}/new`,
      component: 'admin/insights_reports/wizard',
      rows: rowsAt('options.teams'),
    },
    {
      ...page,
      route: 'adminInsightsReports.taxonomy',
      url: `${base}/taxonomy`,
      component: 'admin/insights_reports/taxonomy',
      rows: rowsAt('categories', 'tags'),
    },
    {
      ...page,
      route: 'adminInsightsReports.show',
      url: `${base}/${report}`,
      component: 'admin/insights_reports/show',
      rows: rowsAt('notify.users', 'analytics.readers'),
    },
    { ...page, route: 'adminInsightsReports.file', url: `${base}/${report}/file` },
  ]
  return { probes, grow }
}

queryBudgetGroup('insights reports administration', {
  area: 'admin_insights_reports',
  budgets: BUDGETS,
  world: adminWorld,
})
