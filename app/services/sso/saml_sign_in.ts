import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  SAML,
  ValidateInResponseTo,
  type CacheItem,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml'
import User from '#models/user'
import { affectedRows } from '#services/db/affected_rows'
import { certificatePem } from '#services/sso/idp_metadata'
import { serviceProviderFor } from '#services/sso/service_provider'
import { ssoConfigForTeam, type TeamSsoConfig } from '#services/sso/sso_config'
import { ssoRefusalForUser, type SsoRefusal } from '#services/sso/sso_eligibility'

/** How long the identity provider has to answer a sign-in request. */
export const SSO_REQUEST_TTL_MS = 10 * 60 * 1000
/** Tolerated difference between our clock and the identity provider's. */
export const SSO_CLOCK_SKEW_MS = 60 * 1000

const now = () => DateTime.now()
const sqlTime = (value: DateTime) => value.toFormat(db.connection().dialect.dateTimeFormat)

/**
 * The sign-in requests sent to a team's identity provider, kept in the database: the
 * identity provider's answer arrives as a cross-site POST, without our session cookie. A
 * request is answered once: taking it out marks it consumed, and only the caller that did so
 * may sign the user in.
 */
class SsoRequestStore implements CacheProvider {
  readonly consumed = new Set<string>()

  constructor(private readonly teamId: number) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const createdAt = now()
    await db.table('sso_requests').insert({
      request_id: key.slice(0, 128),
      team_id: this.teamId,
      created_at: sqlTime(createdAt),
      expires_at: sqlTime(createdAt.plus({ milliseconds: SSO_REQUEST_TTL_MS })),
    })
    return { value, createdAt: createdAt.toMillis() }
  }

  async getAsync(key: string): Promise<string | null> {
    const row = await db
      .from('sso_requests')
      .where({ request_id: key, team_id: this.teamId })
      .whereNull('consumed_at')
      .where('expires_at', '>', sqlTime(now()))
      .select('created_at')
      .first()
    return row ? new Date(row.created_at).toISOString() : null
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null
    const updated = await db
      .from('sso_requests')
      .where({ request_id: key, team_id: this.teamId })
      .whereNull('consumed_at')
      .update({ consumed_at: sqlTime(now()) })
    if (affectedRows(updated) === 1) this.consumed.add(key)
    return key
  }
}

function samlFor(teamId: number, config: TeamSsoConfig, store: SsoRequestStore) {
  const sp = serviceProviderFor(teamId)
  return new SAML({
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: config.idpSsoUrl,
    idpCert: certificatePem(config.idpCertificate),
    idpIssuer: config.idpEntityId,
    identifierFormat: sp.nameIdFormat,
    // The assertion itself must carry the identity provider's signature; a signature on the
    // envelope alone is not enough.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_REQUEST_TTL_MS,
    acceptedClockSkewMs: SSO_CLOCK_SKEW_MS,
    disableRequestedAuthnContext: true,
    cacheProvider: store,
  })
}

/** Single sign-on is not available for the team (not set up, or turned off). */
export class SsoUnavailableError extends Error {}

/**
 * Starts a sign-in at the team's identity provider: records the request and returns the
 * identity provider's URL carrying it (HTTP-Redirect binding).
 */
export async function beginSamlSignIn(teamId: number): Promise<string> {
  const config = await ssoConfigForTeam(teamId)
  if (!config?.enabled) throw new SsoUnavailableError('Single sign-on is not turned on.')
  const current = sqlTime(now())
  await db.from('sso_requests').where('expires_at', '<', current).delete()
  await db.from('sso_assertions').where('expires_at', '<', current).delete()
  return samlFor(teamId, config, new SsoRequestStore(teamId)).getAuthorizeUrlAsync(
    '',
    undefined,
    {}
  )
}

export type SsoFailureReason =
  | 'not_configured'
  | 'malformed'
  | 'signature'
  | 'expired'
  | 'audience'
  | 'in_response_to'
  | 'replayed'
  | 'issuer'
  | 'recipient'
  | 'identity_provider_error'
  | 'invalid'
  | 'unknown_user'
  | 'disabled'
  | SsoRefusal

export type SsoOutcome =
  | { ok: true; user: User; assertionId: string }
  | {
      ok: false
      reason: SsoFailureReason
      /** The identity provider vouched for an account it may not sign in (see sso_eligibility). */
      refused: boolean
      message: string
      detail: string
      user?: User
      email?: string
    }

const MESSAGES: Record<SsoFailureReason, string> = {
  not_configured: 'Single sign-on is not turned on for this team.',
  malformed: 'The sign-in response from your identity provider could not be read.',
  signature:
    'The sign-in response is not signed by your team’s identity provider, so it was refused.',
  expired: 'The sign-in response has expired. Start again from the sign-in page.',
  audience: 'The sign-in response was issued for another service, so it was refused.',
  in_response_to:
    'This sign-in response does not answer a sign-in started here, or it has already been used. Start again from the sign-in page.',
  replayed: 'This sign-in response has already been used. Start again from the sign-in page.',
  issuer: 'The sign-in response comes from another identity provider, so it was refused.',
  recipient: 'The sign-in response was addressed to another sign-in address, so it was refused.',
  identity_provider_error: 'Your identity provider did not sign you in.',
  invalid: 'The sign-in response could not be accepted.',
  unknown_user:
    'Your identity provider signed you in, but there is no Spendlens account with that email address. Ask your team manager for an invitation.',
  not_a_member:
    'Your identity provider signed you in, but your account is not a member of this team.',
  disabled: 'Your account has been disabled. Contact your administrator.',
  administrator:
    'Administrator accounts cannot sign in through a team’s identity provider. Sign in with your password and your second factor.',
  other_team:
    'Your account also belongs to other teams, so this team’s identity provider cannot sign it in. Sign in with your password.',
  domain:
    'Your email address is not at one of this team’s email domains, so this team’s identity provider cannot sign it in. Sign in with your password.',
}

