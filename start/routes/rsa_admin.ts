import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

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
  })
  .prefix('/admin/research-spend-analytics')
  .where('id', router.matchers.number())
  .use([
    ...adminStack(),
    middleware.admin({ permissions: [PERMISSIONS.viewResearchSpendAnalytics] }),
  ])
