import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import { seedDemoUniverse, DEMO_ACCOUNTS, demoPassword } from '#database/demo/demo_universe'
import { ensureReferenceData } from '#services/accounts/reference_data'

/**
 * Reference data always; the demo universe (teams, users) only into an empty database outside
 * production.
 */
export default class MainSeeder extends BaseSeeder {
  async run() {
    await db.transaction(async (trx) => ensureReferenceData(trx))

    const users = await db.from('users').count('* as total').first()
    if (Number(users?.total ?? 0) > 0) {
      console.log('Users already exist: demo accounts were not created again.')
      return
    }
    if (process.env.NODE_ENV === 'production') {
      console.log('Production: reference data only, no demo accounts.')
      return
    }
    await db.transaction(async (trx) => seedDemoUniverse(trx))
    console.log('\nDemo accounts (password: %s)', demoPassword())
    for (const account of DEMO_ACCOUNTS) {
      console.log('  %s  %s', account.email.padEnd(28), account.description)
    }
  }
}
