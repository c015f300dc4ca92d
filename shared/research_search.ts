/**
 * What a research search box means, read the same way for SQLite and PostgreSQL (each engine's
 * adapter in app/services/research/search.ts writes it in its own syntax) and shown on the page:
 *
 * - words are whole words, each required: `ai` finds "AI", not "aircraft"; the engines' English
 *   stemming finds a word's forms ("cutting" finds "cut", "rates" finds "rate");
 * - `infla*`: the words that start with "infla" (a trailing star only);
 * - `"rate cut"`: the words next to each other, in that order; a word written with punctuation
 *   inside (`S&P`, `U.S.`, `e-commerce`) is read as such a phrase of its parts;
 * - `fed OR ecb`: either (`|` too); OR joins the terms either side of it, before the AND of the
 *   rest: `fed OR ecb rates` is (fed or ecb) and rates;
 * - `-fed`: documents without it (a phrase or a starred word too).
 *
 * Only letters and digits reach an engine: no operator, quote or column name the user types is
 * passed through. A few derived forms the stemmers do not join are added as alternatives
 * ("inflationary" also finds "inflation", and the other way round).
 */

/** Words next to each other (one word: just the word); the last one a prefix when `prefix`. */
export interface SearchTerm {
  words: string[]
  prefix: boolean
  /** A word written with punctuation inside (`S&P`), as typed: how the page says it back. */
  typed?: string
}

/** Any one of the terms (a word and its derived forms, or terms joined by OR); negated: none of them. */
export interface SearchClause {
  negated: boolean
  anyOf: SearchTerm[]
}

/** Every clause holds. At least one clause; perhaps only negated ones. */
export interface SearchQuery {
  clauses: SearchClause[]
}

/** At most this many terms are read from a search (the rest is ignored). */
export const SEARCH_MAX_TERMS = 12
/** A prefix shorter than this is read as a whole word (`a*` would match half the language). */
export const SEARCH_MIN_PREFIX = 2
const MAX_WORD_LENGTH = 64

/** The search box's hint, on every research search. */
export const SEARCH_HINT =
  'Whole words, in any form (rate finds rates). "rate cut" for a phrase, fed OR ecb for either, -fed to leave out, infla* for words starting with.'

const WORD = /[\p{L}\p{N}]+/gu

const wordsOf = (text: string) =>
  (text.toLowerCase().match(WORD) ?? []).map((word) => word.slice(0, MAX_WORD_LENGTH))

/**
 * Derived forms a stemmer keeps apart but an analyst means together: inflationary / inflation,
 * protectionism / protection, economy / economic.
 */
const DERIVATIONS: [RegExp, string][] = [
  [/ionary$/, 'ion'],
  [/ion(?:ism|ist|ists)$/, 'ion'],
  [/ion$/, 'ionary'],
  [/omy$/, 'omic'],
  [/omics?$/, 'omy'],
]

/** The word's derived forms (not the word itself), for a whole word of at least 5 letters. */
export function derivedForms(word: string): string[] {
  if (word.length < 5 || /\d/.test(word)) return []
  const forms = new Set<string>()
  for (const [ending, replacement] of DERIVATIONS) {
    if (!ending.test(word)) continue
    const form = word.replace(ending, replacement)
    if (form !== word && form.length >= 4) forms.add(form)
  }
  return [...forms]
}

type Token = { kind: 'or' } | { kind: 'term'; term: SearchTerm; negated: boolean }

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let index = 0
  while (index < text.length) {
    const char = text[index]
    if (/\s/u.test(char)) {
      index++
      continue
    }
    let negated = false
    if (char === '-' && index + 1 < text.length && !/\s/u.test(text[index + 1])) {
      negated = true
      index++
    }
    if (text[index] === '"') {
      const close = text.indexOf('"', index + 1)
      const stop = close === -1 ? text.length : close
      const inner = text.slice(index + 1, stop)
      index = stop + 1
      const prefix = text[index] === '*'
      if (prefix) index++
      const words = wordsOf(inner)
      if (words.length) tokens.push({ kind: 'term', negated, term: { words, prefix } })
      continue
    }
    let stop = index
    while (stop < text.length && !/\s/u.test(text[stop]) && text[stop] !== '"') stop++
    const raw = text.slice(index, stop)
    index = stop
    if (!negated && (raw === 'OR' || raw === '|' || raw === '||')) {
      tokens.push({ kind: 'or' })
      continue
    }
    const words = wordsOf(raw)
    if (!words.length) continue
    const prefix = raw.endsWith('*')
    const term: SearchTerm = { words, prefix }
    if (words.length > 1) term.typed = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    tokens.push({ kind: 'term', negated, term })
  }
  return tokens
}

