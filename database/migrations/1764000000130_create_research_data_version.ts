import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The research catalogue's version in `data_versions` (see `…120_create_data_versions`): the
 * documents, their themes, the teams' entitlements, the theme tree, the trending snapshots and
 * the providers. The trending page and the theme counts are kept in the cache under it.
 */
const AREA = 'research'
const TABLES = [
  'providers',
  'research_documents',
  'research_document_themes',
  'research_entitlements',
  'research_themes',
  'research_theme_groups',
  'research_trending_snapshots',
  'research_trending_entries',
]
const EVENTS = ['insert', 'update', 'delete'] as const

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.table('data_versions').insert({ area: AREA, version: 1 })
    })
    for (const table of TABLES) {
      const name = `data_version_${AREA}_${table}`
      if (this.db.dialect.name === 'postgres') {
        this.schema.raw(
          `CREATE TRIGGER "${name}" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('${AREA}')`
        )
        continue
      }
      for (const event of EVENTS) {
        this.schema.raw(
          `CREATE TRIGGER "${name}_${event}" AFTER ${event.toUpperCase()} ON "${table}" BEGIN UPDATE data_versions SET version = abs(random() % 9007199254740991) WHERE area = '${AREA}'; END`
        )
      }
    }
  }

  async down() {
    for (const table of TABLES) {
      const name = `data_version_${AREA}_${table}`
      if (this.db.dialect.name === 'postgres') {
        this.schema.raw(`DROP TRIGGER IF EXISTS "${name}" ON "${table}"`)
        continue
      }
      for (const event of EVENTS) this.schema.raw(`DROP TRIGGER IF EXISTS "${name}_${event}"`)
    }
    this.defer(async (db) => {
      await db.from('data_versions').where('area', AREA).delete()
    })
  }
}
