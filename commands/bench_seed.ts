import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Fills a database with a large universe for `npm run bench`: many teams, members, feedback and
 * insights reports, so that pages are measured at a realistic size. Refuses to run in production.
 */
export default class BenchSeed extends BaseCommand {
  static commandName = 'bench:seed'
  static description = 'Fill the database with a large synthetic universe for benchmarks'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Number of teams', default: 300 })
  declare teams: number

  @flags.number({ description: 'Members per team', default: 20 })
  declare members: number

  async run() {
    if (this.app.inProduction) {
      this.logger.error(
        'bench:seed fills the database with synthetic data; it does not run in production.'
      )
      this.exitCode = 1
      return
    }
    const { DateTime } = await import('luxon')
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { default: hash } = await import('@adonisjs/core/services/hash')
    const { ensureReferenceData } = await import('#services/accounts/reference_data')
    const { insertReturningId } = await import('#services/db/insert')

    await db.transaction(async (trx) => {
      await ensureReferenceData(trx)
      const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
      const password = await hash.make('Bench-Password-2026')
      const currencies = await trx.from('currencies').select('id')
      const teamType = await trx.from('team_types').select('id').firstOrFail()
      const modules = await trx.from('modules').select('id')

      for (let t = 0; t < this.teams; t++) {
        await trx.table('teams').insert({
          name: `Bench Team ${t}`,
          currency_id: currencies[t % currencies.length].id,
          team_type_id: teamType.id,
          region: ['EMEA', 'AMER', 'APAC'][t % 3],
          created_at: now,
        })
        const { id: teamId } = await trx
          .from('teams')
          .where('name', `Bench Team ${t}`)
          .select('id')
          .firstOrFail()
        await trx
          .table('team_modules')
          .multiInsert(
            modules
              .filter((_, index) => (index + t) % 2 === 0)
              .map((module) => ({ team_id: teamId, module_id: module.id, created_at: now }))
          )
        const users = Array.from({ length: this.members }, (_, u) => ({
          name: `Bench User ${t}-${u}`,
          email: `bench.${t}.${u}@example.com`,
          password,
          password_changed_at: now,
          email_verified_at: now,
          is_administrator: false,
          should_show_main_nav_user_tour: false,
          current_team_id: teamId,
          created_at: now,
        }))
        await trx.table('users').multiInsert(users)
        const inserted: { id: number }[] = await trx
          .from('users')
          .whereIn(
            'email',
            users.map((user) => user.email)
          )
          .select('id')
        const userIds = inserted.map((row) => row.id)
        await trx.table('team_user').multiInsert(
          userIds.map((userId: number) => ({
            team_id: teamId,
            user_id: userId,
            role: 'member',
            created_at: now,
          }))
        )
        await trx.table('feedback').multiInsert(
          userIds.slice(0, 5).map((userId: number) => ({
            user_id: userId,
            team_id: teamId,
            rating: 4,
            feedback_text: 'Bench feedback',
            route: '/',
            created_at: now,
          }))
        )
        await trx.table('insights_reports').multiInsert(
          Array.from({ length: 10 }, (_, r) => ({
            team_id: r % 2 === 0 ? teamId : null,
            title: `Bench report ${t}-${r}`,
            file_name: `bench-${t}-${r}.pdf`,
            insights_category: 'Market data',
            is_private: false,
            created_at: now,
          }))
        )
      }
      // An administrator with every permission, for the account management pages.
      const adminId = await insertReturningId(trx, 'users', {
        name: 'Bench Administrator',
        email: 'bench.admin@example.com',
        password,
        password_changed_at: now,
        email_verified_at: now,
        is_administrator: true,
        should_show_main_nav_user_tour: false,
        current_team_id: null,
        created_at: now,
      })
      const role = await trx.from('roles').where('name', 'Super administrator').firstOrFail()
      await trx.table('user_roles').insert({ user_id: adminId, role_id: role.id, created_at: now })
    })
    this.logger.success(
      `Seeded ${this.teams} teams with ${this.members} members each (password Bench-Password-2026).`
    )
  }
}
