import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const ReportsController = () =>
  import('#controllers/admin/insights_reports/insights_reports_admin_controller')
const TaxonomyController = () =>
  import('#controllers/admin/insights_reports/insights_taxonomy_controller')

/*
 * Insights Reports administration (`/admin/insights-reports`): administrators holding the
 * insights report permission. The reports list, the upload wizard, one report (edit, new
 * version, withdraw, notify list, analytics), and the categories and tags.
 */
router
  .group(() => {
    router.get('/', [ReportsController, 'index']).as('adminInsightsReports')
    router.get('/new', [ReportsController, 'create']).as('adminInsightsReports.create')
    router.post('/', [ReportsController, 'store']).as('adminInsightsReports.store')
    router
      .post('/file-check', [ReportsController, 'checkFile'])
      .as('adminInsightsReports.checkFile')
    router.get('/taxonomy', [TaxonomyController, 'index']).as('adminInsightsReports.taxonomy')
    router
      .post('/:kind', [TaxonomyController, 'store'])
      .where('kind', /^(categories|tags)$/)
      .as('adminInsightsReports.taxonomy.store')
    router
      .post('/:kind/:id', [TaxonomyController, 'update'])
      .where('kind', /^(categories|tags)$/)
      .as('adminInsightsReports.taxonomy.update')
    router
      .post('/:kind/:id/destroy', [TaxonomyController, 'destroy'])
      .where('kind', /^(categories|tags)$/)
      .as('adminInsightsReports.taxonomy.destroy')
    router.get('/:id', [ReportsController, 'show']).as('adminInsightsReports.show')
    router.post('/:id', [ReportsController, 'update']).as('adminInsightsReports.update')
    router.get('/:id/file', [ReportsController, 'file']).as('adminInsightsReports.file')
    router.post('/:id/file', [ReportsController, 'replaceFile']).as('adminInsightsReports.replace')
    router
      .post('/:id/withdraw', [ReportsController, 'withdraw'])
      .as('adminInsightsReports.withdraw')
    router
      .post('/:id/republish', [ReportsController, 'republish'])
      .as('adminInsightsReports.republish')
    router.post('/:id/notify', [ReportsController, 'notify']).as('adminInsightsReports.notify')
  })
  .prefix('/admin/insights-reports')
  .where('id', id())
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewInsightsReport] })])
