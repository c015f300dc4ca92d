import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'

/**
 * Seeds the demo universe (without the research spend data, which market data tests do not
 * need) and returns the demo analyst working for the named team.
 */
export async function demoAnalystIn(teamName: string) {
  await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
  const analyst = await User.findByOrFail('email', 'analyst@example.com')
  const team = await db.from('teams').where('name', teamName).select('id').firstOrFail()
  analyst.currentTeamId = team.id
  analyst.shouldShowMainNavUserTour = false
  await analyst.save()
  return analyst
}

export async function teamId(name: string) {
  const team = await db.from('teams').where('name', name).select('id').firstOrFail()
  return team.id as number
}
