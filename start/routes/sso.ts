import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import limiter from '@adonisjs/limiter/services/main'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'

const SsoSignInController = () => import('#controllers/sso/sso_sign_in_controller')
const SsoManagementController = () => import('#controllers/sso/sso_management_controller')

/**
 * Single sign-on starts and answers, per address: enough for people signing in, not for
 * scripts probing email domains or replaying responses.
 */
const ssoThrottle = limiter.define('sso', (ctx) => {
  return limiter
    .allowRequests(20)
    .every('1 minute')
    .usingKey(`ip_${ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many sign-in attempts. Please wait a minute and try again.')
    })
})

/*
 * Signing in through a team's identity provider. The assertion consumer service receives a
 * cross-site POST from the identity provider (no CSRF token, no session cookie: see
 * config/shield.ts); the response itself is what gets verified.
 */
router
  .post('/sso/start', [SsoSignInController, 'start'])
  .as('sso.start')
  .use([middleware.guest(), ssoThrottle])
router
  .post('/sso/acs/:teamId', [SsoSignInController, 'acs'])
  .where('teamId', id())
  .as('sso.acs')
  .use(ssoThrottle)
router
  .get('/sso/metadata/:teamId', [SsoSignInController, 'metadata'])
  .where('teamId', id())
  .as('sso.metadata')

/*
 * The team's single sign-on settings: members of a team with the module read them, its
 * managers change them (checked in the controller).
 */
router
  .group(() => {
    router.get('/sso-management', [SsoManagementController, 'show']).as('SsoManagement')
    router
      .post('/sso-management/metadata', [SsoManagementController, 'updateMetadata'])
      .as('sso.config.update')
    router
      .post('/sso-management/metadata/confirm', [SsoManagementController, 'confirmMetadata'])
      .as('sso.config.confirm')
    router
      .post('/sso-management/metadata/discard', [SsoManagementController, 'discardMetadata'])
      .as('sso.config.discard')
    router
      .post('/sso-management/state', [SsoManagementController, 'updateState'])
      .as('sso.config.toggle')
  })
  .use([
    middleware.auth(),
    middleware.freshPassword(),
    middleware.team(),
    middleware.twoFactorPolicy(),
    middleware.module({ modules: [MODULES.ssoManagement] }),
  ])
