import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Theme synonyms (`themeManagement`): other names of a theme — set by the editors, and the old
 * name of a theme merged into another. A search whose words are a synonym also finds the
 * documents tagged with its theme (app/services/research/search.ts). `folded` is the synonym as
 * searches are compared (lower case, letters and digits only, single spaces): unique across all
 * themes, so one synonym names one theme.
 *
 * The table belongs to the research catalogue's version (`data_versions`, area `research`): a
 * change to it makes new cache keys for the searches kept under that version.
 */
const AREA = 'research'
const TABLE = 'research_theme_synonyms'
const EVENTS = ['insert', 'update', 'delete'] as const
const TRIGGER = `data_version_${AREA}_${TABLE}`

export default class extends BaseSchema {
  async up() {
    this.schema.createTable(TABLE, (table) => {
      table.increments('id')
      table
        .integer('theme_id')
        .unsigned()
        .notNullable()
        .references('research_themes.id')
        .onDelete('CASCADE')
        .index()
      table.string('name', 120).notNullable()
      table.string('folded', 120).notNullable().unique()
      table.timestamp('created_at').notNullable()
    })
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(
        `CREATE TRIGGER "${TRIGGER}" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${TABLE}" FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('${AREA}')`
      )
      return
    }
    for (const event of EVENTS) {
      this.schema.raw(
        `CREATE TRIGGER "${TRIGGER}_${event}" AFTER ${event.toUpperCase()} ON "${TABLE}" BEGIN UPDATE data_versions SET version = abs(random() % 9007199254740991) WHERE area = '${AREA}'; END`
      )
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`DROP TRIGGER IF EXISTS "${TRIGGER}" ON "${TABLE}"`)
    } else {
      for (const event of EVENTS) this.schema.raw(`DROP TRIGGER IF EXISTS "${TRIGGER}_${event}"`)
    }
    this.schema.dropTable(TABLE)
  }
}
