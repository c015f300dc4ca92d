import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { MARK_END, MARK_START } from '#shared/research_views'

/**
 * Full-text search over research documents: title, abstract and the text of the PDF. SQLite FTS5
 * (porter stemming, bm25 ranking) on the embedded database; PostgreSQL's weighted `tsvector`
 * behind a GIN index (ts_rank_cd) in production. Both index the same three fields with title
 * weighted above abstract above body, and mark matches with MARK_START / MARK_END (control
 * characters the indexed text never holds: they are stripped on the way in).
 */

export interface SearchableText {
  documentId: number
  title: string
  abstract: string
  body: string
}

const isPostgres = (client: QueryClientContract) => client.dialect.name === 'postgres'

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
const clean = (text: string) => text.replace(CONTROL, ' ')

/** Adds (or replaces) documents' searchable text, in the caller's transaction. */
export async function indexDocumentTexts(client: QueryClientContract, texts: SearchableText[]) {
  if (!texts.length) return
  const ids = texts.map((text) => text.documentId)
  if (isPostgres(client)) {
    await client.from('research_document_search').whereIn('document_id', ids).delete()
    for (let index = 0; index < texts.length; index += 200) {
      await client.table('research_document_search').multiInsert(
        texts.slice(index, index + 200).map((text) => ({
          document_id: text.documentId,
          title: clean(text.title),
          abstract: clean(text.abstract),
          body: clean(text.body),
        }))
      )
    }
    return
  }
  await client.from('research_document_search').whereIn('rowid', ids).delete()
  for (let index = 0; index < texts.length; index += 200) {
    await client.table('research_document_search').multiInsert(
      texts.slice(index, index + 200).map((text) => ({
        rowid: text.documentId,
        title: clean(text.title),
        abstract: clean(text.abstract),
        body: clean(text.body),
      }))
    )
  }
}

/**
 * The words of a search box as a query each engine reads literally: letters and digits only
 * (no operators, quotes or column filters reach the engine), at most 12 words, every word
 * required, the last one as a prefix (search as you type). Null when nothing searchable is left.
 */
export function searchWords(term: string): string[] | null {
  const words = term
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 12)
  return words.length ? words : null
}

function ftsQuery(words: string[]) {
  return words
    .map((word, index) => (index === words.length - 1 ? `"${word}" *` : `"${word}"`))
    .join(' AND ')
}

function tsQuery(words: string[]) {
  // Words are letters and digits only: nothing in them is tsquery syntax.
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ')
}

/**
 * How SQLite reads the matches of a search:
 * - `walk`: as a set of ids tested on each document while the documents are walked newest first,
 *   stopping at the page: the cheapest for a common word (tens of thousands of matches), the
 *   dearest for a rare one (the walk may cross every document before it finds 25);
 * - `drive`: from the full-text index, each match looked up by id (and sorted afterwards): for a
 *   count, and for the rows of a search with few matches;
 * - `rank`: from the full-text index with each match's bm25 rank, joined as `rds`
 *   (rankExpression), for best match first.
 * PostgreSQL joins the matches of its GIN index in every case and plans the order itself.
 */
export type MatchMode = 'walk' | 'drive' | 'rank'

/** Restricts a query over `research_documents as d` to the documents matching the words. */
export function whereMatches(
  query: DatabaseQueryBuilderContract,
  words: string[],
  mode: MatchMode = 'drive'
) {
  if (isPostgres(query.client)) {
    query.joinRaw(
      `join research_document_search as rds on rds.document_id = d.id and rds.search_vector @@ to_tsquery('english', ?)`,
      [tsQuery(words)]
    )
    return query
  }
  if (mode === 'walk') {
    // `+d.id`: the matches are a set to test, not an index to start from.
    return query.whereRaw(
      '+d.id in (select rowid from research_document_search where research_document_search match ?)',
      [ftsQuery(words)]
    )
  }
  if (mode === 'drive') {
    return query.whereRaw(
      'd.id in (select rowid from research_document_search where research_document_search match ?)',
      [ftsQuery(words)]
    )
  }
  // FTS5 ranks in its own statement (bm25() cannot sit in a statement with other tables'
  // window or sort work): matched there, joined here by document id.
  query.joinRaw(
    'join (select rowid as document_id, -bm25(research_document_search, 10.0, 4.0, 1.0) as search_rank from research_document_search where research_document_search match ?) as rds on rds.document_id = d.id',
    [ftsQuery(words)]
  )
  return query
}

/** The rank expression of a query built with whereMatches(…, ranked) (higher = better). */
export function rankExpression(query: DatabaseQueryBuilderContract, words: string[]) {
  if (isPostgres(query.client)) {
    return db.raw(`ts_rank_cd(rds.search_vector, to_tsquery('english', ?))`, [tsQuery(words)])
  }
  return db.raw('rds.search_rank')
}

/** A search word as the start of the words it finds: "cuts" → "cut", "rates" → "rate". */
function stemOf(word: string) {
  for (const suffix of ['ing', 'ed', 'es', 's', 'ly']) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
      return word.slice(0, -suffix.length)
    }
  }
  return word
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every word of the text that starts like one of the search words. */
function matcher(words: string[]) {
  const stems = [...new Set(words.map(stemOf))].sort((a, b) => b.length - a.length)
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${stems.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`,
    'giu'
  )
}

const mark = (text: string, pattern: RegExp) =>
  text.replace(pattern, (found) => `${MARK_START}${found}${MARK_END}`)

/** About `size` words of the text around its first match, with … where it was cut. */
function extractAround(text: string, pattern: RegExp, size = 30) {
  const tokens = text.split(/\s+/).filter(Boolean)
  pattern.lastIndex = 0
  const first = tokens.findIndex((token) => {
    pattern.lastIndex = 0
    return pattern.test(token)
  })
  const start = Math.max(0, (first === -1 ? 0 : first) - 8)
  const end = Math.min(tokens.length, start + size)
  const middle = tokens.slice(start, end).join(' ')
  return `${start > 0 ? '… ' : ''}${middle}${end < tokens.length ? ' …' : ''}`
}

/**
 * The title and a short extract (around the first match in the abstract or the text) of each
 * document with the words marked, the same way on both databases: for the rows of one page
 * only (25 at most), in one query. A word matches the words that start like it (its plural or
 * tense stripped), which is what the engines' stemming finds in practice.
 */
export async function highlights(
  documentIds: number[],
  words: string[]
): Promise<Map<number, { title: string; extract: string }>> {
  const found = new Map<number, { title: string; extract: string }>()
  if (!documentIds.length) return found
  const idColumn = isPostgres(db.connection()) ? 'document_id' : 'rowid'
  const rows = await db
    .from('research_document_search')
    .whereIn(idColumn, documentIds)
    .select(`${idColumn} as document_id`, 'title', 'abstract', 'body')
  const pattern = matcher(words)
  for (const row of rows) {
    const extract = extractAround(`${row.abstract} ${row.body}`, pattern)
    found.set(Number(row.document_id), {
      title: mark(row.title, pattern),
      extract: mark(extract, pattern),
    })
  }
  return found
}
