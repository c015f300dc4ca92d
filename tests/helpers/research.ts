import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import { MODULES } from '#shared/modules'
import type { Entitlement } from '#shared/research'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { insertReturningId } from '#services/db/insert'
import { indexDocumentTexts } from '#services/research/search'

/*
 * Small Research Insights worlds for tests: a taxonomy, documents with their themes, searchable
 * text and a stored PDF, entitlements, and members of teams holding the module.
 */

let sequence = 0
const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

export async function researchTeam(name?: string) {
  return makeTeam({ name, modules: [MODULES.trendingThemes] })
}

export async function researchMember(team: { id: number; name: string }) {
  const user = await makeUser({ teams: [team] })
  user.currentTeamId = team.id
  await user.save()
  return user
}

export async function themeGroup(name: string, parentId: number | null = null) {
  return insertReturningId(db, 'research_theme_groups', {
    name: `${name} ${++sequence}`,
    parent_id: parentId,
    sort_order: sequence,
    created_at: sqlTime(DateTime.utc()),
  })
}

export async function researchTheme(name: string, groupId: number) {
  const unique = `${name} ${++sequence}`
  const id = await insertReturningId(db, 'research_themes', {
    name: unique,
    group_id: groupId,
    status: 'active',
    created_at: sqlTime(DateTime.utc()),
  })
  return { id, name: unique }
}

export interface DocumentFixture {
  provider: { id: number }
  title: string
  publishedAt: string
  themes: { id: number; relevance?: number }[]
  abstract?: string
  body?: string
  entitlement?: Entitlement
  status?: 'published' | 'withdrawn'
  documentType?: string
  assetClasses?: string[]
  regions?: string[]
}

/** A document with its themes (the first is primary), its searchable text and a stored PDF. */
export async function researchDocument(fixture: DocumentFixture) {
  const n = ++sequence
  const pdf = Buffer.from(`%PDF-1.4\n% ${fixture.title} ${n}\n%%EOF\n`)
  const sha256 = createHash('sha256').update(pdf).digest('hex')
  const key = `research/test/${sha256}.pdf`
  await drive.use().put(key, pdf)
  const abstract = fixture.abstract ?? `Abstract of ${fixture.title}.`
  const id = await insertReturningId(db, 'research_documents', {
    provider_id: fixture.provider.id,
    title: fixture.title,
    abstract,
    authors: JSON.stringify(['A. Analyst']),
    document_type: fixture.documentType ?? 'macro',
    asset_classes: JSON.stringify(fixture.assetClasses ?? ['rates']),
    regions: JSON.stringify(fixture.regions ?? ['global']),
    sectors: JSON.stringify([]),
    language: 'en',
    page_count: 2,
    file_key: key,
    sha256,
    file_size: pdf.length,
    entitlement: fixture.entitlement ?? 'open',
    status: fixture.status ?? 'published',
    published_at: sqlTime(DateTime.fromISO(fixture.publishedAt, { zone: 'utc' })),
    created_at: sqlTime(DateTime.utc()),
  })
  if (fixture.themes.length) {
    await db.table('research_document_themes').multiInsert(
      fixture.themes.map((theme, index) => ({
        document_id: id,
        theme_id: theme.id,
        is_primary: index === 0,
        relevance: theme.relevance ?? (index === 0 ? 1 : 0.5),
      }))
    )
  }
  await indexDocumentTexts(db.connection(), [
    { documentId: id, title: fixture.title, abstract, body: fixture.body ?? '' },
  ])
  return { id, key }
}

/**
 * Many open documents of one provider at once (no themes, no stored file: for lists and search
 * at a size past what one-by-one fixtures allow), `count` of them one minute apart going back
 * from `newest`, with `body(index)` as their text. Returns their ids, newest first.
 */
export async function researchDocumentsInBulk(
  provider: { id: number },
  count: number,
  newest: string,
  body: (index: number) => string
) {
  const tag = `bulk-${++sequence}`
  const start = DateTime.fromISO(newest, { zone: 'utc' })
  const rows = Array.from({ length: count }, (_, index) => ({
    provider_id: provider.id,
    title: `Note ${index} ${tag}`,
    abstract: `Abstract ${index}.`,
    authors: JSON.stringify(['A. Analyst']),
    document_type: 'macro',
    asset_classes: JSON.stringify(['rates']),
    regions: JSON.stringify(['global']),
    sectors: JSON.stringify([]),
    language: 'en',
    page_count: 1,
    file_key: `research/test/${tag}-${index}.pdf`,
    sha256: createHash('sha256').update(`${tag}-${index}`).digest('hex'),
    file_size: 1,
    entitlement: 'open',
    status: 'published',
    published_at: sqlTime(start.minus({ minutes: index })),
    created_at: sqlTime(DateTime.utc()),
  }))
  for (let index = 0; index < rows.length; index += 200) {
    await db.table('research_documents').multiInsert(rows.slice(index, index + 200))
  }
  const inserted = await db
    .from('research_documents')
    .where('file_key', 'like', `research/test/${tag}-%`)
    .select('id', 'title', 'abstract')
  const byIndex = new Map(inserted.map((row) => [Number(String(row.title).split(' ')[1]), row]))
  const ids = rows.map((_, index) => Number(byIndex.get(index)!.id))
  await indexDocumentTexts(
    db.connection(),
    ids.map((id, index) => ({
      documentId: id,
      title: `Note ${index} ${tag}`,
      abstract: `Abstract ${index}.`,
      body: body(index),
    }))
  )
  return ids
}

export async function entitle(team: { id: number }, provider: { id: number }) {
  await db.table('research_entitlements').insert({
    team_id: team.id,
    provider_id: provider.id,
    created_at: sqlTime(DateTime.utc()),
  })
}

/** `days` days before the given ISO date, at noon UTC, as ISO. */
export function daysBefore(iso: string, days: number) {
  return DateTime.fromISO(iso, { zone: 'utc' }).minus({ days }).set({ hour: 12 }).toISO()!
}
