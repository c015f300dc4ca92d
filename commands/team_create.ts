import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'

export default class TeamCreate extends BaseCommand {
  static commandName = 'team:create'
  static description = 'Create a client team with its currency, type, region and modules'
  static help = [
    '{{ binaryName }} team:create --name="Northbridge Asset Management" --currency=GBP --type=asset_manager --region=EMEA --module=market-data-contracts --module=rsa-budgets',
  ]
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Team name (unique)' })
  declare name?: string

  @flags.string({ description: 'Currency code (GBP, USD, EUR, CHF, JPY …)', default: 'USD' })
  declare currency: string

  @flags.string({
    description: 'Team type key (asset_manager, hedge_fund, wealth_manager, asset_owner)',
    default: 'asset_manager',
  })
  declare type: string

  @flags.string({ description: 'Region (EMEA, AMER, APAC)', default: 'EMEA' })
  declare region: string

  @flags.array({ description: 'Module internal name; repeat for several' })
  declare module?: string[]

  @flags.array({ description: 'Allowed IPv4/IPv6 range in CIDR notation; repeat for several' })
  declare allowedIp?: string[]

  @flags.array({ description: 'Email domain members must use (e.g. northbridge.com); repeatable' })
  declare allowedDomain?: string[]

  @flags.boolean({ description: 'Require two-factor authentication of every member' })
  declare requireTwoFactor?: boolean

  async run() {
    const { createTeamValidator } = await import('#validators/accounts')
    const { createTeam, AccountError } = await import('#services/accounts/accounts')

    const name =
      this.name ??
      (process.stdin.isTTY || this.prompt.traps.prompts.size > 0
        ? await this.prompt.ask('Team name')
        : undefined)
    if (name === undefined) {
      this.logger.error('Give --name when no terminal is attached.')
      this.exitCode = 1
      return
    }

    try {
      const data = await createTeamValidator.validate({
        name,
        currency: this.currency,
        type: this.type,
        region: this.region,
        modules: this.module ?? [],
      })
      const team = await createTeam({
        name: data.name,
        currencyCode: data.currency,
        teamTypeKey: data.type,
        region: data.region,
        moduleNames: data.modules,
        requireTwoFactor: Boolean(this.requireTwoFactor),
        allowedIps: this.allowedIp ?? [],
        allowedDomains: this.allowedDomain ?? [],
      })
      this.logger.success(`Created team "${team.name}" (id ${team.id}).`)
    } catch (error) {
      const message =
        error instanceof vineErrors.E_VALIDATION_ERROR
          ? error.messages.map((entry: { message: string }) => entry.message).join('\n')
          : error instanceof AccountError
            ? error.message
            : null
      if (message === null) throw error
      this.logger.error(message)
      this.exitCode = 1
    }
  }
}
