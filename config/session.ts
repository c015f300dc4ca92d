import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

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
  // 'memory' (built in) is for tests: the test clients read and write sessions through it.
  store: env.get('SESSION_DRIVER') || 'database',
  stores: {
    database: stores.database({ tableName: 'sessions' }),
    cookie: stores.cookie(),
  },
})

export default sessionConfig
