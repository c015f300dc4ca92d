import type { ApiResponse } from '@japa/api-client'

/**
 * The number of SQL statements the server ran for a response: the app's own query listener
 * reports it in `x-query-count` (enabled for tests in .env.test).
 */
export function writesOf(response: ApiResponse): number {
  const value = response.header('x-query-writes')
  if (value === undefined) throw new Error('The response has no x-query-writes header')
  return Number(value)
}

export function queryCountOf(response: ApiResponse): number {
  const value = response.header('x-query-count')
  if (value === undefined) throw new Error('The response has no x-query-count header')
  return Number(value)
}
