import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * - `worker_processes`: every process that runs jobs or imports (a queue worker, an import
 *   command), with its host, pid and a heartbeat written by a thread of its own. A job or an
 *   import whose process is gone is taken over or shown as interrupted; one whose process is
 *   alive never is, however long it runs.
 * - `job_runs.worker_id`: the process that ran the attempt (an attempt left `running` by a
 *   process that is gone becomes `abandoned`).
 * - `rsa_imports.runner_id`: the process checking or committing the import;
 *   `cancel_requested_at`: an administrator asked the running check to stop.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('worker_processes', (table) => {
      table.string('id', 64).primary()
      // worker | command
      table.string('kind', 16).notNullable()
      table.string('hostname', 255).notNullable()
      table.integer('pid').notNullable()
      table.string('description', 255).notNullable()
      table.bigint('started_at').notNullable()
      table.bigint('heartbeat_at').notNullable()
      table.bigint('stopped_at').nullable()
      table.index(['stopped_at', 'heartbeat_at'])
    })
    this.schema.alterTable('job_runs', (table) => {
      table.string('worker_id', 64).nullable()
    })
    this.schema.alterTable('rsa_imports', (table) => {
      table.string('runner_id', 64).nullable()
      table.timestamp('cancel_requested_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('rsa_imports', (table) => {
      table.dropColumn('cancel_requested_at')
      table.dropColumn('runner_id')
    })
    this.schema.alterTable('job_runs', (table) => {
      table.dropColumn('worker_id')
    })
    this.schema.dropTable('worker_processes')
  }
}
