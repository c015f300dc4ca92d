import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const ResearchProvidersController = () => import('#controllers/admin/rsa/providers_controller')

/*
 * Research Spend Analytics administration (`/admin/research-spend-analytics`): administrators
 * holding the research spend analytics permission. Imports of budgets and interactions, the
 * data collection submissions of every team, the research providers, and the overview.
 */
router
  .group(() => {
    // ── Overview ────────────────────────────────────────────────────────────────────────────
    // ── Imports (budgets, client interactions, peer interactions) ───────────────────────────
    // ── Data collection submissions ─────────────────────────────────────────────────────────
    // ── Research providers ──────────────────────────────────────────────────────────────────
    router
      .group(() => {
        router.get('/', [ResearchProvidersController, 'index']).as('rsaAdminProviders')
        router.get('/audit', [ResearchProvidersController, 'audit']).as('rsaAdminProviders.audit')
        router
          .get('/:providerKey/logo', [ResearchProvidersController, 'logo'])
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('rsaAdminProviders.logo')
        router.post('/', [ResearchProvidersController, 'store']).as('rsaAdminProviders.store')
        router.post('/merge', [ResearchProvidersController, 'merge']).as('rsaAdminProviders.merge')
        router.post('/:id', [ResearchProvidersController, 'update']).as('rsaAdminProviders.update')
        router
          .post('/:id/logo', [ResearchProvidersController, 'uploadLogo'])
          .as('rsaAdminProviders.uploadLogo')
      })
      .prefix('/providers')
      .where('id', router.matchers.number())
  })
  .prefix('/admin/research-spend-analytics')
  .where('id', router.matchers.number())
  .use([
    ...adminStack(),
    middleware.admin({ permissions: [PERMISSIONS.viewResearchSpendAnalytics] }),
  ])
