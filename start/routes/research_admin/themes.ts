import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const ThemesController = () => import('#controllers/admin/research/themes_controller')

/*
 * Theme management (`/admin/research-discovery/themes`): the theme groups' tree (add, rename,
 * move, reorder) and the themes (add, rename, synonyms, merge, retire, restore).
 */
router
  .group(() => {
    router.get('/', [ThemesController, 'index']).as('themeManagement')
    router.post('/groups', [ThemesController, 'storeGroup']).as('themeManagement.groups.store')
    router
      .post('/groups/:id', [ThemesController, 'renameGroup'])
      .as('themeManagement.groups.rename')
    router
      .post('/groups/:id/move', [ThemesController, 'moveGroup'])
      .as('themeManagement.groups.move')
    router
      .post('/groups/:id/reorder', [ThemesController, 'reorderGroup'])
      .as('themeManagement.groups.reorder')
    router.post('/', [ThemesController, 'storeTheme']).as('themeManagement.store')
    router.post('/:id', [ThemesController, 'renameTheme']).as('themeManagement.rename')
    router
      .post('/:id/synonyms', [ThemesController, 'storeSynonym'])
      .as('themeManagement.synonyms.store')
    router
      .post('/:id/synonyms/:synonymId/destroy', [ThemesController, 'destroySynonym'])
      .as('themeManagement.synonyms.destroy')
    router.post('/:id/merge', [ThemesController, 'merge']).as('themeManagement.merge')
    router.post('/:id/retire', [ThemesController, 'retire']).as('themeManagement.retire')
    router.post('/:id/restore', [ThemesController, 'restore']).as('themeManagement.restore')
  })
  .prefix('/admin/research-discovery/themes')
  .where('id', id())
  .where('synonymId', id())
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewResearchDiscovery] })])
