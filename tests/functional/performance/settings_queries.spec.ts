import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { ALL_MODULES } from '#shared/modules'
import { SUBSCRIPTION_KEYS } from '#shared/consent'

/**
 * The user's own settings: the profile, confirming the password, the email and password
 * notices, the mandatory two-factor set-up, and the team's single sign-on page (as a manager
 * of the team, who sees who the identity provider signs in). Measured with one team, then with
 * more teams, members, email domains, security events and subscriptions.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  'profile.show': 5,
  'password.confirm': 0,
  'email.notice': 1,
  'twoFactor.required': 1,
  'password.rotate': 2,
  // The configuration, the role, the domains, the audience, and metadata waiting for its
  // certificate's fingerprint (managers).
  'SsoManagement': 7,
}

async function joinTeam(teamId: number, userId: number, role = 'member') {
  await db
    .table('team_user')
    .insert({ team_id: teamId, user_id: userId, role, created_at: timestamp() })
}

async function securityEvent(userId: number, event = 'sign_in') {
  await db.table('security_events').insert({
    user_id: userId,
    email: null,
    event,
    ip: '127.0.0.1',
    user_agent: 'Query budget',
    details: null,
    created_at: timestamp(),
  })
}

async function settingsWorld() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const member = await makeUser({ teams: [team] })
  const manager = await makeUser({ teams: [team] })
  await db
    .from('team_user')
    .where({ team_id: team.id, user_id: manager.id })
    .update({ role: 'manager' })
  await db.table('team_allowed_domains').insert({
    team_id: team.id,
    domain: 'example.com',
    created_at: timestamp(),
  })
  await db.table('team_sso_configs').insert({
    team_id: team.id,
    idp_entity_id: 'https://idp.example.com/metadata',
    idp_sso_url: 'https://idp.example.com/sso',
    idp_certificate: 'MIIB',
    idp_certificate_expires_at: timestamp(DateTime.now().plus({ years: 1 })),
    metadata_xml: '<EntityDescriptor/>',
    enabled: true,
    required: false,
    created_at: timestamp(),
  })
  await securityEvent(member.id)

  const strictTeam = await makeTeam({ modules: ALL_MODULES })
  await db.from('teams').where('id', strictTeam.id).update({ require_two_factor: true })
  const withoutTwoFactor = await makeUser({ teams: [strictTeam] })
  const expired = await makeUser({
    teams: [team],
    passwordChangedAt: DateTime.now().minus({ days: 400 }),
  })

  async function grow() {
    for (let index = 0; index < 5; index++) {
      const other = await makeTeam({ modules: ALL_MODULES })
      await joinTeam(other.id, member.id)
      await joinTeam(other.id, withoutTwoFactor.id)
      await joinTeam(other.id, expired.id)
      // Members of the team, some also in another team, some at another domain.
      const colleague = await makeUser({
        email: index % 2 ? undefined : `colleague${index}.${other.id}@elsewhere.test`,
      })
      await joinTeam(team.id, colleague.id)
      if (index % 2) await joinTeam(other.id, colleague.id)
      await db.table('team_allowed_domains').insert({
        team_id: team.id,
        domain: `division${index}.example.com`,
        created_at: timestamp(),
      })
      await securityEvent(member.id, index % 2 ? 'password_changed' : 'sign_in')
      await securityEvent(member.id, 'sign_out')
    }
    await db.table('email_subscriptions').multiInsert(
      SUBSCRIPTION_KEYS.map((subscription) => ({
        user_id: member.id,
        subscription,
        created_at: timestamp(),
      }))
    )
  }

  const probes: Probe[] = [
    {
      route: 'profile.show',
      url: '/user/profile',
      as: member,
      stack: 'signed_in',
      component: 'profile/show',
      rows: rowsAt('securityEvents', 'subscriptions', 'team.teams'),
    },
    {
      route: 'password.confirm',
      url: '/user/confirm-password',
      as: member,
      stack: 'signed_in',
      component: 'auth/confirm_password',
    },
    {
      route: 'email.notice',
      url: '/email/verify',
      as: member,
      stack: 'signed_in',
      component: 'auth/verify_email',
    },
    {
      route: 'twoFactor.required',
      url: '/user/two-factor/required',
      as: withoutTwoFactor,
      stack: 'signed_in',
      component: 'auth/two_factor_required',
      rows: rowsAt('team.teams'),
    },
    // Before the password-age gate: nothing else of the stack runs.
    {
      route: 'password.rotate',
      url: '/password/rotate',
      as: expired,
      component: 'auth/rotate_password',
    },
    {
      route: 'SsoManagement',
      url: '/sso-management',
      as: manager,
      stack: 'team',
      component: 'sso/management',
      rows: rowsAt('audience', 'emailDomains'),
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('settings', {
  area: 'settings',
  budgets: BUDGETS,
  world: settingsWorld,
})
