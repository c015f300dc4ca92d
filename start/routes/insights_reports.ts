import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { clientStack } from '#start/routes/stacks'
import { throttleSearches } from '#services/http/search_throttle'

const InsightsReportsController = () =>
  import('#controllers/insights_reports/insights_reports_controller')

/*
 * Insights Reports for client teams (module `insights-reports`): the list, the viewer and the
 * PDF. The unread badge's endpoint lives with the shell (start/routes/shell.ts): it answers for
 * any team, 0 without the module.
 */
router
  .group(() => {
    router
      .get('/', [InsightsReportsController, 'index'])
      .as('insightsReports')
      .use(throttleSearches('q'))
    router.get('/:id', [InsightsReportsController, 'show']).as('singleInsightsReport')
    router.get('/:id/file', [InsightsReportsController, 'file']).as('insightsReports.file')
    router
      .get('/:id/download', [InsightsReportsController, 'download'])
      .as('insightsReports.download')
  })
  .prefix('/insights-reports')
  .where('id', id())
  .use([...clientStack(), middleware.module({ modules: [MODULES.insightsReports] })])
