import router from '@adonisjs/core/services/router'
import { clientStack } from '#start/routes/stacks'

const DashboardController = () => import('#controllers/dashboard_controller')
const CurrenciesController = () => import('#controllers/api/currencies_controller')
const InsightsUnreadController = () => import('#controllers/api/insights_unread_controller')
const ProviderLogosController = () => import('#controllers/market_data/provider_logos_controller')

/*
 * The client area's shell: the dashboard, display currency, provider logos and the unread
 * badge.
 */
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
  })
  .use(clientStack())
