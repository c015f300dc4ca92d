import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { clientStack } from '#start/routes/stacks'

const DashboardController = () => import('#controllers/dashboard_controller')
const AreaController = () => import('#controllers/areas/area_controller')
const CurrenciesController = () => import('#controllers/api/currencies_controller')
const InsightsUnreadController = () => import('#controllers/api/insights_unread_controller')
const ProviderLogosController = () => import('#controllers/market_data/provider_logos_controller')

/*
 * The client area's shell: the dashboard, display currency, provider logos, the unread
 * badge, and the areas whose screens are not built yet (their coming-soon page).
 */
const area = (path: string, name: string, module: (typeof MODULES)[keyof typeof MODULES]) =>
  router
    .get(path, [AreaController, 'client'])
    .as(name)
    .use(middleware.module({ modules: [module] }))

router
  .group(() => {
    router.get('/', [DashboardController]).as('dashboard')
    router.get('/api/currencies', [CurrenciesController]).as('api.currencies')
    router
      .post('/api/currencies/selected', [CurrenciesController, 'select'])
      .as('api.currencies.select')
    router
      .get('/provider-logos/:providerKey', [ProviderLogosController, 'show'])
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('providerLogo')
    router
      .get('/api/insights-reports/unread', [InsightsUnreadController])
      .as('api.insightsReports.unread')
    area('/insights-reports', 'insightsReports', MODULES.insightsReports)
  })
  .use(clientStack())
