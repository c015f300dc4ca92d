import { AsyncLocalStorage } from 'node:async_hooks'

interface Counter {
  count: number
  /** Statements that change data (insert, update, delete). */
  writes?: number
}

const READ_METHODS = new Set(['select', 'first', 'pluck', 'columnInfo'])

const storage = new AsyncLocalStorage<Counter>()
const attached = new WeakSet<object>()

/**
 * Counts the SQL statements run inside `fn` (including those of transactions it opens), from
 * knex's own `query` event. The HTTP layer uses it to report queries per request (the
 * `x-query-count` header when `QUERY_COUNT_HEADER=true`), tests to hold pages to a query budget.
 */
export async function countQueries<T>(
  fn: () => Promise<T>
): Promise<{ result: T; count: number; writes: number }> {
  const counter: Counter = { count: 0, writes: 0 }
  const result = await storage.run(counter, fn)
  return { result, count: counter.count, writes: counter.writes ?? 0 }
}

/** Runs `fn` with a counter the caller holds, read after `fn` settles (even when it throws). */
export function withQueryCounter<T>(counter: Counter, fn: () => T): T {
  return storage.run(counter, fn)
}

function isWrite(query: { method?: string; sql?: string }) {
  if (query.method && query.method !== 'raw') return !READ_METHODS.has(query.method)
  return /^\s*(insert|update|delete|replace)\b/i.test(query.sql ?? '')
}

/** Listens to one knex instance (a connection's write or read client). Idempotent. */
export function attachQueryCounter(client: {
  on(event: 'query', listener: (query: { method?: string; sql?: string }) => void): unknown
}) {
  if (attached.has(client)) return
  attached.add(client)
  client.on('query', (query: { method?: string; sql?: string }) => {
    const counter = storage.getStore()
    if (!counter) return
    counter.count++
    if (isWrite(query)) counter.writes = (counter.writes ?? 0) + 1
  })
}
