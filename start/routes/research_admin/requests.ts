import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const RequestsController = () => import('#controllers/admin/research/requests_controller')

/*
 * Research requests (`/admin/research-discovery/requests`): the queue of the requests clients
 * send, a request's page, and its assignment, status changes and answer.
 */
router
  .group(() => {
    router.get('/', [RequestsController, 'index']).as('researchRequestsAdmin')
    router.get('/:id', [RequestsController, 'show']).as('researchRequestsAdmin.show')
    router.post('/:id/assign', [RequestsController, 'assign']).as('researchRequestsAdmin.assign')
    router.post('/:id/status', [RequestsController, 'status']).as('researchRequestsAdmin.status')
    router.post('/:id/answer', [RequestsController, 'answer']).as('researchRequestsAdmin.answer')
  })
  .prefix('/admin/research-discovery/requests')
  .where('id', id())
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewResearchDiscovery] })])
