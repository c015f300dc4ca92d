import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const ImportsController = () => import('#controllers/admin/rsa/imports_controller')
const ResearchProvidersController = () => import('#controllers/admin/rsa/providers_controller')
const RsaOverviewController = () => import('#controllers/admin/rsa/overview_controller')
const RsaSubmissionsController = () => import('#controllers/admin/rsa/submissions_controller')
const RsaCollectionsController = () => import('#controllers/admin/rsa/collections_controller')

/*
 * Research Spend Analytics administration (`/admin/research-spend-analytics`): administrators
 * holding the research spend analytics permission. Imports of budgets and interactions, the
 * data collection submissions of every team, the research providers, and the overview.
 */
router
  .group(() => {
    // ── Overview ────────────────────────────────────────────────────────────────────────────
    router.get('/', [RsaOverviewController]).as('rsaAdminOverview')
    // ── Imports (budgets, client interactions, peer interactions) ───────────────────────────
    router.get('/budget-upload', [ImportsController, 'budgets']).as('rsaBudgetUpload')
    router
      .get('/client-interactions-upload', [ImportsController, 'clientInteractions'])
      .as('rsaClientInteractionsUpload')
    router
      .get('/peer-interactions-upload', [ImportsController, 'peerInteractions'])
      .as('rsaPeerInteractionsUpload')
    router
      .get('/imports/templates/:kind', [ImportsController, 'template'])
      .as('rsaImports.template')
    // The file is streamed to disk by the controller (config/bodyparser.ts: processManually).
    router.post('/imports/:kind', [ImportsController, 'store']).as('rsaImports.store')
    router.get('/imports/:id', [ImportsController, 'show']).as('rsaImports.show')
    router.get('/imports/:id/file', [ImportsController, 'file']).as('rsaImports.file')
    router.post('/imports/:id/commit', [ImportsController, 'commit']).as('rsaImports.commit')
    router.post('/imports/:id/revert', [ImportsController, 'revert']).as('rsaImports.revert')
    router.post('/imports/:id/discard', [ImportsController, 'discard']).as('rsaImports.discard')
    router.post('/imports/:id/aliases', [ImportsController, 'aliases']).as('rsaImports.aliases')
    // ── Data collection rounds ──────────────────────────────────────────────────────────────
    router.get('/data-collections', [RsaCollectionsController, 'index']).as('rsaDataCollections')
    router
      .post('/data-collections', [RsaCollectionsController, 'open'])
      .as('rsaDataCollections.open')
    router
      .post('/data-collections/close', [RsaCollectionsController, 'close'])
      .as('rsaDataCollections.close')
    router
      .post('/data-collections/due-date', [RsaCollectionsController, 'reschedule'])
      .as('rsaDataCollections.reschedule')
    // ── Data collection submissions ─────────────────────────────────────────────────────────
    const submissions = '/data-collection-submissions'
    router.get(submissions, [RsaSubmissionsController, 'index']).as('rsaDataCollectionSubmissions')
    router
      .get(`${submissions}/:id/file`, [RsaSubmissionsController, 'file'])
      .as('rsaDataCollectionSubmissions.file')
    router
      .post(`${submissions}/:id/status`, [RsaSubmissionsController, 'updateStatus'])
      .as('rsaDataCollectionSubmissions.status')
    router
      .post(`${submissions}/:id/apply`, [ImportsController, 'applySubmission'])
      .as('rsaDataCollectionSubmissions.apply')
    // ── Research providers ──────────────────────────────────────────────────────────────────
    router
      .group(() => {
        router.get('/', [ResearchProvidersController, 'index']).as('rsaAdminProviders')
        router.get('/audit', [ResearchProvidersController, 'audit']).as('rsaAdminProviders.audit')
        router
          .get('/:providerKey/logo', [ResearchProvidersController, 'logo'])
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('rsaAdminProviders.logo')
        router.post('/', [ResearchProvidersController, 'store']).as('rsaAdminProviders.store')
        router.post('/merge', [ResearchProvidersController, 'merge']).as('rsaAdminProviders.merge')
        router.post('/:id', [ResearchProvidersController, 'update']).as('rsaAdminProviders.update')
        router
          .post('/:id/logo', [ResearchProvidersController, 'uploadLogo'])
          .as('rsaAdminProviders.uploadLogo')
      })
      .prefix('/providers')
      .where('id', id())
  })
  .prefix('/admin/research-spend-analytics')
  .where('id', id())
  .use([
    ...adminStack(),
    middleware.admin({ permissions: [PERMISSIONS.viewResearchSpendAnalytics] }),
  ])
