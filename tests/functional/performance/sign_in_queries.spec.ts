import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { pathOf } from '#tests/helpers/mails'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { type Probe, queryBudgetGroup } from '#tests/helpers/query_budget'
import {
  emailChangeUrl,
  emailVerificationUrl,
  passwordResetUrl,
  unsubscribeUrl,
} from '#services/auth/signed_links'
import { invitationUrl, inviteToTeam } from '#services/accounts/invitations'
import { TWO_FACTOR_PENDING_KEY } from '#controllers/auth/session_controller'
import { ALL_MODULES } from '#shared/modules'

/**
 * Signing in and the signed links of the mails, as a visitor: the sign-in, registration and
 * forgotten-password pages, the second step of a two-factor sign-in, the password reset,
 * invitation, email confirmation, email change and unsubscribe links, and a team's single
 * sign-on metadata. Measured with one team, then with more teams, members and invitations.
 *
 * Budgets are today's counts: a visitor runs no request context; a link that changes something
 * (confirming an address, an email change) counts the start and end of its transaction (here a
 * savepoint and its release, inside the test's own transaction).
 */
const BUDGETS: Record<string, number> = {
  'login': 0,
  'register': 0,
  'password.forgot': 0,
  'twoFactor.challenge': 0,
  'password.reset': 1,
  'invitation.show': 3,
  'email.verify': 2,
  'email.change.confirm': 9,
  'unsubscribe': 1,
  'sso.metadata': 1,
}

async function signInWorld() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const member = await makeUser({ teams: [team] })
  const administrator = await makeUser({ isAdministrator: true, roles: ['Client services'] })
  const invitation = await inviteToTeam(
    team,
    { email: `invitee.${team.id}@example.com`, role: 'member' },
    administrator
  )

  async function grow() {
    for (let index = 0; index < 5; index++) {
      const other = await makeTeam({ modules: ALL_MODULES })
      await makeUser({ teams: [team, other] })
      await inviteToTeam(
        team,
        { email: `invitee${index}.${team.id}@example.com`, role: 'member' },
        administrator
      )
      await db.table('team_user').insert({
        team_id: other.id,
        user_id: member.id,
        role: 'member',
        created_at: timestamp(),
      })
    }
  }

  /** Links that do what they say once: fresh ones for each measure. */
  async function probes(): Promise<Probe[]> {
    const unverified = await makeUser({ teams: [team], emailVerified: false })
    const nonce = randomBytes(16).toString('hex')
    const newEmail = `changed.${nonce.slice(0, 8)}@example.com`
    await db.table('email_changes').insert({
      user_id: member.id,
      email: newEmail,
      nonce,
      requested_at: timestamp(),
      expires_at: timestamp(DateTime.now().plus({ hours: 1 })),
    })
    const visitor = { as: null, stack: 'visitor' as const }
    return [
      { ...visitor, route: 'login', url: '/login', component: 'auth/login' },
      { ...visitor, route: 'register', url: '/register', component: 'auth/register' },
      {
        ...visitor,
        route: 'password.forgot',
        url: '/forgot-password',
        component: 'auth/forgot_password',
      },
      {
        ...visitor,
        route: 'twoFactor.challenge',
        url: '/two-factor-challenge',
        session: {
          [TWO_FACTOR_PENDING_KEY]: { userId: member.id, expiresAt: Date.now() + 60_000 },
        },
        component: 'auth/two_factor_challenge',
      },
      {
        ...visitor,
        route: 'password.reset',
        url: pathOf(passwordResetUrl(member)),
        component: 'auth/reset_password',
        props: { valid: true },
      },
      {
        ...visitor,
        route: 'invitation.show',
        url: pathOf(invitationUrl(invitation)),
        component: 'auth/invitation',
        props: { valid: true },
      },
      {
        ...visitor,
        route: 'email.verify',
        url: pathOf(emailVerificationUrl(unverified)),
        component: 'auth/verify_email_result',
        props: { verified: true },
        // The mailed link's visit is the confirmation: the address is marked verified.
        writes: 1,
      },
      {
        ...visitor,
        route: 'email.change.confirm',
        url: pathOf(emailChangeUrl(member.id, newEmail, nonce)),
        component: 'auth/verify_email_result',
        props: { verified: true },
        // The new address replaces the old one, the pending change is closed and logged.
        writes: 3,
      },
      {
        ...visitor,
        route: 'unsubscribe',
        url: pathOf(unsubscribeUrl(member, 'weekly_digest')),
        component: 'unsubscribe',
        props: { valid: true },
      },
      { ...visitor, route: 'sso.metadata', url: `/sso/metadata/${team.id}` },
    ]
  }
  return { probes, grow }
}

queryBudgetGroup('signing in and signed links', {
  area: 'sign_in',
  budgets: BUDGETS,
  world: signInWorld,
})
