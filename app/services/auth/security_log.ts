import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { DateTime } from 'luxon'
import { paginateCounted } from '#services/db/paginate'

export const SECURITY_EVENTS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  password_changed: 'Password changed',
  password_reset: 'Password reset by email link',
  two_factor_enabled: 'Two-factor authentication turned on',
  two_factor_disabled: 'Two-factor authentication turned off',
  two_factor_recovery_codes: 'New recovery codes',
  two_factor_failed: 'Wrong two-factor code',
  recovery_code_used: 'Recovery code used',
  registered: 'Account registered',
  invitation_sent: 'Invitation sent',
  invitation_revoked: 'Invitation revoked',
  invitation_accepted: 'Invitation accepted',
  member_added: 'Added to a team',
  member_removed: 'Removed from a team',
  member_role_changed: 'Team role changed',
  admin_roles_changed: 'Administrator roles changed',
  role_definition_changed: 'Role permissions changed',
  team_policy_changed: 'Team security policy changed',
  user_disabled: 'Account disabled',
  user_enabled: 'Account enabled',
  two_factor_reset: 'Two-factor authentication reset by an administrator',
  password_reset_forced: 'Password change required by an administrator',
  sso_sign_in_refused: 'Single sign-on refused for this account',
  sign_in_outside_network: 'Signed in from outside the team’s allowed networks',
  password_confirmation_failed: 'Wrong password when confirming it',
  email_change_requested: 'Email address change requested',
  email_change_cancelled: 'Email address change cancelled',
  email_changed: 'Email address changed',
  account_deleted: 'Account deleted',
} as const

export type SecurityEvent = keyof typeof SECURITY_EVENTS

export const SECURITY_LOG_PER_PAGE = 50

/**
 * Records a security event with the request's IP address and browser.
 */
export async function recordSecurityEvent(
  { request }: Pick<HttpContext, 'request'>,
  entry: { userId: number | null; event: SecurityEvent; email?: string; details?: unknown },
  client: QueryClientContract = db.connection()
) {
  await client.table('security_events').insert({
    user_id: entry.userId,
    email: entry.email?.slice(0, 254) ?? null,
    event: entry.event,
    ip: request.ip().slice(0, 64),
    user_agent: (request.header('user-agent') ?? '').slice(0, 255) || null,
    details: entry.details === undefined ? null : JSON.stringify(entry.details),
    created_at: DateTime.now().toFormat(client.dialect.dateTimeFormat),
  })
}

/**
 * Before an account goes, its events take its email address: the user column is cleared with
 * the account, and the log must still say who it was.
 */
export async function keepEmailOnEvents(
  client: QueryClientContract,
  userId: number,
  email: string
) {
  await client
    .from('security_events')
    .where('user_id', userId)
    .whereNull('email')
    .update({ email: email.slice(0, 254) })
}

function plain(value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.map(plain).join(', ') : 'none'
  if (value === null || value === undefined || value === '') return 'none'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    return entries.length
      ? entries.map(([key, inner]) => `${label(key)}: ${plain(inner)}`).join(', ')
      : 'none'
  }
  return String(value)
}

const HIDDEN_DETAILS = new Set(['teamId', 'roleId', 'invitationId'])

/** How detail keys read in the log. */
const DETAIL_LABELS: Record<string, string> = {
  twoFactor: 'two-factor',
  singleSignOn: 'single sign-on',
  requireTwoFactor: 'two-factor required',
  passwordMinLength: 'minimum password length',
  allowSelfRegistration: 'self-registration',
  ips: 'IP ranges',
  domains: 'email domains',
  modules: 'products',
  administrator: 'administrator',
  teamType: 'team type',
  enabled: 'single sign-on',
  required: 'single sign-on required',
  entityId: 'identity provider',
  ssoUrl: 'sign-on URL',
}

const label = (key: string) => DETAIL_LABELS[key] ?? key

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Each field that differs, as "field: before → after"; a side that is missing reads "none". */
function changes(before: unknown, after: unknown, prefix?: string): string[] {
  if (isRecord(before) || isRecord(after)) {
    const from = isRecord(before) ? before : {}
    const to = isRecord(after) ? after : {}
    const parts: string[] = []
    for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
      if (HIDDEN_DETAILS.has(key)) continue
      parts.push(...changes(from[key], to[key], label(key)))
    }
    return parts
  }
  const from = plain(before)
  const to = plain(after)
  if (from === to) return []
  return [prefix ? `${prefix}: ${from} → ${to}` : `${from} → ${to}`]
}

/**
 * What an event's details say, in a line: who did it, on what, and for changes each field that
 * differs as "field: before → after" (role and policy changes included, never as raw JSON).
 */
export function describeDetails(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null
  let details: Record<string, unknown>
  try {
    details = typeof raw === 'string' ? JSON.parse(raw) : (raw as Record<string, unknown>)
  } catch {
    return null
  }
  if (!isRecord(details)) return null
  const parts: string[] = []
  const { before, after, by, ...rest } = details as {
    before?: unknown
    after?: unknown
    by?: string
  } & Record<string, unknown>
  for (const [key, value] of Object.entries(rest)) {
    if (HIDDEN_DETAILS.has(key)) continue
    // A nested change ({ before, after }) reads like the others.
    if (isRecord(value) && ('before' in value || 'after' in value)) {
      parts.push(...changes(value.before, value.after, label(key)))
    } else {
      parts.push(`${label(key)}: ${plain(value)}`)
    }
  }
  if (before !== undefined || after !== undefined) parts.push(...changes(before, after))
  if (by) parts.push(`by ${by}`)
  return parts.length ? parts.join(' · ') : null
}

