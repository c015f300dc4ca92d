import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * PostgreSQL's research search reads words as SQLite's FTS5 index does (porter unicode61): the
 * text is cut into runs of letters and digits (`S&P` is "s" then "p", `e-commerce` is "e" then
 * "commerce"), stemmed in English and kept whole, stop words included ("s", "us", "the" are
 * words an analyst searches for). The configuration `research_english` is English without its
 * stop-word list; the index and every query (app/services/research/search.ts) use it.
 * SQLite's FTS5 table is unchanged.
 */
const vector = (config: string, clean: boolean) => {
  const column = (name: string) =>
    clean ? `regexp_replace(${name}, '[^[:alnum:]]+', ' ', 'g')` : name
  return `
    setweight(to_tsvector('${config}', ${column('title')}), 'A') ||
    setweight(to_tsvector('${config}', ${column('abstract')}), 'B') ||
    setweight(to_tsvector('${config}', ${column('body')}), 'C')`
}

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name !== 'postgres') return
    this.schema.raw(
      'CREATE TEXT SEARCH DICTIONARY research_english_stem (TEMPLATE = snowball, Language = english)'
    )
    this.schema.raw('CREATE TEXT SEARCH CONFIGURATION research_english (COPY = english)')
    this.schema.raw(
      'ALTER TEXT SEARCH CONFIGURATION research_english ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH research_english_stem'
    )
    this.schema.raw('ALTER TABLE research_document_search DROP COLUMN search_vector')
    this.schema.raw(
      `ALTER TABLE research_document_search ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${vector('research_english', true)}) STORED`
    )
    this.schema.raw(
      'CREATE INDEX research_document_search_vector ON research_document_search USING GIN (search_vector)'
    )
  }

  async down() {
    if (this.db.dialect.name !== 'postgres') return
    this.schema.raw('ALTER TABLE research_document_search DROP COLUMN search_vector')
    this.schema.raw(
      `ALTER TABLE research_document_search ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${vector('english', false)}) STORED`
    )
    this.schema.raw(
      'CREATE INDEX research_document_search_vector ON research_document_search USING GIN (search_vector)'
    )
    this.schema.raw('DROP TEXT SEARCH CONFIGURATION research_english')
    this.schema.raw('DROP TEXT SEARCH DICTIONARY research_english_stem')
  }
}
