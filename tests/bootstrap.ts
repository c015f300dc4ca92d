import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import { browserClient } from '@japa/browser-client'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import type { Config } from '@japa/runner/types'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { chromium } from 'playwright'
import limiter from '@adonisjs/limiter/services/main'
import cache from '@adonisjs/cache/services/main'
import { seedReferenceData } from '#tests/helpers/database'

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
  browserClient({
    runInSuites: ['browser'],
    launcher: (options) =>
      chromium.launch({
        ...options,
        headless: true,
        executablePath: CHROMIUM_PATH,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-dev-shm-usage',
        ],
      }),
  }),
  sessionBrowserClient(app),
  authBrowserClient(app),
]

/**
 * The schema is migrated once per run (and rolled back at the end); reference data is inserted
 * after it. Each test then runs in a transaction of its own.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => testUtils.db().migrate(), () => seedReferenceData()],
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    // Ids repeat once a test's transaction is rolled back: start every test with fresh counters
    // and an empty request context cache.
    suite.onGroup((group) =>
      group.each.setup(async () => {
        await limiter.clear(['memory'])
        await cache.clear()
      })
    )
    return suite.setup(() => testUtils.httpServer().start())
  }
}
