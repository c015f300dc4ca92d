import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A version per area of reference data, replaced by the database itself whenever a row of one of
 * the area's tables is inserted, updated or deleted, whoever writes it (the administration, an
 * import, a command, the seeders). The pages keep what they compute from these tables in the
 * cache under the version they read first: a committed write makes new keys, so nothing has to
 * be dropped, and an uncommitted one is seen by nobody else. The new version is a random number,
 * not a count: a rolled-back write must not hand its value to the next one.
 */
const AREAS: Record<string, string[]> = {
  market_data: [
    'providers',
    'provider_products',
    'product_types',
    'product_categories',
    'license_types',
    'drivers',
    'driver_options',
    'currencies',
    'exchange_rates',
    'team_types',
    'contracts',
    'contract_documents',
    'product_benchmarks',
    'product_benchmark_drivers',
    'sub_product_benchmarks',
    'regressions',
    'regression_coefficients',
    'rate_cards',
    'rate_card_categories',
    'rate_card_assumptions',
    'rate_card_product_benchmarks',
    'aum_ranges',
    'proposals',
    'proposal_items',
  ],
}

const EVENTS = ['insert', 'update', 'delete'] as const

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('data_versions', (table) => {
      table.string('area', 40).primary()
      table.bigInteger('version').notNullable()
    })
    this.defer(async (db) => {
      await db
        .table('data_versions')
        .multiInsert(Object.keys(AREAS).map((area) => ({ area, version: 1 })))
    })

    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`
        CREATE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE data_versions SET version = floor(random() * 9007199254740991)::bigint
          WHERE area = TG_ARGV[0];
          RETURN NULL;
        END $$`)
      for (const [area, tables] of Object.entries(AREAS)) {
        for (const table of tables) {
          // Once per statement: a bulk insert of a million rows replaces the version once.
          this.schema.raw(
            `CREATE TRIGGER "data_version_${table}" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('${area}')`
          )
        }
      }
      return
    }
    for (const [area, tables] of Object.entries(AREAS)) {
      for (const table of tables) {
        for (const event of EVENTS) {
          this.schema.raw(
            `CREATE TRIGGER "data_version_${table}_${event}" AFTER ${event.toUpperCase()} ON "${table}" BEGIN UPDATE data_versions SET version = abs(random() % 9007199254740991) WHERE area = '${area}'; END`
          )
        }
      }
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      for (const tables of Object.values(AREAS)) {
        for (const table of tables) {
          this.schema.raw(`DROP TRIGGER IF EXISTS "data_version_${table}" ON "${table}"`)
        }
      }
      this.schema.raw('DROP FUNCTION IF EXISTS data_version_bump()')
    } else {
      for (const tables of Object.values(AREAS)) {
        for (const table of tables) {
          for (const event of EVENTS) {
            this.schema.raw(`DROP TRIGGER IF EXISTS "data_version_${table}_${event}"`)
          }
        }
      }
    }
    this.schema.dropTable('data_versions')
  }
}
