import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { MARK_END, MARK_START } from '#shared/research_views'
import { themeOfSynonym } from '#services/research/themes'
import type { Viewer } from '#services/research/documents'
import {
  hasWantedTerms,
  plainSearchPhrase,
  type SearchClause,
  type SearchQuery,
  type SearchTerm,
} from '#shared/research_search'

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

/** The PostgreSQL text search configuration of the index and the queries (English stemming, no stop words). */
export const PG_SEARCH_CONFIG = 'research_english'

const ftsTerm = (term: SearchTerm) => `"${term.words.join(' ')}"${term.prefix ? '*' : ''}`
const ftsClause = (clause: SearchClause) =>
  clause.anyOf.length > 1 ? `(${clause.anyOf.map(ftsTerm).join(' OR ')})` : ftsTerm(clause.anyOf[0])

/**
 * The search in FTS5's syntax. Words are letters and digits only, always quoted: nothing in them
 * is an operator or a column name. `match`: what the documents must hold and not hold (null when
 * the search only leaves out); `exclude`: what they must not hold, for a search that only leaves out
 * (FTS5 has no NOT without something to find).
 */
export function ftsQuery(
  query: SearchQuery
): { match: string; exclude: null } | { match: null; exclude: string } {
  const wanted = query.clauses.filter((clause) => !clause.negated).map(ftsClause)
  const unwanted = query.clauses.filter((clause) => clause.negated).map(ftsClause)
  if (!wanted.length) return { match: null, exclude: unwanted.join(' OR ') }
  const found = wanted.length > 1 ? `(${wanted.join(' AND ')})` : wanted[0]
  return { match: [found, ...unwanted].join(' NOT '), exclude: null }
}

/**
 * FTS5's Porter stemmer reduces "use", "uses" and "used" to "us", so a two-letter word (US, AI,
 * EU) would find them; PostgreSQL's English stemmer keeps them apart. A required two-letter word
 * standing alone is therefore also checked as a whole word in the matched documents' text on
 * SQLite: a GLOB over the documents the index found, one per such word. (Longer words keep their
 * stemmed forms: "cut" finds "cuts" on both.)
 */
const SHORT_WORD = /^[a-z]{1,2}$/
export function exactWordChecks(query: SearchQuery) {
  const words = query.clauses.flatMap((clause) =>
    !clause.negated &&
    clause.anyOf.length === 1 &&
    !clause.anyOf[0].prefix &&
    clause.anyOf[0].words.length === 1 &&
    SHORT_WORD.test(clause.anyOf[0].words[0])
      ? [clause.anyOf[0].words[0]]
      : []
  )
  return {
    sql: words
      .map(
        () =>
          ` and (' ' || lower(title) || ' ' || lower(abstract) || ' ' || lower(body) || ' ') glob ?`
      )
      .join(''),
    bindings: words.map((word) => `*[^a-z0-9]${word}[^a-z0-9]*`),
  }
}

const tsTerm = (term: SearchTerm) => {
  const words = term.words.map((word, index) =>
    term.prefix && index === term.words.length - 1 ? `${word}:*` : word
  )
  return words.length > 1 ? `(${words.join(' <-> ')})` : words[0]
}

