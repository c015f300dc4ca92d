import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The research spend records' version in `data_versions` (see `…120_create_data_versions`): the
 * teams' budgets, budget lines, payments and profiles, with the providers and currencies they
 * name. A team's budget records are kept in the cache under it (`services/rsa/budgets.ts`).
 * The interactions are left out: millions of rows arrive in one import, and no kept figure is
 * read from them under this version.
 */
const AREA = 'research_spend'
const TABLES = [
  'rsa_budgets',
  'rsa_budget_lines',
  'rsa_payments',
  'rsa_team_profiles',
  'providers',
  'currencies',
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
