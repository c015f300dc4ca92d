import cache from '@adonisjs/cache/services/main'
import app from '@adonisjs/core/services/app'

/**
 * Figures kept in the cache for every request to share: values computed from stored data under a
 * key that names the data's version (a statistics run, a reports version, the market data
 * tables' version), so that a change makes new keys and nothing has to be dropped.
 *
 * The keys carry their area as a prefix on the store itself, not as a cache namespace: a
 * namespace's in-memory layer writes every value as JSON and parses it again on every read
 * (bentocache 1.6 rebuilds a namespace's options with its default, serializing, memory layer),
 * which on a page of figures cost as much as computing them. Kept as they are, the values are
 * shared by every request that reads them: nothing may change them. Outside production they are
 * frozen when stored, so that a change is an error in development and in the tests. (With Redis
 * as the second layer, values are serialized there anyway.)
 */
export interface FigureOptions<T> {
  key: string
  ttl: string
  factory: () => T | Promise<T>
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

const freeze = !app.inProduction

export function figures(area: string) {
  return {
    async getOrSet<T>(options: FigureOptions<T>): Promise<T> {
      try {
        return await cache.getOrSet({
          key: `${area}:${options.key}`,
          ttl: options.ttl,
          factory: freeze ? async () => deepFreeze(await options.factory()) : options.factory,
        })
      } catch (error) {
        // What the computation threw (a record not found is a 404), not the cache's wrapper;
        // nothing is kept for it.
        throw error instanceof Error && 'code' in error && error.code === 'E_FACTORY_ERROR'
          ? (error.cause ?? error)
          : error
      }
    },
    set<T>(options: { key: string; ttl: string; value: T }) {
      return cache.set({ key: `${area}:${options.key}`, ttl: options.ttl, value: options.value })
    },
  }
}
