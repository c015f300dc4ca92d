import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import { SessionCollection } from '@adonisjs/session'
import type User from '#models/user'

export const SESSION_CLIENT_KEY = 'client'

export interface SessionClientInfo {
  /** The address of the latest recorded activity (at sign-in, the sign-in address). */
  ip: string
  userAgent: string
  signedInAt: string
  lastActiveAt?: string
}

export interface BrowserSession extends SessionClientInfo {
  id: string
  current: boolean
  lastActiveAt: string
}

/** Activity is recorded at most this often per session (and when the address changes). */
export const ACTIVITY_RESOLUTION_MS = 5 * 60 * 1000

/**
 * Notes the time and address of a signed-in request in the session's client record. It rides
 * on the session store's own end-of-request save (which refreshes the expiry anyway), and is
 * written at most once every few minutes: no extra database write per request.
 */
export function recordSessionActivity(
  { session, request }: Pick<HttpContext, 'session' | 'request'>,
  now = new Date()
) {
  const info = session.get(SESSION_CLIENT_KEY) as SessionClientInfo | undefined
  if (!info) return
  const last = Date.parse(info.lastActiveAt ?? info.signedInAt)
  const ip = request.ip()
  // A request whose connection is already gone (a browser closed mid-request) has no address:
  // it must not wipe out the one recorded.
  if (!ip) return
  if (info.ip === ip && Number.isFinite(last) && now.getTime() - last < ACTIVITY_RESOLUTION_MS) {
    return
  }
  session.put(SESSION_CLIENT_KEY, { ...info, ip, lastActiveAt: now.toISOString() })
}

type Collection = Pick<SessionCollection, 'tagged' | 'destroy' | 'supportsTagging'>

async function collection(): Promise<Collection> {
  return app.container.make(SessionCollection)
}

/**
 * The user's live sessions (through session tagging), the current one first, then the most
 * recently active.
 */
export async function listSessions(
  user: User,
  currentSessionId: string,
  sessions: Collection | null = null
): Promise<BrowserSession[]> {
  const tagged = await (sessions ?? (await collection())).tagged(String(user.id))
  return tagged
    .map((session) => {
      const info = (session.data?.[SESSION_CLIENT_KEY] ?? {}) as Partial<SessionClientInfo>
      return {
        id: session.id,
        current: session.id === currentSessionId,
        ip: info.ip ?? 'unknown',
        userAgent: info.userAgent ?? 'unknown',
        signedInAt: info.signedInAt ?? '',
        lastActiveAt: info.lastActiveAt ?? info.signedInAt ?? '',
      }
    })
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt)
    )
}

/**
 * Ends every session of the user except the one given (null ends them all). Works through
 * session tagging, so it reaches sessions on other devices and instances.
 */
export async function endOtherSessions(
  user: User,
  keepSessionId: string | null,
  sessions: Collection | null = null
) {
  sessions ??= await collection()
  if (!sessions.supportsTagging()) return 0
  let ended = 0
  for (const session of await sessions.tagged(String(user.id))) {
    if (session.id !== keepSessionId) {
      await sessions.destroy(session.id)
      ended++
    }
  }
  return ended
}
