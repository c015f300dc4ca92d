import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const RsaOverviewController = () => import('#controllers/admin/rsa/overview_controller')
const RsaSubmissionsController = () => import('#controllers/admin/rsa/submissions_controller')

/*
 * Research Spend Analytics administration (`/admin/research-spend-analytics`): administrators
 * holding the research spend analytics permission. Imports of budgets and interactions, the
 * data collection submissions of every team, the research providers, and the overview.
 */
router
  .group(() => {
    // ── Overview ────────────────────────────────────────────────────────────────────────────
    router.get('/', [RsaOverviewController]).as('rsaAdminOverview')
    // ── Imports (budgets, client interactions, peer interactions) ───────────────────────────
    // ── Data collection submissions ─────────────────────────────────────────────────────────
    const submissions = '/data-collection-submissions'
    router.get(submissions, [RsaSubmissionsController, 'index']).as('rsaDataCollectionSubmissions')
    router
      .get(`${submissions}/:id/file`, [RsaSubmissionsController, 'file'])
      .as('rsaDataCollectionSubmissions.file')
    router
      .post(`${submissions}/:id/status`, [RsaSubmissionsController, 'updateStatus'])
      .as('rsaDataCollectionSubmissions.status')
    // ── Research providers ──────────────────────────────────────────────────────────────────
  })
  .prefix('/admin/research-spend-analytics')
  .where('id', router.matchers.number())
  .use([
    ...adminStack(),
    middleware.admin({ permissions: [PERMISSIONS.viewResearchSpendAnalytics] }),
  ])