function present(row: Record<string, any>) {
  return {
    id: row.id as number,
    event: row.event as SecurityEvent,
    label: SECURITY_EVENTS[row.event as SecurityEvent] ?? row.event,
    ip: (row.ip as string | null) ?? null,
    userAgent: (row.user_agent as string | null) ?? null,
    details: describeDetails(row.details),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** A user's own latest events, for Settings. */
export async function recentSecurityEvents(userId: number, limit = 10) {
  const rows = await db
    .from('security_events')
    .where('user_id', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
  return rows.map(present)
}

/**
 * Events about a member's own account (signing in, their password and two-factor, what an
 * administrator did to their account), whichever team they were in.
 */
const OWN_ACCOUNT_EVENTS: SecurityEvent[] = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_recovery_codes',
  'two_factor_failed',
  'recovery_code_used',
  'registered',
  'user_disabled',
  'user_enabled',
  'two_factor_reset',
  'password_reset_forced',
  'admin_roles_changed',
]

/**
 * The latest events of a team's members, for its profile in account management: their own
 * account events, and events about this team. What a member who is an administrator did to
 * other teams and users is not this team's business.
 */
export async function recentTeamSecurityEvents(teamId: number, limit = 10) {
  const id = Number(teamId)
  const rows = await db
    .from('security_events')
    .join('team_user', 'team_user.user_id', 'security_events.user_id')
    .join('users', 'users.id', 'security_events.user_id')
    .where('team_user.team_id', id)
    .where((events) =>
      events
        .whereIn('security_events.event', OWN_ACCOUNT_EVENTS)
        // Details are written by JSON.stringify: the team's id is followed by "," or "}".
        .orWhere('security_events.details', 'like', `%"teamId":${id},%`)
        .orWhere('security_events.details', 'like', `%"teamId":${id}}%`)
    )
    .select('security_events.*', 'users.name as user_name')
    .orderBy('security_events.created_at', 'desc')
    .orderBy('security_events.id', 'desc')
    .limit(limit)
  return rows.map((row) => ({ ...present(row), user: row.user_name as string }))
}

/**
 * Up to this many accounts matching an email filter are looked up first and their events read
 * through the user index. A filter that matches more (a shared domain, say) finds matching
 * events so common that the page walks the log newest first and stops once it is full.
 */
export const EMAIL_FILTER_ACCOUNTS = 1000

type Where = (query: DatabaseQueryBuilderContract) => void

/**
 * The whole log for administrators, newest first, filtered by event and by email: an event
 * matches when its account's current address contains the text, or, for an event without an
 * account (a failed sign-in with an unknown address, a deleted account), when the address it
 * kept does, ignoring case. Only events without an account keep an address: the sign-in form
 * and single sign-on record it when no account matched, and a deletion copies it onto the
 * account's events as the account goes (which clears their user).
 */
export async function securityLog(filter: { event?: SecurityEvent; email?: string; page: number }) {
  // The events' own conditions, for the page's query and for its total.
  const forPage: Where[] = []
  const forTotal: Where[] = []
  const both = (condition: Where) => {
    forPage.push(condition)
    forTotal.push(condition)
  }
  if (filter.event) {
    const event = filter.event
    both((query) => query.where('security_events.event', event))
  }
  if (filter.email) {
    const email = `%${filter.email.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`
    const likeEmail = (column: string) => `lower(${column}) like ? escape '\\'`
    const accounts = await db
      .from('users')
      .whereRaw(likeEmail('email'), [email])
      .select('id')
      .limit(EMAIL_FILTER_ACCOUNTS + 1)
    const ids = accounts.map((row) => Number(row.id))
    const byEmail =
      (ofAccounts: Where | null): Where =>
      (query) =>
        query.where((inner) => {
          if (ofAccounts) ofAccounts(inner)
          inner.orWhere((anonymous) =>
            anonymous
              .whereNull('security_events.user_id')
              .whereRaw(likeEmail('security_events.email'), [email])
          )
        })
    if (ids.length <= EMAIL_FILTER_ACCOUNTS) {
      both(byEmail(ids.length ? (query) => query.whereIn('security_events.user_id', ids) : null))
    } else {
      // Most events match: the page tests each event newest first; the total counts the
      // accounts' events from the user index.
      forPage.push(
        byEmail((query) =>
          query.whereExists((account) =>
            account
              .from('users as matching')
              .whereColumn('matching.id', 'security_events.user_id')
              .whereRaw(likeEmail('matching.email'), [email])
          )
        )
      )
      forTotal.push(
        byEmail((query) =>
          query.whereIn(
            'security_events.user_id',
            db.from('users').whereRaw(likeEmail('email'), [email]).select('id')
          )
        )
      )
    }
  }
  const filtered = (conditions: Where[], query: DatabaseQueryBuilderContract) => {
    for (const condition of conditions) condition(query)
    return query
  }
  // The join to users names each event's account; it filters nothing, so the total counts the
  // events alone.
  const rows = filtered(
    forPage,
    db
      .from('security_events')
      .leftJoin('users', 'users.id', 'security_events.user_id')
      .select('security_events.*', 'users.name as user_name', 'users.email as user_email')
      .orderBy('security_events.created_at', 'desc')
      .orderBy('security_events.id', 'desc')
  )
  const page = await paginateCounted(
    rows,
    filtered(forTotal, db.from('security_events')),
    filter.page,
    SECURITY_LOG_PER_PAGE
  )
  const meta = page.getMeta() as { total: number; currentPage: number; lastPage: number }
  return {
    events: page.all().map((row) => ({
      ...present(row),
      user: row.user_name ? `${row.user_name} (${row.user_email})` : (row.email ?? 'Unknown'),
    })),
    meta: { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage },
  }
}
