import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { CurrencyFactory } from '#database/factories/reference_factories'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { ALL_MODULES } from '#shared/modules'
import { makeReport, markRead } from '#tests/helpers/insights_reports'

/**
 * The shell: the dashboard and the calls every page makes (currencies,
 * unread reports, the tour, the permissions), as a member of a team holding every module (the
 * permissions: as an administrator). Measured with one team and one report, then with the
 * member in six teams, more reports (read and unread), currencies and administrator roles.
 * The request context (user, teams, modules) is counted in.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  'dashboard': 2,
  'api.currencies': 1,
  'api.insightsReports.unread': 1,
  'api.tour.show': 1,
  'api.permissions': 0,
  // The load balancer's probes: no session, no middleware. Liveness runs nothing; readiness
  // the database check and the queue backlog (the migrations table is read once a process).
  'health.live': 0,
  'health.ready': 2,
}

/** API calls that write: their statements follow what they store, not a data size. */
const NOT_MEASURED: Record<string, string> = {
  'api.currencies.select': 'a write (the display currency of the session)',
  'api.feedback': 'a write (stores the feedback)',
  'api.analytics': 'a write (stores the event)',
  'api.tour.store': 'a write (records the finished tour)',
}

async function shellWorld() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const member = await makeUser({ teams: [team] })
  const administrator = await makeUser({
    teams: [team],
    isAdministrator: true,
    roles: ['Client services'],
  })
  await makeReport({ access: 'selected_teams', teamIds: [team.id] })

  async function grow() {
    await CurrencyFactory.createMany(2)
    const roles = await db.from('roles').whereNot('name', 'Client services').select('id')
    await db.table('user_roles').multiInsert(
      roles.map((role) => ({
        user_id: administrator.id,
        role_id: role.id,
        created_at: timestamp(),
      }))
    )
    for (let index = 0; index < 5; index++) {
      const other = await makeTeam({ modules: ALL_MODULES })
      await db.table('team_user').insert({
        team_id: other.id,
        user_id: member.id,
        role: 'member',
        created_at: timestamp(),
      })
      const own = await makeReport({ access: 'selected_teams', teamIds: [team.id] })
      await makeReport()
      await makeReport({ access: 'selected_teams', teamIds: [other.id] })
      if (index % 2) await markRead(own, member.id)
      await db.table('user_tours').insert({
        user_id: member.id,
        tour_name: `tour-${index}`,
        completed_at: timestamp(),
      })
    }
  }

  const page = { as: member, stack: 'team' as const }
  const json = { ...page, json: true }
  const probes: Probe[] = [
    { route: 'health.live', url: '/health/live', as: null, json: true },
    { route: 'health.ready', url: '/health/ready', as: null, json: true },
    {
      ...page,
      route: 'dashboard',
      url: '/',
      component: 'dashboard',
      rows: rowsAt('reports', 'team.teams'),
    },
    { ...json, route: 'api.currencies', url: '/api/currencies', rows: rowsAt('currencies') },
    { ...json, route: 'api.insightsReports.unread', url: '/api/insights-reports/unread' },
    {
      ...json,
      route: 'api.tour.show',
      url: '/api/tour/has-user-done-tour/main-navigation',
      stack: 'signed_in',
    },
    {
      ...json,
      route: 'api.permissions',
      url: '/api/permissions',
      as: administrator,
      stack: 'signed_in',
      rows: rowsAt('permissions'),
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('shell', {
  area: 'shell',
  budgets: BUDGETS,
  notMeasured: NOT_MEASURED,
  world: shellWorld,
})
