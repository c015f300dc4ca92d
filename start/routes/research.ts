import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { apiWriteThrottle } from '#start/limiter'
import { clientStack } from '#start/routes/stacks'
import { throttleSearches } from '#services/http/search_throttle'

const ResearchPagesController = () => import('#controllers/research/research_pages_controller')
const ResearchRequestsController = () =>
  import('#controllers/research/research_requests_controller')
const TrendingThemesController = () =>
  import('#controllers/api/research/trending_themes_controller')

/*
 * Research Insights for client teams: every page and call behind the `rd-trending-themes`
 * module, scoped to the current team (entitlements) and the signed-in user.
 */
router
  .group(() => {
    router
      .get('/research-discovery/trending-themes', [ResearchPagesController, 'trending'])
      .as('trendingThemes')
    router.get('/research-discovery/themes', [ResearchPagesController, 'themes']).as('allThemes')
    router
      .get('/research-discovery/my-themes', [ResearchPagesController, 'myThemes'])
      .as('myThemes')
    router
      .get('/research-discovery/research', [ResearchPagesController, 'research'])
      .as('allResearch')
      .use(throttleSearches('searchTerm'))
    router
      .get('/research-discovery/my-research', [ResearchPagesController, 'myResearch'])
      .as('userResearch')
      .use(throttleSearches('searchTerm'))
    router
      .get('/research-discovery/research/:id', [ResearchPagesController, 'article'])
      .where('id', id())
      .as('readArticlePdf')
    router
      .get('/research-discovery/research/:id/pdf', [ResearchPagesController, 'file'])
      .where('id', id())
      .as('researchDocumentFile')
    router
      .get('/research-discovery/requests', [ResearchRequestsController, 'index'])
      .as('researchRequests')
    router
      .post('/research-discovery/requests', [ResearchRequestsController, 'store'])
      .as('researchRequests.store')
      .use(apiWriteThrottle)

    router.get('/api/trending-themes', [TrendingThemesController, 'index']).as('api.trendingThemes')
    router
      .get('/api/trending-themes/movements', [TrendingThemesController, 'movements'])
      .as('api.trendingThemes.movements')
    router
      .get('/api/trending-themes/providers', [TrendingThemesController, 'providers'])
      .as('api.trendingThemes.providers')
    router
      .get('/api/trending-themes/all-theme-groups', [TrendingThemesController, 'allThemeGroups'])
      .as('api.trendingThemes.allThemeGroups')
    router
      .get('/api/trending-themes/user-theme-groups', [TrendingThemesController, 'userThemeGroups'])
      .as('api.trendingThemes.userThemeGroups')
    router
      .post('/api/trending-themes/research-documents', [
        TrendingThemesController,
        'researchDocuments',
      ])
      .as('api.trendingThemes.researchDocuments')
    router
      .post('/api/trending-themes/user-research-documents', [
        TrendingThemesController,
        'userResearchDocuments',
      ])
      .as('api.trendingThemes.userResearchDocuments')
    router
      .post('/api/trending-themes/bookmark', [TrendingThemesController, 'bookmark'])
      .as('api.trendingThemes.bookmark')
      .use(apiWriteThrottle)
    router
      .post('/api/trending-themes/bookmark/destroy', [TrendingThemesController, 'destroyBookmark'])
      .as('api.trendingThemes.bookmark.destroy')
      .use(apiWriteThrottle)
    router
      .post('/api/trending-themes/starred-themes', [TrendingThemesController, 'star'])
      .as('api.trendingThemes.star')
      .use(apiWriteThrottle)
    router
      .post('/api/trending-themes/starred-themes/destroy', [
        TrendingThemesController,
        'destroyStar',
      ])
      .as('api.trendingThemes.star.destroy')
      .use(apiWriteThrottle)
  })
  .use([...clientStack(), middleware.module({ modules: [MODULES.trendingThemes] })])
