import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
import env from '#start/env'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  // First: the request's id is settled before anything logs, and its summary line is written
  // when the answer has gone.
  () => import('#middleware/request_id_middleware'),
  // Outermost (after the id), so that the count includes every middleware and the session's save.
  ...(env.get('QUERY_COUNT_HEADER') ? [() => import('#middleware/query_count_middleware')] : []),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/security_headers_middleware'),
  // Health probes: answered here, before the router's session, auth and CSRF middleware.
  () => import('#middleware/stateless_routes_middleware'),
  () => import('#middleware/static_files_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('#middleware/no_store_middleware'),
  () => import('#middleware/inertia_middleware'),
])

router.use([
  // The body parser, with a limit on how deeply a body may nest.
  () => import('#middleware/body_depth_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  // Before the CSRF check, which asks whether a refused JSON caller is still signed in.
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/csrf_middleware'),
  () => import('#middleware/silent_auth_middleware'),
])

export const middleware = router.named({
  guest: () => import('#middleware/guest_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  freshPassword: () => import('#middleware/fresh_password_middleware'),
  twoFactorPolicy: () => import('#middleware/two_factor_policy_middleware'),
  team: () => import('#middleware/current_team_middleware'),
  module: () => import('#middleware/module_middleware'),
  admin: () => import('#middleware/admin_middleware'),
  confirmedPassword: () => import('#middleware/confirmed_password_middleware'),
})
