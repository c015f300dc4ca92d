import db from '@adonisjs/lucid/services/db'
import { MODULES } from '#shared/modules'

/**
 * Teams whose products include Research Spend Analytics: the only ones its files can belong
 * to, from the upload wizard and the import commands alike.
 */
export function researchSpendTeams() {
  return db
    .from('teams')
    .whereExists((sub) =>
      sub
        .from('team_modules')
        .join('modules', 'modules.id', 'team_modules.module_id')
        .whereColumn('team_modules.team_id', 'teams.id')
        .where('modules.internal_name', MODULES.rsaBudgets)
    )
    .select('teams.id', 'teams.name')
}