/** The search as `to_tsquery` text (words are letters and digits: nothing in them is syntax). */
export function tsQuery(query: SearchQuery): string {
  return query.clauses
    .map((clause) => {
      const terms = clause.anyOf.map(tsTerm)
      const any = terms.length > 1 ? `(${terms.join(' | ')})` : terms[0]
      return clause.negated ? `!${any}` : any
    })
    .join(' & ')
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

/**
 * Restricts a query over `research_documents as d` to the documents matching the search, and,
 * when `themeIds` is given (the themes whose synonym the search is: synonymThemeIds), to those
 * tagged with one of those themes as well: a theme's other names find its documents whatever
 * their text says.
 */
export function whereMatches(
  query: DatabaseQueryBuilderContract,
  search: SearchQuery,
  mode: MatchMode = 'drive',
  themeIds: number[] = []
) {
  const tagged = themeIds.length
    ? {
        sql: `d.id in (select sdt.document_id from research_document_themes as sdt where sdt.theme_id in (${themeIds.map(() => '?').join(', ')}))`,
        bindings: themeIds,
      }
    : null
  if (isPostgres(query.client)) {
    const matches = `rds.search_vector @@ to_tsquery('${PG_SEARCH_CONFIG}', ?)`
    if (!tagged) {
      query.joinRaw(
        `join research_document_search as rds on rds.document_id = d.id and ${matches}`,
        [tsQuery(search)]
      )
      return query
    }
    query.joinRaw('left join research_document_search as rds on rds.document_id = d.id')
    return query.whereRaw(`(${matches} or ${tagged.sql})`, [tsQuery(search), ...tagged.bindings])
  }
  const { match, exclude } = ftsQuery(search)
  if (match === null) {
    return query.whereRaw(
      `${mode === 'walk' ? '+' : ''}d.id not in (select rowid from research_document_search where research_document_search match ?)`,
      [exclude]
    )
  }
  const exact = exactWordChecks(search)
  const matched = `from research_document_search where research_document_search match ?${exact.sql}`
  const bindings = [match, ...exact.bindings]
  const orTagged = (sql: string, sqlBindings: (string | number)[]) =>
    tagged
      ? query.whereRaw(`(${sql} or ${tagged.sql})`, [...sqlBindings, ...tagged.bindings])
      : query.whereRaw(sql, sqlBindings)
  if (mode === 'walk') {
    // `+d.id`: the matches are a set to test, not an index to start from.
    return orTagged(`+d.id in (select rowid ${matched})`, bindings)
  }
  if (mode === 'drive') {
    return orTagged(`d.id in (select rowid ${matched})`, bindings)
  }
  // FTS5 ranks in its own statement (bm25() cannot sit in a statement with other tables'
  // window or sort work): matched there, joined here by document id.
  const ranked = `(select rowid as document_id, -bm25(research_document_search, 10.0, 4.0, 1.0) as search_rank ${matched}) as rds`
  if (!tagged) {
    query.joinRaw(`join ${ranked} on rds.document_id = d.id`, bindings)
    return query
  }
  query.joinRaw(`left join ${ranked} on rds.document_id = d.id`, bindings)
  return query.whereRaw(`(rds.document_id is not null or ${tagged.sql})`, tagged.bindings)
}

/**
 * The rank expression of a query built with whereMatches(…, 'rank') (higher = better; a document
 * found only by its theme's synonym ranks after those whose text matched).
 */
export function rankExpression(query: DatabaseQueryBuilderContract, search: SearchQuery) {
  if (isPostgres(query.client)) {
    return db.raw(
      `coalesce(ts_rank_cd(rds.search_vector, to_tsquery('${PG_SEARCH_CONFIG}', ?)), 0)`,
      [tsQuery(search)]
    )
  }
  return db.raw('coalesce(rds.search_rank, 0)')
}

/**
 * The themes a search names by one of their synonyms (a search of words only, compared as
 * searches read words: `rate-cut cycle` is `Rate cut cycle`). The synonyms are read with the
 * theme choices, once per catalogue version (the synonyms table belongs to it).
 */
export async function synonymThemeIds(
  viewer: Pick<Viewer, 'researchVersion'>,
  text: string | null | undefined
): Promise<number[]> {
  const phrase = plainSearchPhrase(text)
  if (!phrase) return []
  const themeId = await themeOfSynonym(viewer, phrase)
  return themeId === null ? [] : [themeId]
}

/** Words of an extract: about two lines of the list. */
const EXTRACT_WORDS = 30

const stripMarks = (text: string) => text.replaceAll(MARK_START, '').replaceAll(MARK_END, '')
const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

/** An extract with … where it was cut from its text (PostgreSQL's headline does not say). */
function withCuts(extract: string, head: string, tail: string) {
  const plain = squash(stripMarks(extract))
  if (!plain) return ''
  const before = !squash(head).startsWith(plain.slice(0, 40))
  const after = !squash(tail).endsWith(plain.slice(-40))
  return `${before ? '… ' : ''}${squash(extract)}${after ? ' …' : ''}`
}

/** The extract to show: where the abstract matched, else where the text did, else the abstract's start. */
const pickExtract = (abstractExtract: string, bodyExtract: string) =>
  abstractExtract.includes(MARK_START) || !bodyExtract.includes(MARK_START)
    ? abstractExtract
    : bodyExtract

/**
 * The title and a short extract (around the best match in the abstract, else in the text) of
 * each document, with the words the index matched marked: FTS5's highlight() and snippet() on
 * SQLite, ts_headline on PostgreSQL, so a stemmed form ("cut" for "cutting") is marked and a
 * word the search did not find is not. For the rows of one page only (25 at most), in one query.
 */
export async function highlights(
  documentIds: number[],
  search: SearchQuery
): Promise<Map<number, { title: string; extract: string }>> {
  const found = new Map<number, { title: string; extract: string }>()
  if (!documentIds.length || !hasWantedTerms(search)) return found
  if (isPostgres(db.connection())) {
    const marks = `StartSel=${MARK_START}, StopSel=${MARK_END}`
    const rows = await db
      .from('research_document_search as rds')
      .joinRaw(`cross join to_tsquery('${PG_SEARCH_CONFIG}', ?) as q`, [tsQuery(search)])
      .whereIn('rds.document_id', documentIds)
      .select(
        'rds.document_id',
        'rds.abstract',
        db.raw('left(rds.body, 300) as body_head'),
        db.raw('right(rds.body, 300) as body_tail'),
        db.raw(`ts_headline('${PG_SEARCH_CONFIG}', rds.title, q, ?) as title`, [
          `HighlightAll=true, ${marks}`,
        ]),
        db.raw(`ts_headline('${PG_SEARCH_CONFIG}', rds.abstract, q, ?) as abstract_extract`, [
          `MaxFragments=1, MaxWords=${EXTRACT_WORDS}, MinWords=12, ShortWord=0, ${marks}`,
        ]),
        db.raw(`ts_headline('${PG_SEARCH_CONFIG}', rds.body, q, ?) as body_extract`, [
          `MaxFragments=1, MaxWords=${EXTRACT_WORDS}, MinWords=12, ShortWord=0, ${marks}`,
        ])
      )
    for (const row of rows) {
      const extract =
        pickExtract(row.abstract_extract, row.body_extract) === row.abstract_extract
          ? withCuts(row.abstract_extract, row.abstract, row.abstract)
          : withCuts(row.body_extract, row.body_head, row.body_tail)
      found.set(Number(row.document_id), { title: row.title, extract })
    }
    return found
  }
  const { match } = ftsQuery(search)
  if (match === null) return found
  const rows = await db
    .from('research_document_search')
    .whereRaw('research_document_search match ?', [match])
    .whereIn('rowid', documentIds)
    .select(
      'rowid as document_id',
      db.raw('highlight(research_document_search, 0, ?, ?) as title', [MARK_START, MARK_END]),
      db.raw(
        `snippet(research_document_search, 1, ?, ?, '…', ${EXTRACT_WORDS}) as abstract_extract`,
        [MARK_START, MARK_END]
      ),
      db.raw(`snippet(research_document_search, 2, ?, ?, '…', ${EXTRACT_WORDS}) as body_extract`, [
        MARK_START,
        MARK_END,
      ])
    )
  for (const row of rows) {
    found.set(Number(row.document_id), {
      title: row.title,
      // FTS5 puts its ellipsis against the words: set it apart as the other engine's are.
      extract: squash(pickExtract(row.abstract_extract, row.body_extract))
        .replace(/^…(?=\S)/, '… ')
        .replace(/(?<=\S)…$/, ' …'),
    })
  }
  return found
}
