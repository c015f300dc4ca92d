import type { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The triggers that replace an area's row of `data_versions` on every write to one of its tables
 * (see `…120_create_data_versions`): on PostgreSQL one per table and statement, calling
 * `data_version_bump(area)`; on SQLite one per table and event, per row. Used by the migrations
 * that give an area its version; each migration names its own tables, as they were when it ran.
 */
const EVENTS = ['insert', 'update', 'delete'] as const

type Schema = Pick<BaseSchema, 'schema' | 'defer'> & { db: BaseSchema['db'] }

export function createVersionTriggers(migration: Schema, area: string, tables: readonly string[]) {
  migration.defer(async (db) => {
    await db.table('data_versions').insert({ area, version: 1 })
  })
  addVersionTriggers(migration, area, tables)
}

/** The triggers alone, for tables added to an area that already has its version. */
export function addVersionTriggers(migration: Schema, area: string, tables: readonly string[]) {
  for (const table of tables) {
    const name = `data_version_${area}_${table}`
    if (migration.db.dialect.name === 'postgres') {
      migration.schema.raw(
        `CREATE TRIGGER "${name}" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('${area}')`
      )
      continue
    }
    for (const event of EVENTS) {
      migration.schema.raw(
        `CREATE TRIGGER "${name}_${event}" AFTER ${event.toUpperCase()} ON "${table}" BEGIN UPDATE data_versions SET version = abs(random() % 9007199254740991) WHERE area = '${area}'; END`
      )
    }
  }
}

export function dropVersionTriggers(migration: Schema, area: string, tables: readonly string[]) {
  removeVersionTriggers(migration, area, tables)
  migration.defer(async (db) => {
    await db.from('data_versions').where('area', area).delete()
  })
}

/** The triggers alone (the area keeps its version). */
export function removeVersionTriggers(migration: Schema, area: string, tables: readonly string[]) {
  for (const table of tables) {
    const name = `data_version_${area}_${table}`
    if (migration.db.dialect.name === 'postgres') {
      migration.schema.raw(`DROP TRIGGER IF EXISTS "${name}" ON "${table}"`)
      continue
    }
    for (const event of EVENTS) migration.schema.raw(`DROP TRIGGER IF EXISTS "${name}_${event}"`)
  }
}
