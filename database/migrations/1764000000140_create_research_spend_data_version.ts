import { BaseSchema } from '@adonisjs/lucid/schema'
import { createVersionTriggers, dropVersionTriggers } from '#database/data_version_triggers'

/**
 * The research spend records' version in `data_versions` (see `…120_create_data_versions`): the
 * teams' budgets, budget lines, payments and profiles, with the providers and currencies they
 * name. A team's budget records are kept in the cache under it (`services/rsa/budgets.ts`).
 * The interactions are left out: millions of rows arrive in one import, and no kept figure is
 * read from them under this version.
 */
const AREA = 'research_spend'
const TABLES = [
  'rsa_budgets',
  'rsa_budget_lines',
  'rsa_payments',
  'rsa_team_profiles',
  'providers',
  'currencies',
]

export default class extends BaseSchema {
  async up() {
    createVersionTriggers(this, AREA, TABLES)
  }

  async down() {
    dropVersionTriggers(this, AREA, TABLES)
  }
}
