import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Redis is optional: it holds the rate limits when LIMITER_STORE=redis, so that every
 * application instance counts the same attempts. No connection is opened otherwise.
 */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: env.get('REDIS_HOST') ?? '127.0.0.1',
      port: env.get('REDIS_PORT') ?? 6379,
      password: env.get('REDIS_PASSWORD') ?? '',
      db: env.get('REDIS_DB') ?? 0,
      keyPrefix: 'spendlens:',
      retryStrategy(times) {
        return times > 10 ? null : times * 50
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
