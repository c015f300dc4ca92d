import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { thriftyDatabaseStore } from '#services/session/database_store'

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'spendlens-session',
  clearWithBrowser: false,
  age: '2h',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  // 'database' (default) or 'redis' in production; 'memory' (built in) is for tests: the test clients read and write sessions through it.
  store: env.get('SESSION_DRIVER') || 'database',
  stores: {
    // Unchanged sessions move their expiry forward every few minutes, not on every request.
    database: thriftyDatabaseStore({ tableName: 'sessions' }),
    // Several instances: sessions in Redis (REDIS_* settings).
    redis: stores.redis({ connection: 'main' }),
    cookie: stores.cookie(),
  },
})

export default sessionConfig
