import env from '#start/env'
import { configProvider } from '@adonisjs/core'
import { defineConfig, drivers, store } from '@adonisjs/cache'
import type { InferStores } from '@adonisjs/cache/types'
import { ClusterTransport, isClusterWorker } from '#services/cache/cluster_bus'

/**
 * The request context cache (who the user is, their teams, the current team's modules and
 * policy): an in-memory layer in each process. With `CACHE_STORE=redis`, Redis is the shared
 * second layer and its bus tells every instance to drop an entry another one changed; on one
 * machine, the workers of the cluster server tell each other through the primary.
 * Entries also expire by themselves after `ttl`, a bound on any staleness.
 */
const MAX_ITEMS = 50_000

function contextStore() {
  if (env.get('CACHE_STORE') === 'redis') {
    return (
      store()
        // Serialized like the Redis layer: bentocache 1.6 refills an unserialized memory layer
        // with the serialized string of a Redis hit, and the next read of it then fails.
        .useL1Layer(drivers.memory({ maxItems: MAX_ITEMS }))
        .useL2Layer(drivers.redis({ connectionName: 'main' }))
        .useBus(drivers.redisBus({ connectionName: 'main' }))
    )
  }
  // One process's memory only: the values are kept as they are, never serialized.
  const local = store().useL1Layer(drivers.memory({ maxItems: MAX_ITEMS, serialize: false }))
  if (isClusterWorker()) {
    local.useBus(
      configProvider.create(async () => ({ options: {}, factory: () => new ClusterTransport() }))
    )
  }
  return local
}

const cacheConfig = defineConfig({
  default: 'context',
  prefix: 'spendlens',
  ttl: '10m',
  stores: {
    context: contextStore(),
  },
})

export default cacheConfig

declare module '@adonisjs/cache/types' {
  interface CacheStores extends InferStores<typeof cacheConfig> {}
}
