import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

const shieldConfig = defineConfig({
  csp: {
    enabled: app.inProduction,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, '@viteUrl', '@nonce'],
      styleSrc: [`'self'`, `'unsafe-inline'`, '@viteUrl'],
      imgSrc: [`'self'`, 'data:', '@viteUrl'],
      connectSrc: [`'self'`, '@viteUrl'],
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
    exceptRoutes: [],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: app.inProduction, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
