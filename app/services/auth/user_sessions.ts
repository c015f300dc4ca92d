import app from '@adonisjs/core/services/app'
import { SessionCollection } from '@adonisjs/session'
import type User from '#models/user'

/**
 * Ends every session of the user except the one given (null ends them all). Works through
 * session tagging, so it reaches sessions on other devices and instances.
 */
export async function endOtherSessions(user: User, keepSessionId: string | null) {
  const collection = await app.container.make(SessionCollection)
  if (!collection.supportsTagging()) return 0
  const sessions = await collection.tagged(String(user.id))
  let ended = 0
  for (const session of sessions) {
    if (session.id !== keepSessionId) {
      await collection.destroy(session.id)
      ended++
    }
  }
  return ended
}
