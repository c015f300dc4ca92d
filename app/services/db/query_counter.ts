import { AsyncLocalStorage } from 'node:async_hooks'

interface Counter {
  count: number
}

const storage = new AsyncLocalStorage<Counter>()
const attached = new WeakSet<object>()

/**
 * Counts the SQL statements run inside `fn` (including those of transactions it opens), from
 * knex's own `query` event. The HTTP layer uses it to report queries per request (the
 * `x-query-count` header when `QUERY_COUNT_HEADER=true`), tests to hold pages to a query budget.
 */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; count: number }> {
  const counter: Counter = { count: 0 }
  const result = await storage.run(counter, fn)
  return { result, count: counter.count }
}

/** Runs `fn` with a counter the caller holds, read after `fn` settles (even when it throws). */
export function withQueryCounter<T>(counter: Counter, fn: () => T): T {
  return storage.run(counter, fn)
}

/** Listens to one knex instance (a connection's write or read client). Idempotent. */
export function attachQueryCounter(client: { on(event: 'query', listener: () => void): unknown }) {
  if (attached.has(client)) return
  attached.add(client)
  client.on('query', () => {
    const counter = storage.getStore()
    if (counter) counter.count++
  })
}
