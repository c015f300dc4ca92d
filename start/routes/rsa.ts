import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { clientStack } from '#start/routes/stacks'
import { apiWriteThrottle } from '#start/limiter'

const BudgetsController = () => import('#controllers/rsa/budgets_controller')
const OutliersController = () => import('#controllers/rsa/outliers_controller')
const PeerInteractionsController = () => import('#controllers/rsa/peer_interactions_controller')

/*
 * Research Spend Analytics for client teams: every page and call behind the `rsa-budgets`
 * module, scoped to the current team.
 */
router
  .group(() => {
    router.get('/rsa/budgets', [BudgetsController, 'index']).as('RSABudgets')
    router.get('/rsa/budgets/export', [BudgetsController, 'export']).as('rsaBudgetsExport')
    router.get('/api/rsa/budgets', [BudgetsController, 'api']).as('api.rsa.budgets')
    router.get('/rsa/outliers', [OutliersController, 'index']).as('RSAOutliers')
    router
      .post('/rsa/outliers/acknowledge', [OutliersController, 'acknowledge'])
      .as('rsaOutliers.acknowledge')
      .use(apiWriteThrottle)
    router
      .post('/rsa/outliers/acknowledgements/:id/reopen', [OutliersController, 'reopen'])
      .where('id', router.matchers.number())
      .as('rsaOutliers.reopen')
      .use(apiWriteThrottle)
    router
      .get('/rsa/peer-interactions', [PeerInteractionsController, 'index'])
      .as('rsaPeerInteractions')
  })
  .use([...clientStack(), middleware.module({ modules: [MODULES.rsaBudgets] })])
