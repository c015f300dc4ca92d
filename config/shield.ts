import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

const shieldConfig = defineConfig({
  /**
   * The same policy in development and production: scripts only from this origin (or the
   * Vite server) and inline scripts only with the request's nonce (the layout gives it to the
   * React refresh preamble and the entry). The dev server also needs its HMR websocket.
   */
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, '@viteUrl', '@nonce'],
      styleSrc: [`'self'`, `'unsafe-inline'`, '@viteUrl'],
      imgSrc: [`'self'`, 'data:', '@viteUrl'],
      connectSrc: app.inProduction
        ? [`'self'`, '@viteUrl']
        : [`'self'`, '@viteUrl', 'ws://localhost:*', 'ws://127.0.0.1:*'],
      fontSrc: [`'self'`, 'data:', '@viteUrl'],
      frameAncestors: [`'none'`],
      formAction: [`'self'`],
      objectSrc: [`'none'`],
      baseUri: [`'self'`],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // Identity providers post sign-in responses cross-site; the signed response is verified.
    exceptRoutes: ['/sso/acs/:teamId'],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: app.inProduction, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
