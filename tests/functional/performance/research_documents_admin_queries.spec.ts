import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { researchDocument, researchTheme, themeGroup } from '#tests/helpers/research'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { buildExport, requestExport } from '#services/research/admin/exports'
import db from '@adonisjs/lucid/services/db'
import { insertReturningId } from '#services/db/insert'

/**
 * Research documents administration: the catalogue's list, the upload form, a document's edit
 * page, its processing state and its file, measured with a few documents, then with many more
 * documents, themes and providers. (The writes answer with a redirect: not measured as pages.)
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included.
 */
const BUDGETS: Record<string, number> = {
  // The count, the page's rows, their primary themes, the providers and themes to filter by,
  // and the administrator's recent downloads.
  'researchDocumentsAdmin': 6,
  // The providers and themes to choose from.
  'newResearchDocument': 2,
  // The document, its themes, who added and changed it, its themes with names; the choices.
  'editResearchDocument': 6,
  // The document's state.
  'researchDocumentsAdmin.processing': 1,
  // The document's file key.
  'researchDocumentsAdmin.file': 1,
  // The download's row.
  'researchDocumentsAdmin.exports.download': 1,
  // The latest imports with who uploaded and committed them.
  'researchDocumentImports': 1,
  // The import with its report and preview, the providers and themes its first rows name; the
  // latest imports.
  'researchDocumentImports.show': 4,
  // Nothing read: the columns.
  'researchDocumentImports.template': 0,
}

async function world() {
  const administrator = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  let documents = 0
  let first: number | null = null
  let importId = 0
  /** A checked bulk import naming `rows` documents of as many providers and themes (grown in place). */
  async function fillImport(rows: number) {
    const group = await themeGroup('Import group')
    const preview = []
    for (let index = 0; index < rows; index++) {
      const provider = await researchProvider(`Import provider ${rows}-${index}`, 'independent')
      const theme = await researchTheme(`Import theme ${rows}-${index}`, group)
      preview.push({
        row: index + 2,
        entryName: `note-${index}.pdf`,
        values: {
          providerId: provider.id,
          title: `Imported note ${index}`,
          abstract: 'An abstract.',
          authors: [],
          documentType: 'macro',
          publishedOn: '2026-11-20',
          assetClasses: [],
          regions: [],
          sectors: [],
          entitlement: 'open',
          primaryThemeId: theme.id,
          themeIds: [],
        },
        language: 'en',
        sha256: String(index).padStart(64, '0'),
        pageCount: 2,
        bytes: 2048,
      })
    }
    if (importId) {
      await db
        .from('research_document_imports')
        .where('id', importId)
        .update({ preview: JSON.stringify(preview), row_count: rows, document_count: rows })
      return
    }
    importId = await insertReturningId(db, 'research_document_imports', {
      user_id: administrator.id,
      source: 'web',
      status: 'previewed',
      archive_name: 'documents.zip',
      archive_size: 4096,
      metadata_name: 'metadata.csv',
      metadata_type: 'csv',
      row_count: rows,
      document_count: rows,
      report: JSON.stringify({
        fileProblems: [],
        problems: [],
        more: 0,
        unusedFiles: [],
        unusedMore: 0,
      }),
      preview: JSON.stringify(preview),
      created_at: '2026-11-30 09:00:00',
    })
  }
  async function add(providerCount: number, perProvider: number) {
    const group = await themeGroup('Budget group')
    for (let p = 0; p < providerCount; p++) {
      const provider = await researchProvider(`Budget provider ${documents}`, 'independent')
      for (let index = 0; index < perProvider; index++) {
        const theme = await researchTheme(`Budget theme ${++documents}`, group)
        const made = await researchDocument({
          provider,
          title: `Budget note ${documents}`,
          publishedAt: `2026-11-${String(1 + (documents % 27)).padStart(2, '0')}T09:00:00Z`,
          themes: [theme],
        })
        first ??= made.id
      }
    }
  }
  await add(1, 3)
  await fillImport(2)
  const id = first!
  const exportId = await requestExport(administrator.id, {
    processing: 'completed',
    status: null,
    provider: null,
    theme: null,
    entitlement: null,
    from: null,
    to: null,
    q: '',
    sort: 'published_desc',
  })
  await buildExport(exportId)
  const probes: Probe[] = [
    {
      as: administrator,
      stack: 'admin',
      route: 'researchDocumentsAdmin',
      url: '/admin/research-discovery/documents',
      component: 'admin/research/documents',
      rows: rowsAt('rows', 'choices.providers', 'choices.themes'),
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'newResearchDocument',
      url: '/admin/research-discovery/documents/new',
      component: 'admin/research/document_form',
      rows: rowsAt('choices.providers', 'choices.themes'),
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'editResearchDocument',
      url: `/admin/research-discovery/documents/${id}/edit`,
      component: 'admin/research/document_form',
      rows: rowsAt('choices.providers', 'choices.themes'),
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'researchDocumentsAdmin.processing',
      url: `/admin/research-discovery/documents/${id}/processing`,
      json: true,
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'researchDocumentsAdmin.file',
      url: `/admin/research-discovery/documents/${id}/pdf`,
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'researchDocumentsAdmin.exports.download',
      url: `/admin/research-discovery/documents/exports/${exportId}`,
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'researchDocumentImports',
      url: '/admin/research-discovery/documents/imports',
      component: 'admin/research/document_imports',
      rows: rowsAt('imports'),
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'researchDocumentImports.show',
      // Grown, the import names more documents of more providers and themes.
      url: `/admin/research-discovery/documents/imports/${importId}`,
      component: 'admin/research/document_imports',
      rows: rowsAt('current.preview'),
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'researchDocumentImports.template',
      url: '/admin/research-discovery/documents/imports/template',
    },
  ]
  return {
    probes,
    grow: async () => {
      await add(4, 6)
      await fillImport(12)
      // And more imports to list.
      for (let index = 0; index < 3; index++) {
        await insertReturningId(db, 'research_document_imports', {
          user_id: administrator.id,
          source: 'command_line',
          status: 'refused',
          archive_name: `older-${index}.zip`,
          archive_size: 1024,
          metadata_name: 'metadata.csv',
          metadata_type: 'csv',
          created_at: '2026-11-29 09:00:00',
        })
      }
    },
  }
}

queryBudgetGroup('research documents administration', {
  area: 'admin_research_documents',
  budgets: BUDGETS,
  world,
})
