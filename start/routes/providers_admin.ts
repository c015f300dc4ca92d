import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'

const AnalystsController = () => import('#controllers/admin/providers/analysts_controller')
const MovesController = () => import('#controllers/admin/providers/moves_controller')
const ImportsController = () => import('#controllers/admin/providers/imports_controller')
const DataQualityController = () => import('#controllers/admin/providers/data_quality_controller')
const AuditController = () => import('#controllers/admin/providers/audit_controller')

/*
 * Providers / analyst mapping administration (`/admin/providers`): administrators holding the
 * research providers permission. The analyst roster, the moves, the roster and moves imports,
 * the data-quality queue and the audit trail of them all.
 */
router
  .group(() => {
    // ── Analysts ────────────────────────────────────────────────────────────────────────────
    router.get('/', [AnalystsController, 'index']).as('providersAdmin')
    router
      .get('/analysts/search', [AnalystsController, 'search'])
      .as('providersAdmin.analysts.search')
    router.post('/analysts', [AnalystsController, 'store']).as('providersAdmin.analysts.store')
    router
      .post('/analysts/:id', [AnalystsController, 'update'])
      .as('providersAdmin.analysts.update')
    // ── Moves ───────────────────────────────────────────────────────────────────────────────
    router.get('/moves', [MovesController, 'index']).as('providersAdmin.moves')
    router.post('/moves', [MovesController, 'store']).as('providersAdmin.moves.store')
    router.post('/moves/:id', [MovesController, 'update']).as('providersAdmin.moves.update')
    router
      .post('/moves/:id/destroy', [MovesController, 'destroy'])
      .as('providersAdmin.moves.destroy')
    // ── Import (roster and moves) ───────────────────────────────────────────────────────────
    router.get('/import', [ImportsController, 'show']).as('providersAdmin.import')
    router
      .get('/import/templates/:kind', [ImportsController, 'template'])
      .as('providersAdmin.import.template')
    router.post('/import', [ImportsController, 'store']).as('providersAdmin.import.store')
    // ── Data quality ────────────────────────────────────────────────────────────────────────
    router.get('/data-quality', [DataQualityController, 'index']).as('providersAdmin.dataQuality')
    // ── Audit trail ─────────────────────────────────────────────────────────────────────────
    router.get('/audit', [AuditController, 'index']).as('providersAdmin.audit')
  })
  .prefix('/admin/providers')
  .where('id', id())
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewResearchProviders] })])