/** A prefix too short to be useful is read as the whole word. */
function settled(term: SearchTerm): SearchTerm {
  const last = term.words[term.words.length - 1]
  return term.prefix && last.length < SEARCH_MIN_PREFIX ? { ...term, prefix: false } : term
}

/** A term with its derived forms (a single whole word only). */
function withDerivations(term: SearchTerm): SearchTerm[] {
  if (term.prefix || term.words.length !== 1) return [term]
  return [term, ...derivedForms(term.words[0]).map((word) => ({ words: [word], prefix: false }))]
}

const termKey = (term: SearchTerm) => `${term.words.join(' ')}${term.prefix ? '*' : ''}`

/** The search as clauses, or null when it holds nothing to search for. */
export function parseSearch(text: string | null | undefined): SearchQuery | null {
  if (!text) return null
  const tokens = tokenize(text.normalize('NFKC'))
  const clauses: SearchClause[] = []
  let terms = 0
  let joinNext = false
  for (const token of tokens) {
    if (token.kind === 'or') {
      joinNext = clauses.length > 0 && !clauses[clauses.length - 1].negated
      continue
    }
    if (terms >= SEARCH_MAX_TERMS) break
    terms++
    const found = withDerivations(settled(token.term))
    const last = clauses[clauses.length - 1]
    if (joinNext && !token.negated && last && !last.negated) {
      last.anyOf.push(...found)
    } else {
      clauses.push({ negated: token.negated, anyOf: found })
    }
    joinNext = false
  }
  for (const clause of clauses) {
    const seen = new Set<string>()
    clause.anyOf = clause.anyOf.filter((term) => {
      const key = termKey(term)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
  return clauses.length ? { clauses } : null
}

/** Whether the search asks for something (not only for what to leave out). */
export const hasWantedTerms = (query: SearchQuery) => query.clauses.some((c) => !c.negated)

/** The search as the page says it back: `"rate cut" and (fed or ecb), without inflation`. */
export function describeSearch(query: SearchQuery): string {
  const term = (t: SearchTerm) => {
    if (t.typed) return `${t.typed}${t.prefix ? '…' : ''}`
    const text = `${t.words.join(' ')}${t.prefix ? '…' : ''}`
    return t.words.length > 1 ? `“${text}”` : text
  }
  const clause = (c: SearchClause) => {
    const terms = c.anyOf.map(term)
    return terms.length > 1
      ? c.negated
        ? terms.join(' or ')
        : `(${terms.join(' or ')})`
      : terms[0]
  }
  const wanted = query.clauses.filter((c) => !c.negated).map(clause)
  const unwanted = query.clauses.filter((c) => c.negated).map(clause)
  return [wanted.join(' and '), unwanted.length ? `without ${unwanted.join(', ')}` : '']
    .filter(Boolean)
    .join(', ')
}

/**
 * The words of a name as a search reads them, joined by single spaces: how a theme's synonym is
 * stored and compared with a search (`Rate-cut cycle` and `rate cut cycle` are the same).
 */
export const searchPhrase = (text: string) => wordsOf(text.normalize('NFKC')).join(' ')

/**
 * The search's words as one phrase when the search is only words to find (no OR, nothing left
 * out, no prefix): a search that may be a theme's synonym. Null otherwise.
 */
export function plainSearchPhrase(text: string | null | undefined): string | null {
  if (!text) return null
  const tokens = tokenize(text.normalize('NFKC'))
  const plain = tokens.every(
    (token) => token.kind === 'term' && !token.negated && !settled(token.term).prefix
  )
  const phrase = plain ? searchPhrase(text) : ''
  return phrase || null
}
