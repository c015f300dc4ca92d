import { BaseSchema } from '@adonisjs/lucid/schema'
import { parseCidr } from '#services/teams/ip_policy'

/**
 * Team IP ranges are kept in canonical form ('10.0.0.1/8' is the range '10.0.0.0/8'): a team
 * whose ranges were stored as typed gets them rewritten, once each.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const rows = await db
        .from('team_allowed_ips')
        .select('team_id', 'cidr', 'created_at')
        .orderBy('id')
      const byTeam = new Map<number, { cidr: string; created_at: unknown }[]>()
      for (const row of rows) {
        const list = byTeam.get(Number(row.team_id)) ?? []
        list.push(row)
        byTeam.set(Number(row.team_id), list)
      }
      for (const [teamId, list] of byTeam) {
        if (list.every((row) => parseCidr(row.cidr)?.cidr === row.cidr)) continue
        const canonical = new Map<string, unknown>()
        for (const row of list) {
          const cidr = parseCidr(row.cidr)?.cidr
          if (cidr && !canonical.has(cidr)) canonical.set(cidr, row.created_at)
        }
        await db.from('team_allowed_ips').where('team_id', teamId).delete()
        if (canonical.size) {
          await db.table('team_allowed_ips').multiInsert(
            [...canonical].map(([cidr, createdAt]) => ({
              team_id: teamId,
              cidr,
              created_at: createdAt,
            }))
          )
        }
      }
    })
  }

  async down() {
    // The canonical form is a valid form of the same range: nothing to undo.
  }
}
