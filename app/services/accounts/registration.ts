import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import VerifyEmailMail from '#mails/verify_email_mail'
import { emailVerificationUrl } from '#services/auth/signed_links'
import { createUser } from '#services/accounts/accounts'
import { assertPasswordPolicy, minimumLengthForTeams } from '#services/auth/password_policy'
import { fieldError } from '#services/http/field_error'

export const REGISTRATION_REFUSED =
  'Registration needs an invitation. Ask your team administrator to invite you, or use the link in your invitation mail.'

/**
 * The teams an address may join by registering itself: those that allow self-registration for
 * the address's email domain.
 */
export async function selfRegistrationTeams(email: string) {
  const domain = email.split('@').pop()!.toLowerCase()
  const rows: { id: number; name: string }[] = await db
    .from('teams')
    .join('team_allowed_domains', 'team_allowed_domains.team_id', 'teams.id')
    .where('teams.allow_self_registration', true)
    .where('team_allowed_domains.domain', domain)
    .select('teams.id', 'teams.name')
    .orderBy('teams.name')
  return rows
}

/**
 * Registration without an invitation: only for an address at an allowed domain of a team
 * that permits it. The account joins those teams and must confirm its email address before it
 * reaches their data.
 */
export async function registerSelf(input: { name: string; email: string; password: string }) {
  const teams = await selfRegistrationTeams(input.email)
  if (teams.length === 0) throw fieldError('email', REGISTRATION_REFUSED)
  if (await User.findBy('email', input.email)) {
    throw fieldError(
      'email',
      'An account already uses this address. Sign in, or reset your password if you forgot it.'
    )
  }
  assertPasswordPolicy(input.password, {
    minLength: await minimumLengthForTeams(teams.map((team) => team.id)),
    email: input.email,
    name: input.name,
  })
  const user = await createUser({
    name: input.name,
    email: input.email,
    password: input.password,
    teamNames: teams.map((team) => team.name),
    emailVerified: false,
  })
  await mail.send(new VerifyEmailMail(user, emailVerificationUrl(user)))
  return { user, teams }
}
