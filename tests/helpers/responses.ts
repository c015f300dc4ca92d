import type { ApiResponse } from '@japa/api-client'

/**
 * The first error flashed for a field, as the page would show it.
 */
export function flashedError(response: ApiResponse, field: string): string | undefined {
  const bag = (response.flashMessages() as Record<string, any> | undefined)?.inputErrorsBag ?? {}
  const value = bag[field]
  return Array.isArray(value) ? value[0] : value
}
