import router from '@adonisjs/core/services/router'

const HealthController = () => import('#controllers/operations/health_controller')

/**
 * Health probes for a load balancer or an orchestrator: `live` (the process answers) and
 * `ready` (the database, Redis when used, the queue, the uploads disk and the migrations). Routes
 * named `health.*` are stateless: they are run without the router's session, authentication and
 * CSRF middleware (app/middleware/stateless_routes_middleware.ts), so a probe every few seconds
 * creates no session and needs no token. No rate limit applies to them.
 */
router.get('/health/live', [HealthController, 'live']).as('health.live')
router.get('/health/ready', [HealthController, 'ready']).as('health.ready')
