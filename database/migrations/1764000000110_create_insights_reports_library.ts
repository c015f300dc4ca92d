import { DateTime } from 'luxon'
import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Insights Reports as a library: categories and tags managed by administrators, an access type
 * per report (all client teams, teams holding a product, selected teams), the stored PDF with
 * its versions, reads with their first and last time, logged downloads, and per-user
 * notifications per version. Existing reports keep their audience: a report of one team becomes
 * a report for that selected team, a report for every team one for all client teams.
 */
export default class extends BaseSchema {
  /**
   * SQLite drops a column by rebuilding the table; inside a transaction foreign keys cannot be
   * switched off for that, and the rebuild would cascade-delete the reads and audiences.
   */
  static disableTransactions = true

  async up() {
    this.schema.createTable('insights_categories', (table) => {
      table.increments('id')
      table.string('name', 80).notNullable().unique()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('insights_tags', (table) => {
      table.increments('id')
      table.string('name', 80).notNullable().unique()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.alterTable('insights_reports', (table) => {
      table.text('summary').nullable()
      table
        .integer('category_id')
        .unsigned()
        .nullable()
        .references('insights_categories.id')
        .onDelete('RESTRICT')
      table.string('access_type', 20).notNullable().defaultTo('all_clients')
      table.string('access_module', 60).nullable()
      table.string('status', 12).notNullable().defaultTo('published')
      table.timestamp('published_at').nullable()
      table.timestamp('withdrawn_at').nullable()
      table.integer('page_count').nullable()
      table.integer('version').notNullable().defaultTo(1)
      table.string('file_key', 255).nullable()
      table.integer('file_size').nullable()
      table.string('author', 120).nullable()
      table.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
    })

    this.schema.createTable('insights_report_tags', (table) => {
      table
        .integer('insights_report_id')
        .unsigned()
        .notNullable()
        .references('insights_reports.id')
        .onDelete('CASCADE')
      table
        .integer('insights_tag_id')
        .unsigned()
        .notNullable()
        .references('insights_tags.id')
        .onDelete('CASCADE')
      table.primary(['insights_report_id', 'insights_tag_id'])
      table.index(['insights_tag_id'])
    })

    this.schema.createTable('insights_report_teams', (table) => {
      table
        .integer('insights_report_id')
        .unsigned()
        .notNullable()
        .references('insights_reports.id')
        .onDelete('CASCADE')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.primary(['insights_report_id', 'team_id'])
      table.index(['team_id'])
    })

    this.schema.createTable('insights_report_versions', (table) => {
      table.increments('id')
      table
        .integer('insights_report_id')
        .unsigned()
        .notNullable()
        .references('insights_reports.id')
        .onDelete('CASCADE')
      table.integer('version').notNullable()
      table.string('file_name', 255).notNullable()
      table.string('file_key', 255).nullable()
      table.integer('file_size').nullable()
      table.integer('page_count').nullable()
      table.integer('uploaded_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.unique(['insights_report_id', 'version'])
    })

    this.schema.createTable('insights_report_downloads', (table) => {
      table.increments('id')
      table
        .integer('insights_report_id')
        .unsigned()
        .notNullable()
        .references('insights_reports.id')
        .onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.integer('team_id').unsigned().nullable().references('teams.id').onDelete('SET NULL')
      table.integer('version').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['insights_report_id', 'created_at'])
    })

    this.schema.createTable('insights_report_notifications', (table) => {
      table.increments('id')
      table
        .integer('insights_report_id')
        .unsigned()
        .notNullable()
        .references('insights_reports.id')
        .onDelete('CASCADE')
      table.integer('version').notNullable()
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.string('channel', 12).notNullable().defaultTo('email')
      table.string('status', 24).notNullable()
      table.string('error', 255).nullable()
      table
        .integer('requested_by')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('queued_at').notNullable()
      table.timestamp('sent_at').nullable()
      // A user is mailed once per report version, however often "send" is pressed.
      table.unique(['insights_report_id', 'version', 'user_id'])
      table.index(['user_id'])
    })

    this.schema.alterTable('insights_report_reads', (table) => {
      table.timestamp('last_read_at').nullable()
      table.integer('read_count').notNullable().defaultTo(1)
    })

    this.defer(async (db) => {
      const now = DateTime.utc().toFormat(db.dialect.dateTimeFormat)
      const names = await db
        .from('insights_reports')
        .distinct('insights_category')
        .orderBy('insights_category')
      for (const { insights_category: name } of names) {
        await db.table('insights_categories').insert({ name, created_at: now })
      }
      const tagNames = await db
        .from('insights_reports')
        .whereNotNull('insights_tag')
        .distinct('insights_tag')
        .orderBy('insights_tag')
      for (const { insights_tag: name } of tagNames) {
        await db.table('insights_tags').insert({ name, created_at: now })
      }
      const categoryRows = await db.from('insights_categories').select('id', 'name')
      const categories = new Map<string, number>(
        categoryRows.map((row) => [row.name, Number(row.id)])
      )
      const tagRows = await db.from('insights_tags').select('id', 'name')
      const tags = new Map<string, number>(tagRows.map((row) => [row.name, Number(row.id)]))
      const reports = await db
        .from('insights_reports')
        .select('id', 'team_id', 'insights_category', 'insights_tag', 'is_private', 'created_at')
      for (const report of reports) {
        const selected = report.team_id !== null || Boolean(report.is_private)
        await db
          .from('insights_reports')
          .where('id', report.id)
          .update({
            category_id: categories.get(report.insights_category),
            access_type: selected ? 'selected_teams' : 'all_clients',
            published_at: report.created_at,
          })
        if (report.team_id !== null) {
          await db
            .table('insights_report_teams')
            .insert({ insights_report_id: report.id, team_id: report.team_id })
        }
        if (report.insights_tag) {
          await db.table('insights_report_tags').insert({
            insights_report_id: report.id,
            insights_tag_id: tags.get(report.insights_tag),
          })
        }
      }
      await db.from('insights_report_reads').update({ last_read_at: db.raw('read_at') })
    })

    this.schema.alterTable('insights_reports', (table) => {
      table.dropIndex(['team_id', 'created_at'])
      table.dropForeign(['team_id'])
      table.dropColumn('team_id')
      table.dropColumn('insights_category')
      table.dropColumn('insights_tag')
      table.dropColumn('is_private')
      table.index(['status', 'published_at'])
      table.index(['category_id'])
    })
  }

  async down() {
    this.schema.alterTable('insights_reports', (table) => {
      table.dropIndex(['status', 'published_at'])
      table.dropIndex(['category_id'])
      table.integer('team_id').unsigned().nullable().references('teams.id').onDelete('CASCADE')
      table.string('insights_category', 80).notNullable().defaultTo('')
      table.string('insights_tag', 80).nullable()
      table.boolean('is_private').notNullable().defaultTo(false)
    })
    this.defer(async (db) => {
      const reports = await db
        .from('insights_reports as r')
        .leftJoin('insights_categories as c', 'c.id', 'r.category_id')
        .select('r.id', 'r.access_type', 'c.name as category')
      for (const report of reports) {
        const team = await db
          .from('insights_report_teams')
          .where('insights_report_id', report.id)
          .select('team_id')
          .first()
        const tag = await db
          .from('insights_report_tags as rt')
          .join('insights_tags as t', 't.id', 'rt.insights_tag_id')
          .where('rt.insights_report_id', report.id)
          .select('t.name')
          .first()
        await db
          .from('insights_reports')
          .where('id', report.id)
          .update({
            team_id: team?.team_id ?? null,
            insights_category: report.category ?? '',
            insights_tag: tag?.name ?? null,
            is_private: report.access_type === 'selected_teams' && !team,
          })
      }
    })
    this.schema.alterTable('insights_reports', (table) => {
      table.dropForeign(['category_id'])
      table.dropForeign(['created_by'])
      for (const column of [
        'summary',
        'category_id',
        'access_type',
        'access_module',
        'status',
        'published_at',
        'withdrawn_at',
        'page_count',
        'version',
        'file_key',
        'file_size',
        'author',
        'created_by',
      ]) {
        table.dropColumn(column)
      }
      table.index(['team_id', 'created_at'])
    })
    this.schema.alterTable('insights_report_reads', (table) => {
      table.dropColumn('last_read_at')
      table.dropColumn('read_count')
    })
    this.schema.dropTable('insights_report_notifications')
    this.schema.dropTable('insights_report_downloads')
    this.schema.dropTable('insights_report_versions')
    this.schema.dropTable('insights_report_teams')
    this.schema.dropTable('insights_report_tags')
    this.schema.dropTable('insights_tags')
    this.schema.dropTable('insights_categories')
  }
}
