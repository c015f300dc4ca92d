import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ArticleView } from '#shared/research_views'
import { readableDocumentOrFail, readableDocuments } from '#services/research/access'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import {
  documentColumns,
  documentRows,
  entitlementLabel,
  parseList,
  type Viewer,
} from '#services/research/documents'
import { keptForCatalogue } from '#services/research/kept'

/**
 * Reading a document: the article page (metadata, themes, more on its primary theme from other
 * providers), its read event, bookmarks. Every step checks the team may read the document; a
 * document it may not read is a 404, the same as one that does not exist.
 */

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

export async function articleView(viewer: Viewer, documentId: number): Promise<ArticleView> {
  if (!Number.isSafeInteger(documentId)) throw new NotFoundForTeam('Research document not found')
  // The document and the others on its primary theme are catalogue rows: kept per team (what it
  // may read) under the catalogue's version; one it may not read is a 404 and nothing is kept.
  // The user's marks are read per request.
  const found = await keptForCatalogue(viewer, `article:${viewer.teamId}:${documentId}`, () =>
    articleRows(viewer.teamId, documentId)
  )
  const { row, more } = found
  // The document and the others in one pass (their themes, marks and teams together).
  const [document, ...moreOnTheme] = await documentRows(viewer, [row, ...more], null)

  return {
    document: {
      ...document,
      authors: parseList(row.authors),
      sectors: parseList(row.sectors),
      entitlement: row.entitlement,
      entitlementLabel: entitlementLabel(row.entitlement),
      fileUrl: `/research-discovery/research/${documentId}/pdf`,
    },
    moreOnTheme,
  }
}

/**
 * The document (a 404 unless the team may read it) and six others whose primary theme is its
 * primary theme (a document where the theme is minor is not "more on" it), from other providers,
 * newest first.
 */
async function articleRows(teamId: number, documentId: number) {
  const row = await readableDocuments(teamId)
    .join('providers as p', 'p.id', 'd.provider_id')
    .where('d.id', documentId)
    .select([...documentColumns, 'd.authors', 'd.sectors'])
    .first()
  if (!row) throw new NotFoundForTeam('Research document not found')
  const primary = await db
    .from('research_document_themes')
    .where({ document_id: documentId, is_primary: true })
    .select('theme_id')
    .first()
  const more: Record<string, any>[] = primary
    ? await readableDocuments(teamId)
        .join('providers as p', 'p.id', 'd.provider_id')
        .whereExists((sub) =>
          sub
            .from('research_document_themes as mdt')
            .whereColumn('mdt.document_id', 'd.id')
            .where('mdt.theme_id', primary.theme_id)
            .where('mdt.is_primary', true)
        )
        .whereNot('d.provider_id', row.provider_id)
        .orderBy('d.published_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(6)
        .select(documentColumns)
    : []
  return { row: row as Record<string, any>, more }
}

export async function recordRead(
  viewer: Viewer,
  documentId: number,
  channel: 'web' | 'digest' | 'search'
) {
  await db.table('research_read_events').insert({
    user_id: viewer.userId,
    team_id: viewer.teamId,
    document_id: documentId,
    channel,
    opened_at: sqlTime(DateTime.utc()),
  })
}

export async function documentFile(viewer: Viewer, documentId: number) {
  await readableDocumentOrFail(viewer.teamId, documentId)
  const row = await db
    .from('research_documents')
    .where('id', documentId)
    .select('file_key', 'title')
    .firstOrFail()
  return { key: row.file_key as string, title: row.title as string }
}

export async function setBookmark(viewer: Viewer, documentId: number, bookmarked: boolean) {
  await readableDocumentOrFail(viewer.teamId, documentId)
  if (!bookmarked) {
    await db
      .from('research_bookmarks')
      .where({ user_id: viewer.userId, document_id: documentId })
      .delete()
    return
  }
  await db
    .table('research_bookmarks')
    .insert({
      user_id: viewer.userId,
      document_id: documentId,
      created_at: sqlTime(DateTime.utc()),
    })
    .onConflict(['user_id', 'document_id'])
    .ignore()
}
