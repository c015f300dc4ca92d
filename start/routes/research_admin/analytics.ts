import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { adminStack } from '#start/routes/stacks'
import { PERMISSIONS } from '#shared/permissions'

const AnalyticsController = () => import('#controllers/admin/research/analytics_controller')

/*
 * Research discovery analytics (`researchDiscoveryAnalytics`, spec §2): the providers tab, then
 * trends and users, over a date range (`?from=&to=`).
 */
router
  .group(() => {
    router.get('/', [AnalyticsController, 'providers']).as('researchDiscoveryAnalytics')
    router.get('/trends', [AnalyticsController, 'trends']).as('researchDiscoveryAnalytics.trends')
    router.get('/users', [AnalyticsController, 'users']).as('researchDiscoveryAnalytics.users')
  })
  .prefix('/admin/research-discovery/analytics')
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewResearchDiscovery] })])
