import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const RankingController = () => import('#controllers/admin/research/ranking_controller')

/*
 * Theme ranking (`/admin/research-discovery/theme-ranking`): a computed week of the trending
 * ranking, the editors' overrides of it (pin, move, hide, each with a note) and its publication.
 */
router
  .group(() => {
    router.get('/', [RankingController, 'index']).as('themeRanking')
    router.post('/overrides', [RankingController, 'store']).as('themeRanking.overrides.store')
    router
      .post('/overrides/:id/destroy', [RankingController, 'destroy'])
      .as('themeRanking.overrides.destroy')
    router.post('/publish', [RankingController, 'publish']).as('themeRanking.publish')
  })
  .prefix('/admin/research-discovery/theme-ranking')
  .where('id', id())
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewResearchDiscovery] })])
