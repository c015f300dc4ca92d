import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { withQueryCounter } from '#services/db/query_counter'

/**
 * Reports how many SQL statements a request ran, middleware and session save included, in the
 * `x-query-count` response header, and how many of them changed data in `x-query-writes`.
 * Registered only with `QUERY_COUNT_HEADER=true` (tests and `npm run bench`), so production
 * answers carry nothing about their internals.
 */
export default class QueryCountMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    const counter = { count: 0, writes: 0 }
    try {
      return await withQueryCounter(counter, () => next())
    } finally {
      response.header('x-query-count', String(counter.count))
      response.header('x-query-writes', String(counter.writes))
    }
  }
}
