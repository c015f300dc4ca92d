import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { PERMISSIONS } from '#shared/permissions'
import { adminStack } from '#start/routes/stacks'
import { id } from '#start/routes/matchers'
import { throttleSearches } from '#services/http/search_throttle'

const DocumentsController = () => import('#controllers/admin/research/documents_controller')
const DocumentImportsController = () =>
  import('#controllers/admin/research/document_imports_controller')

/*
 * Research discovery administration, documents: the catalogue's list and bulk actions, the
 * upload of a new document, the edit of one and its processing, the bulk import (a ZIP of PDFs
 * and its metadata table).
 */
router
  .group(() => {
    router
      .get('/', [DocumentsController, 'index'])
      .as('researchDocumentsAdmin')
      .use(throttleSearches('q'))
    router.get('/new', [DocumentsController, 'create']).as('newResearchDocument')
    router.post('/', [DocumentsController, 'store']).as('researchDocumentsAdmin.store')
    router.post('/bulk', [DocumentsController, 'bulk']).as('researchDocumentsAdmin.bulk')
    router
      .post('/exports', [DocumentsController, 'exportStore'])
      .as('researchDocumentsAdmin.exports.store')
    router
      .get('/exports/:id', [DocumentsController, 'exportDownload'])
      .where('id', id())
      .as('researchDocumentsAdmin.exports.download')
    router.get('/imports', [DocumentImportsController, 'index']).as('researchDocumentImports')
    router
      .get('/imports/template', [DocumentImportsController, 'template'])
      .as('researchDocumentImports.template')
    router
      .post('/imports', [DocumentImportsController, 'store'])
      .as('researchDocumentImports.store')
    router
      .get('/imports/:id', [DocumentImportsController, 'show'])
      .where('id', id())
      .as('researchDocumentImports.show')
    router
      .post('/imports/:id/check', [DocumentImportsController, 'check'])
      .where('id', id())
      .as('researchDocumentImports.check')
    router
      .post('/imports/:id/commit', [DocumentImportsController, 'commit'])
      .where('id', id())
      .as('researchDocumentImports.commit')
    router
      .post('/imports/:id/discard', [DocumentImportsController, 'discard'])
      .where('id', id())
      .as('researchDocumentImports.discard')
    router
      .get('/:id/edit', [DocumentsController, 'edit'])
      .where('id', id())
      .as('editResearchDocument')
    router
      .get('/:id/processing', [DocumentsController, 'processing'])
      .where('id', id())
      .as('researchDocumentsAdmin.processing')
    router
      .get('/:id/pdf', [DocumentsController, 'file'])
      .where('id', id())
      .as('researchDocumentsAdmin.file')
    router
      .post('/:id/retry', [DocumentsController, 'retry'])
      .where('id', id())
      .as('researchDocumentsAdmin.retry')
    router
      .post('/:id', [DocumentsController, 'update'])
      .where('id', id())
      .as('researchDocumentsAdmin.update')
  })
  .prefix('/admin/research-discovery/documents')
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewResearchDiscovery] })])
