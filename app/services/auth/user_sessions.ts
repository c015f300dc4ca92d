import app from '@adonisjs/core/services/app'
import { SessionCollection } from '@adonisjs/session'
import type User from '#models/user'

export const SESSION_CLIENT_KEY = 'client'

export interface SessionClientInfo {
  ip: string
  userAgent: string
  signedInAt: string
}

export interface BrowserSession extends SessionClientInfo {
  id: string
  current: boolean
}

type Collection = Pick<SessionCollection, 'tagged' | 'destroy' | 'supportsTagging'>

async function collection(): Promise<Collection> {
  return app.container.make(SessionCollection)
}

/**
 * The user's live sessions (through session tagging), the current one first.
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
      }
    })
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.signedInAt.localeCompare(a.signedInAt)
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
