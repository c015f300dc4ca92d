import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A team's saved scenarios for a provider have distinct names (case aside): a list of three
 * "Renewal" scenarios cannot be told apart. Names already repeated are numbered ("Renewal (2)")
 * before the index is made, oldest first keeping the name.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const rows = await db
        .from('scenarios')
        .select('id', 'team_id', 'provider_id', 'name')
        .orderBy('created_at')
        .orderBy('id')
      const taken = new Set<string>()
      const key = (row: { team_id: number; provider_id: number }, name: string) =>
        `${row.team_id}|${row.provider_id}|${name.trim().toLowerCase()}`
      for (const row of rows) taken.add(key(row, row.name))
      const seen = new Set<string>()
      for (const row of rows) {
        const own = key(row, row.name)
        if (!seen.has(own)) {
          seen.add(own)
          continue
        }
        let number = 2
        let name = `${row.name.slice(0, 150)} (${number})`
        while (taken.has(key(row, name))) name = `${row.name.slice(0, 150)} (${++number})`
        taken.add(key(row, name))
        seen.add(key(row, name))
        await db.from('scenarios').where('id', row.id).update({ name })
      }
    })
    this.schema.raw(
      'CREATE UNIQUE INDEX scenarios_team_provider_name_unique ON scenarios (team_id, provider_id, lower(name))'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS scenarios_team_provider_name_unique')
  }
}
