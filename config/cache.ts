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
const memory = drivers.memory({ maxItems: 50_000, serialize: false })

function contextStore() {
  if (env.get('CACHE_STORE') === 'redis') {
    return store()
      .useL1Layer(memory)
      .useL2Layer(drivers.redis({ connectionName: 'main' }))
      .useBus(drivers.redisBus({ connectionName: 'main' }))
  }
  const local = store().useL1Layer(memory)
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
