import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'
import { PASSWORD_POLICY_HINT } from '#shared/password_policy'

export default class UserCreate extends BaseCommand {
  static commandName = 'user:create'
  static description =
    'Create a user account, optionally in teams and as an administrator with roles'
  static help = [
    'Missing values are asked for interactively; without a terminal, every value must be given as a flag.',
    '{{ binaryName }} user:create --name="Alex Morgan" --email=alex@example.com --team="Northbridge Asset Management"',
    '{{ binaryName }} user:create --name="Sam Admin" --email=sam@example.com --admin --role="Super administrator"',
  ]
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Full name' })
  declare name?: string

  @flags.string({ description: 'Email address (the sign-in)' })
  declare email?: string

  @flags.string({
    description: `Password. ${PASSWORD_POLICY_HINT} Prompted (hidden) when omitted.`,
  })
  declare password?: string

  @flags.array({
    description: 'Team name; repeat for several teams. The first becomes the current team.',
  })
  declare team?: string[]

  @flags.boolean({ description: 'Make the user an administrator' })
  declare admin?: boolean

  @flags.array({ description: 'Admin role name; repeat for several (administrators only)' })
  declare role?: string[]

  async run() {
    const { createUserValidator } = await import('#validators/accounts')
    const { createUser, teamsNamed, AccountError } = await import('#services/accounts/accounts')
    const { assertNewAccountPassword } = await import('#services/auth/password_policy')
    const { default: db } = await import('@adonisjs/lucid/services/db')

    const input = {
      name: this.name ?? (await this.ask('Full name')),
      email: this.email ?? (await this.ask('Email address')),
      password: this.password ?? (await this.askSecret('Password')),
      teams: this.team ?? [],
      roles: this.role ?? [],
      isAdministrator: this.admin ?? false,
    }
    if (input.name === undefined || input.email === undefined || input.password === undefined) {
      return this.fail('Give --name, --email and --password when no terminal is attached.')
    }

    try {
      const data = await createUserValidator.validate(input)
      // The same password policy as the web: the teams' minimum, not the name or email.
      const teams = await teamsNamed(db.connection(), data.teams)
      await assertNewAccountPassword(data.password, {
        email: data.email,
        name: data.name,
        teamIds: teams.map((team) => team.id),
      })
      const user = await createUser({
        name: data.name,
        email: data.email,
        password: data.password,
        teamNames: data.teams,
        roleNames: data.roles,
        isAdministrator: data.isAdministrator,
      })
      this.logger.success(`Created user ${user.email} (id ${user.id}).`)
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        return this.fail(
          error.messages.map((message: { message: string }) => message.message).join('\n')
        )
      }
      if (error instanceof AccountError) return this.fail(error.message)
      throw error
    }
  }

  private async ask(question: string) {
    if (!this.isInteractive()) return undefined
    return this.prompt.ask(question)
  }

  private async askSecret(question: string) {
    if (!this.isInteractive()) return undefined
    return this.prompt.secure(question)
  }

  private isInteractive() {
    return process.stdin.isTTY === true || this.prompt.traps.prompts.size > 0
  }

  private fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }
}
