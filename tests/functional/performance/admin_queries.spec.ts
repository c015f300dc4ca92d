import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { FeedbackFactory } from '#database/factories/activity_factories'
import { RoleFactory } from '#database/factories/reference_factories'
import { inviteToTeam } from '#services/accounts/invitations'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { ALL_MODULES } from '#shared/modules'

/**
 * The administration pages outside market data and research spend (Admin Home, account
 * management, the security log, feedback, background jobs and the areas still to come), as an
 * administrator holding every permission. Measured with one team, one member and one of each
 * record, then with six teams, more members, invitations, roles, security events, feedback and
 * job runs.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  adminHome: 1,
  accountManagement: 4,
  adminUsers: 2,
  adminRoles: 3,
  teamProfile: 8,
  userProfile: 7,
  adminSecurityLog: 2,
  adminFeedback: 2,
  adminBackgroundJobs: 3,
  // The summary facets: the dictionaries, and the providers and products tagged per value.
  adminSummaryFacets: 2,
}

async function securityEvent(userId: number | null, event = 'sign_in') {
  await db.table('security_events').insert({
    user_id: userId,
    email: userId ? null : 'stranger@example.com',
    event,
    ip: '127.0.0.1',
    user_agent: 'Query budget',
    details: JSON.stringify({ teamId: null }),
    created_at: timestamp(),
  })
}

async function jobRun(index: number) {
  await db.table('job_runs').insert({
    job_id: `budget-job-${index}`,
    name: 'SendSubmissionStatusMail',
    queue: 'mail',
    payload: JSON.stringify({ statusChangeId: index }),
    status: index % 2 ? 'failed' : 'completed',
    attempt: 1,
    max_attempts: 4,
    error: index % 2 ? 'Connection refused' : null,
    started_at: timestamp(),
    finished_at: timestamp(),
  })
}

async function adminWorld() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const administrator = await makeUser({
    teams: [team],
    isAdministrator: true,
    roles: ['Super administrator'],
  })
  const member = await makeUser({ teams: [team] })
  await securityEvent(member.id)
  await FeedbackFactory.merge({ userId: member.id, teamId: team.id }).create()
  await jobRun(0)

  async function grow() {
    for (let index = 0; index < 5; index++) {
      const other = await makeTeam({ modules: ALL_MODULES.slice(index) })
      const colleague = await makeUser({ teams: [team, other] })
      await db.table('team_user').insert({
        team_id: other.id,
        user_id: member.id,
        role: 'member',
        created_at: timestamp(),
      })
      await inviteToTeam(
        team,
        { email: `invitee${index}.${team.id}@example.com`, role: 'member' },
        administrator
      )
      await db.table('team_allowed_ips').insert({
        team_id: team.id,
        cidr: `10.0.${index}.0/24`,
        created_at: timestamp(),
      })
      await securityEvent(member.id, index % 2 ? 'password_changed' : 'sign_in')
      await securityEvent(colleague.id)
      await securityEvent(null, 'sign_in_failed')
      await FeedbackFactory.merge({ userId: colleague.id, teamId: other.id }).create()
      await jobRun(index + 1)
    }
    const roles = await RoleFactory.createMany(3)
    await db
      .table('user_roles')
      .multiInsert(
        roles.map((role) => ({ user_id: member.id, role_id: role.id, created_at: timestamp() }))
      )
  }

  const page = { as: administrator, stack: 'admin' as const }
  const accounts = '/admin/account-management'
  const probes: Probe[] = [
    { ...page, route: 'adminHome', url: '/admin/welcome', component: 'admin/welcome' },
    {
      ...page,
      route: 'accountManagement',
      url: accounts,
      component: 'admin/accounts/teams',
      rows: rowsAt('teams'),
    },
    {
      ...page,
      route: 'adminUsers',
      url: `${accounts}/users`,
      component: 'admin/accounts/users',
      rows: rowsAt('users'),
    },
    {
      ...page,
      route: 'adminRoles',
      url: `${accounts}/roles`,
      component: 'admin/accounts/roles',
      rows: rowsAt('roles'),
    },
    {
      ...page,
      route: 'teamProfile',
      url: `${accounts}/teams/${team.id}`,
      component: 'admin/accounts/team',
      rows: rowsAt('members', 'invitations', 'events', 'managedTeam.ips'),
    },
    {
      ...page,
      route: 'userProfile',
      url: `${accounts}/users/${member.id}`,
      component: 'admin/accounts/user',
      rows: rowsAt('teams', 'events', 'roles'),
    },
    {
      ...page,
      route: 'adminSecurityLog',
      url: `${accounts}/security-log`,
      component: 'admin/security_log',
      rows: rowsAt('events'),
    },
    {
      ...page,
      route: 'adminFeedback',
      url: '/admin/feedback',
      component: 'admin/feedback',
      rows: rowsAt('feedback.data'),
    },
    {
      ...page,
      route: 'adminBackgroundJobs',
      url: '/admin/background-jobs?status=all',
      component: 'admin/background_jobs',
      rows: rowsAt('runs'),
    },
    {
      ...page,
      route: 'adminSummaryFacets',
      url: '/admin/summary-facets',
      component: 'admin/summary/facets',
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('administration', {
  area: 'admin',
  budgets: BUDGETS,
  world: adminWorld,
})
