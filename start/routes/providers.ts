import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { clientStack } from '#start/routes/stacks'

const ProvidersController = () => import('#controllers/providers/providers_controller')
const ProvidersApiController = () => import('#controllers/api/providers/providers_api_controller')

/*
 * Providers (analyst mapping) for client teams: every page and call behind the `analyst_mapping`
 * module and scoped to the current team. The spec's `{base}` is `/api`.
 */
router
  .group(() => {
    router.get('/providers', [ProvidersController, 'index']).as('ProviderLeagueTable')
    router.get('/providers/league-table.csv', [ProvidersController, 'export']).as('providersExport')
    router
      .get('/providers/:providerKey', [ProvidersController, 'show'])
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('ProviderPage')

    router
      .group(() => {
        router.get('/', [ProvidersApiController, 'index']).as('api.providers')
        router
          .get('/provider-types', [ProvidersApiController, 'providerTypes'])
          .as('api.providers.providerTypes')
        router.get('/mapped', [ProvidersApiController, 'mapped']).as('api.providers.mapped')
        router.get('/sectors', [ProvidersApiController, 'sectors']).as('api.providers.sectors')
        router.get('/regions', [ProvidersApiController, 'regions']).as('api.providers.regions')
        router
          .get('/context-info', [ProvidersApiController, 'contextInfo'])
          .as('api.providers.contextInfo')
        router
          .post('/interactions/sector-breakdown', [ProvidersApiController, 'sectorBreakdown'])
          .as('api.providers.sectorBreakdown')
        router
          .post('/headcount/gained', [ProvidersApiController, 'headcountGained'])
          .as('api.providers.headcountGained')
        router
          .post('/headcount/lost', [ProvidersApiController, 'headcountLost'])
          .as('api.providers.headcountLost')
        router
          .post('/experience/gained', [ProvidersApiController, 'experienceGained'])
          .as('api.providers.experienceGained')
        router
          .post('/experience/lost', [ProvidersApiController, 'experienceLost'])
          .as('api.providers.experienceLost')
      })
      .prefix('/api/providers')
  })
  .use([...clientStack(), middleware.module({ modules: [MODULES.analystMapping] })])

// The current team's market data context, listed with the providers calls (spec §7): any member
// of the team may read it, it says nothing beyond the team's own settings.
router
  .get('/api/market-data/context-info', [ProvidersApiController, 'marketDataContextInfo'])
  .as('api.marketData.contextInfo')
  .use(clientStack())
