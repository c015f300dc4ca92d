import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

export default class DemoAccounts extends BaseCommand {
  static commandName = 'demo:accounts'
  static description = 'Print the demo sign-ins and the URL to open'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { DEMO_ACCOUNTS, demoPassword } = await import('#database/demo/demo_universe')
    const { default: User } = await import('#models/user')
    const { appUrl } = await import('#config/app')
    const existing = await User.query()
      .whereIn(
        'email',
        DEMO_ACCOUNTS.map((account) => account.email)
      )
      .select('email')
    const present = new Set(existing.map((user) => user.email))

    const table = this.ui.table()
    table.head(['Email', 'Who'])
    for (const account of DEMO_ACCOUNTS.filter((entry) => present.has(entry.email))) {
      table.row([account.email, account.description])
    }
    this.logger.info(`Open ${appUrl} and sign in with one of these accounts.`)
    table.render()
    this.logger.info(
      `Demo password: ${demoPassword()}  (set DEMO_PASSWORD before the first run to change it)`
    )
  }
}
