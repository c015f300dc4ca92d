import { configProvider } from '@adonisjs/core'
import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  SessionData,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'

/**
 * Sessions in the `sessions` table (id, user_id for tagging, signed data, expires_at), like
 * the framework's database store, with one difference: a request that leaves the session
 * unchanged does not write its expiry back every time. The expiry moves forward only once a
 * tenth of the lifetime has passed since it was last set (12 minutes of a 2-hour session), so
 * a read request costs one read, not a read and a write.
 */
export const TOUCH_AFTER_FRACTION = 0.1

export class ThriftyDatabaseStore implements SessionStoreWithTaggingContract {
  #client: QueryClientContract
  #table: string
  #ttlMs: number
  #gcProbability: number
  /** The expiry read with the session, so that `touch` knows whether it is worth writing. */
  #expiresAt: number | null = null

  constructor(
    client: QueryClientContract,
    age: string | number,
    options: { tableName?: string; gcProbability?: number } = {}
  ) {
    this.#client = client
    this.#table = options.tableName ?? 'sessions'
    this.#ttlMs = string.seconds.parse(age) * 1000
    this.#gcProbability = options.gcProbability ?? 2
  }

  #parse(contents: string, sessionId: string): SessionData | null {
    try {
      return new MessageBuilder().verify<SessionData>(contents, sessionId)
    } catch {
      return null
    }
  }

  #expiry() {
    return new Date(Date.now() + this.#ttlMs)
  }

  async #collectGarbage() {
    if (this.#gcProbability <= 0 || Math.random() * 100 >= this.#gcProbability) return
    await this.#client.from(this.#table).where('expires_at', '<=', new Date()).delete()
  }

  async read(sessionId: string) {
    const row = await this.#client
      .from(this.#table)
      .where('id', sessionId)
      .select('data', 'expires_at')
      .first()
    if (!row) return null
    const expiresAt = new Date(row.expires_at).getTime()
    if (Date.now() > expiresAt) {
      await this.destroy(sessionId)
      return null
    }
    this.#expiresAt = expiresAt
    return this.#parse(row.data, sessionId)
  }

  async write(sessionId: string, values: SessionData) {
    const data = new MessageBuilder().build(values, undefined, sessionId)
    const expiresAt = this.#expiry()
    await this.#client
      .insertQuery()
      .table(this.#table)
      .insert({ id: sessionId, data, expires_at: expiresAt })
      .knexQuery.onConflict('id')
      .merge(['data', 'expires_at'])
    this.#expiresAt = expiresAt.getTime()
    await this.#collectGarbage()
  }

  async destroy(sessionId: string) {
    await this.#client.from(this.#table).where('id', sessionId).delete()
    this.#expiresAt = null
  }

  /** Moves the expiry forward only when a meaningful part of the lifetime has passed. */
  async touch(sessionId: string) {
    const sinceSet =
      this.#expiresAt === null ? Infinity : this.#ttlMs - (this.#expiresAt - Date.now())
    if (sinceSet < this.#ttlMs * TOUCH_AFTER_FRACTION) return
    const expiresAt = this.#expiry()
    await this.#client.from(this.#table).where('id', sessionId).update({ expires_at: expiresAt })
    this.#expiresAt = expiresAt.getTime()
  }

  async tag(sessionId: string, userId: string | number) {
    const data = new MessageBuilder().build({}, undefined, sessionId)
    await this.#client
      .insertQuery()
      .table(this.#table)
      .insert({ id: sessionId, user_id: String(userId), data, expires_at: this.#expiry() })
      .knexQuery.onConflict('id')
      .merge(['user_id'])
  }

  async untag(sessionId: string) {
    await this.#client.query().from(this.#table).update({ user_id: null }).where({ id: sessionId })
  }

  async tagged(userId: string) {
    const rows = await this.#client
      .from(this.#table)
      .select('id', 'data')
      .where('user_id', userId)
      .where('expires_at', '>', new Date())
    return rows
      .map((row) => {
        const data = this.#parse(row.data, row.id)
        return data ? { id: row.id as string, data } : null
      })
      .filter((session) => session !== null)
  }
}

/** The session config's store entry: `thriftyDatabaseStore({ tableName: 'sessions' })`. */
export function thriftyDatabaseStore(config: { tableName?: string; gcProbability?: number } = {}) {
  return configProvider.create<SessionStoreFactory>(async (app) => {
    const db = await app.container.make('lucid.db')
    return (_, sessionConfig) =>
      new ThriftyDatabaseStore(db.connection(), sessionConfig.age, config)
  })
}
