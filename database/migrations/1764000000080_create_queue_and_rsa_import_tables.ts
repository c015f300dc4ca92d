import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Background jobs and the research spend imports they run.
 *
 * - `queue_jobs` / `queue_schedules`: the database adapter of @adonisjs/queue (the same columns
 *   as the package's own QueueSchemaService, written here so that they are created inside this
 *   migration's transaction on SQLite and PostgreSQL alike).
 * - `job_runs`: every attempt of every job, whatever the adapter (database or Redis), so that
 *   administrators see what ran, what failed and why, and can run a failed job again.
 * - `rsa_imports`: one row per uploaded file (budgets, client interactions, peer interactions):
 *   who, when, the file's checksum, the preview's counts and rejected rows, the commit's progress,
 *   and whether it was reverted.
 * - `rsa_interaction_staging`: a commit of client interactions is written here first in short
 *   transactions, then moved into `rsa_interactions` in one; a stopped worker leaves only staging
 *   rows behind, which the next attempt clears.
 * - `rsa_import_replaced_interactions`: the rows an interactions import replaced (same
 *   source system and reference), as they were, so that a revert puts them back.
 * - `rsa_import_replaced_rows`: the same for budgets, budget lines and peer statistics (as JSON).
 * - `rsa_peer_interaction_stats`: the pre-aggregated peer interaction panel (DOMAIN §1(d)).
 */
export default class extends BaseSchema {
  async up() {
    // Budget lines as the budget upload describes them (DOMAIN §1(d)).
    this.schema.alterTable('rsa_budget_lines', (table) => {
      table.string('budget_group', 80).nullable()
      table.string('asset_class', 32).nullable()
      table.string('region', 16).nullable()
    })

    this.schema.createTable('queue_jobs', (table) => {
      table.string('id', 255).notNullable()
      table.string('queue', 255).notNullable()
      table.enu('status', ['pending', 'active', 'delayed', 'completed', 'failed']).notNullable()
      table.text('data').notNullable()
      table.bigint('score').unsigned().nullable()
      table.string('worker_id', 255).nullable()
      table.bigint('acquired_at').unsigned().nullable()
      table.bigint('execute_at').unsigned().nullable()
      table.bigint('finished_at').unsigned().nullable()
      table.text('error').nullable()
      table.string('dedup_id', 510).nullable()
      table.bigint('dedup_at').unsigned().nullable()
      table.bigint('dedup_ttl').unsigned().nullable()
      table.primary(['id', 'queue'])
      table.index(['queue', 'status', 'score'])
      table.index(['queue', 'status', 'execute_at'])
      table.index(['queue', 'status', 'finished_at'])
      table.index(['queue', 'dedup_id'])
    })
    this.schema.raw(
      `CREATE UNIQUE INDEX IF NOT EXISTS "queue_jobs_dedup_active_uidx" ON "queue_jobs" ("queue", "dedup_id") WHERE "dedup_id" IS NOT NULL AND "status" IN ('pending', 'delayed')`
    )
    this.schema.createTable('queue_schedules', (table) => {
      table.string('id', 255).primary()
      table.string('status', 50).notNullable().defaultTo('active')
      table.string('name', 255).notNullable()
      table.text('payload').notNullable()
      table.string('cron_expression', 255).nullable()
      table.bigint('every_ms').unsigned().nullable()
      table.string('timezone', 100).notNullable().defaultTo('UTC')
      table.timestamp('from_date').nullable()
      table.timestamp('to_date').nullable()
      table.integer('run_limit').unsigned().nullable()
      table.integer('run_count').unsigned().notNullable().defaultTo(0)
      table.timestamp('next_run_at').nullable()
      table.timestamp('last_run_at').nullable()
      table.timestamp('created_at').notNullable().defaultTo(this.now())
      table.index(['status', 'next_run_at'])
    })

    this.schema.createTable('job_runs', (table) => {
      table.increments('id')
      table.string('job_id', 255).notNullable()
      table.string('name', 80).notNullable()
      table.string('queue', 80).notNullable()
      // JSON of the payload: identifiers only, never secrets.
      table.text('payload').notNullable()
      // running | completed | retrying | failed
      table.string('status', 16).notNullable()
      table.integer('attempt').notNullable().defaultTo(1)
      table.integer('max_attempts').notNullable().defaultTo(1)
      table.text('error').nullable()
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').nullable()
      table.integer('retried_as').unsigned().nullable()
      table.index(['status', 'started_at'])
      table.index(['job_id'])
      table.index(['started_at'])
    })

    this.schema.createTable('rsa_imports', (table) => {
      table.increments('id')
      // budgets | client_interactions | peer_interactions
      table.string('kind', 32).notNullable()
      table.integer('team_id').unsigned().nullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // web | command_line | submission
      table.string('source', 16).notNullable()
      table
        .integer('submission_id')
        .unsigned()
        .nullable()
        .references('data_collection_submissions.id')
        .onDelete('SET NULL')
      table.string('original_file_name', 255).notNullable()
      table.string('stored_file_name', 120).nullable()
      // csv | xlsx
      table.string('file_type', 8).notNullable()
      table.bigint('file_size').notNullable().defaultTo(0)
      table.string('checksum', 64).notNullable()
      // uploaded → previewing → previewed | refused → queued → committing → committed | failed
      // committed → reverted
      table.string('status', 16).notNullable()
      // reading | checking | staging | applying | recomputing (while previewing or committing)
      table.string('phase', 16).nullable()
      table.integer('processed_rows').notNullable().defaultTo(0)
      table.integer('total_rows').notNullable().defaultTo(0)
      table.integer('new_rows').notNullable().defaultTo(0)
      table.integer('updated_rows').notNullable().defaultTo(0)
      table.integer('unchanged_rows').notNullable().defaultTo(0)
      table.integer('rejected_rows').notNullable().defaultTo(0)
      // JSON: { fileProblems: string[], problems: {row, column, message}[], more: number,
      //         aliasSuggestions: {row, value, providerKey, providerName}[] }
      table.text('report').nullable()
      table.text('error').nullable()
      // The last committed import of the same kind, team and year when this one was previewed:
      // a commit whose base moved re-checks the file first.
      table.integer('base_import_id').unsigned().nullable()
      table.string('job_id', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('previewed_at').nullable()
      table.timestamp('committed_at').nullable()
      table
        .integer('committed_by')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('reverted_at').nullable()
      table.integer('reverted_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('updated_at').nullable()
      table.index(['kind', 'team_id', 'year', 'status'])
      table.index(['status', 'created_at'])
      table.index(['created_at'])
    })

    this.schema.createTable('rsa_interaction_staging', (table) => {
      table.increments('id')
      table.integer('import_id').unsigned().notNullable()
      // The row this one replaces (same team, source system and reference), if any.
      table.integer('existing_id').unsigned().nullable()
      table.integer('team_id').unsigned().notNullable()
      table.integer('provider_id').unsigned().notNullable()
      table.date('occurred_on').notNullable()
      table.string('interaction_type', 32).notNullable()
      table.string('analyst_name', 160).nullable()
      table.integer('analyst_id').unsigned().nullable()
      table.string('user_email', 254).nullable()
      table.integer('user_id').unsigned().nullable()
      table.integer('duration_min').nullable()
      table.string('sector', 64).nullable()
      table.string('region', 16).nullable()
      table.string('asset_class', 32).nullable()
      table.string('source_system', 40).notNullable()
      table.string('external_ref', 80).nullable()
      table.boolean('valued').notNullable().defaultTo(true)
      table.index(['import_id', 'existing_id'])
    })
    // Scratch rows: PostgreSQL need not write them to its WAL (a crash of the server empties
    // the table, which only ever holds rows of imports not yet committed).
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('ALTER TABLE "rsa_interaction_staging" SET UNLOGGED')
    }

    this.schema.createTable('rsa_import_replaced_interactions', (table) => {
      table.integer('id').unsigned().notNullable()
      table.integer('replaced_by_import_id').unsigned().notNullable().index()
      table.integer('team_id').unsigned().notNullable()
      table.integer('provider_id').unsigned().notNullable()
      table.date('occurred_on').notNullable()
      table.string('interaction_type', 32).notNullable()
      table.string('analyst_name', 160).nullable()
      table.integer('analyst_id').unsigned().nullable()
      table.string('user_email', 254).nullable()
      table.integer('user_id').unsigned().nullable()
      table.integer('duration_min').nullable()
      table.string('sector', 64).nullable()
      table.string('region', 16).nullable()
      table.string('asset_class', 32).nullable()
      table.string('source_system', 40).notNullable()
      table.string('external_ref', 80).nullable()
      table.boolean('valued').notNullable().defaultTo(true)
      table.integer('import_id').unsigned().nullable()
      table.timestamp('created_at').notNullable()
    })

    this.schema.createTable('rsa_import_replaced_rows', (table) => {
      table.increments('id')
      table.integer('import_id').unsigned().notNullable()
      table.string('table_name', 40).notNullable()
      table.integer('row_id').unsigned().notNullable()
      // The row as it was before the import; null when the import created it.
      table.text('before').nullable()
      table.index(['import_id', 'table_name'])
    })

    this.schema.createTable('rsa_peer_interaction_stats', (table) => {
      table.increments('id')
      table.integer('year').notNullable()
      table.integer('quarter').notNullable()
      // An AUM tier key (see shared/rsa.ts) or 'all'.
      table.string('peer_group', 16).notNullable()
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('interaction_type', 32).notNullable()
      table.string('sector', 64).notNullable().defaultTo('')
      table.integer('n_firms').notNullable()
      table.integer('interactions_total').notNullable()
      table.decimal('median_per_firm', 14, 2).nullable()
      table.decimal('median_per_bn_aum', 14, 4).nullable()
      // Fewer than 5 firms: stored, never shown.
      table.boolean('suppressed').notNullable().defaultTo(false)
      table.integer('import_id').unsigned().nullable().index()
      table.timestamp('created_at').notNullable()
      table.unique(['year', 'quarter', 'peer_group', 'provider_id', 'interaction_type', 'sector'])
      table.index(['year', 'provider_id'])
    })
  }

  async down() {
    for (const name of [
      'rsa_peer_interaction_stats',
      'rsa_import_replaced_rows',
      'rsa_import_replaced_interactions',
      'rsa_interaction_staging',
      'rsa_imports',
      'job_runs',
      'queue_schedules',
      'queue_jobs',
    ]) {
      this.schema.dropTable(name)
    }
    this.schema.alterTable('rsa_budget_lines', (table) => {
      table.dropColumn('budget_group')
      table.dropColumn('asset_class')
      table.dropColumn('region')
    })
  }
}