/** Refusals of an account the identity provider may not vouch for, as opposed to bad responses. */
const ELIGIBILITY_REFUSALS = new Set<SsoFailureReason>([
  'not_a_member',
  'administrator',
  'other_team',
  'domain',
])

function failure(
  reason: SsoFailureReason,
  detail: string,
  extra: { user?: User; email?: string } = {}
): SsoOutcome {
  return {
    ok: false,
    reason,
    refused: ELIGIBILITY_REFUSALS.has(reason),
    message: MESSAGES[reason],
    detail: detail.slice(0, 300),
    ...extra,
  }
}

function classify(error: Error): SsoFailureReason {
  const message = error.message
  if (error.name === 'SamlStatusError') return 'identity_provider_error'
  if (/InResponseTo/i.test(message)) return 'in_response_to'
  if (/signature/i.test(message)) return 'signature'
  if (/audience/i.test(message)) return 'audience'
  if (/expired|not yet valid|subject confirmation/i.test(message)) return 'expired'
  if (/xml|parse|base64|non-whitespace|missing/i.test(message)) return 'malformed'
  return 'invalid'
}

/** The signed assertion's id, recipient and latest validity time, read from node-saml's parse. */
function assertionFacts(profile: Profile) {
  const assertion = (profile.getAssertion?.() as { Assertion?: any } | undefined)?.Assertion
  const id = String(assertion?.$?.ID ?? '')
  const confirmation =
    assertion?.Subject?.[0]?.SubjectConfirmation?.[0]?.SubjectConfirmationData?.[0]?.$
  const recipient = (confirmation?.Recipient as string | undefined) ?? null
  const times = [assertion?.Conditions?.[0]?.$?.NotOnOrAfter, confirmation?.NotOnOrAfter]
    .map((value) => (value ? Date.parse(value) : Number.NaN))
    .filter((value) => !Number.isNaN(value))
  const validUntil = times.length ? Math.max(...times) : Date.now() + 24 * 60 * 60 * 1000
  return { id, recipient, validUntil }
}

/**
 * Records an assertion as used. The unique index refuses a second use, including two copies
 * of one response arriving at the same moment.
 */
async function recordAssertion(teamId: number, id: string, validUntil: number) {
  const exists = await db.from('sso_assertions').where('assertion_id', id).select('id').first()
  if (exists) return false
  try {
    await db.table('sso_assertions').insert({
      assertion_id: id.slice(0, 256),
      team_id: teamId,
      expires_at: sqlTime(DateTime.fromMillis(validUntil + SSO_CLOCK_SKEW_MS)),
      created_at: sqlTime(now()),
    })
  } catch {
    return false
  }
  return true
}

/**
 * Checks a SAML response posted to a team's assertion consumer service: signed by the team's
 * identity provider, for this service provider, not expired, answering a request we sent and
 * not yet answered, never seen before, for an active account the team's identity provider may
 * sign in (sso_eligibility.ts: the team's own, at its domains, never an administrator).
 */
export async function consumeSamlResponse(
  teamId: number,
  samlResponse: string
): Promise<SsoOutcome> {
  const config = await ssoConfigForTeam(teamId)
  if (!config?.enabled) return failure('not_configured', 'sso not enabled')
  const sp = serviceProviderFor(teamId)
  const store = new SsoRequestStore(teamId)

  let profile: Profile | null
  try {
    ;({ profile } = await samlFor(teamId, config, store).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }))
  } catch (error) {
    return failure(classify(error as Error), (error as Error).message)
  }
  if (!profile) return failure('invalid', 'no profile in the response')
  const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : ''
  if (!inResponseTo || !store.consumed.has(inResponseTo)) {
    return failure('in_response_to', 'request already consumed')
  }
  if (profile.issuer !== config.idpEntityId) {
    return failure('issuer', `issuer ${profile.issuer ?? 'missing'}`)
  }
  const facts = assertionFacts(profile)
  if (facts.recipient !== null && facts.recipient !== sp.acsUrl) {
    return failure('recipient', `recipient ${facts.recipient}`)
  }
  if (!facts.id || !(await recordAssertion(teamId, facts.id, facts.validUntil))) {
    return failure('replayed', `assertion ${facts.id || 'without id'}`)
  }

  const email = (profile.nameID ?? '').trim().toLowerCase()
  const user = email ? await User.findBy('email', email) : null
  if (!user) return failure('unknown_user', 'no account for the NameID', { email })
  if (user.disabledAt) return failure('disabled', 'account disabled', { user })
  const refusal = await ssoRefusalForUser(user, teamId)
  if (refusal)
    return failure(refusal, `the team's identity provider may not sign in ${email}`, { user })
  return { ok: true, user, assertionId: facts.id }
}
