import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'
import { safeStringify } from '@poppinss/utils/json'

export const appKey = env.get('APP_KEY')
export const appUrl = env.get('APP_URL')
export const appName = env.get('APP_NAME') || 'Spendlens'

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  /**
   * JSON answers (the API, Inertia visits) with the engine's own JSON.stringify: the default
   * serializer walks every value in JavaScript, several times slower on a page of props. A value
   * it cannot write (a cycle, a BigInt) falls back to the default's handling.
   */
  serializeJSON: (value: unknown) => {
    try {
      return JSON.stringify(value)
    } catch {
      return safeStringify(value)
    }
  },
  /**
   * X-Forwarded-For is believed only from these proxies (default: a reverse proxy on the same
   * machine). Trusting every sender would let any client choose its own IP address, defeating
   * rate limits and IP allow-lists.
   */
  trustProxy: proxyAddr.compile(
    (env.get('TRUSTED_PROXIES') || 'loopback').split(',').map((entry) => entry.trim())
  ),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
