import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import User from '#models/user'
import Team from '#models/team'
import Currency from '#models/currency'
import TeamType from '#models/team_type'
import { RoleFactory } from '#database/factories/reference_factories'

/**
 * Teams use the reference currencies and team types (seeded by the test runner).
 */
export const TeamFactory = factory
  .define(Team, async ({ faker }) => {
    const currency = await Currency.findByOrFail(
      'code',
      faker.helpers.arrayElement(['GBP', 'USD', 'EUR', 'CHF', 'JPY'])
    )
    const teamType = await TeamType.query().orderBy('id').firstOrFail()
    return {
      name: `${faker.company.name()} ${faker.string.alphanumeric(5)}`,
      currencyId: currency.id,
      teamTypeId: teamType.id,
      region: faker.helpers.arrayElement(['EMEA', 'AMER', 'APAC']),
    }
  })
  .relation('users', () => UserFactory)
  .build()

export const UserFactory = factory
  .define(User, ({ faker }) => ({
    name: faker.person.fullName(),
    email: faker.internet.email({ provider: 'example.com' }).toLowerCase(),
    password: 'Factory-Password-123',
    passwordChangedAt: DateTime.now(),
    emailVerifiedAt: DateTime.now(),
    isAdministrator: false,
    shouldShowMainNavUserTour: true,
  }))
  .state('administrator', (user) => {
    user.isAdministrator = true
  })
  .state('expiredPassword', (user) => {
    user.passwordChangedAt = DateTime.now().minus({ days: 91 })
  })
  .state('unverified', (user) => {
    user.emailVerifiedAt = null
  })
  .state('disabled', (user) => {
    user.disabledAt = DateTime.now()
  })
  .relation('teams', () => TeamFactory)
  .relation('roles', () => RoleFactory)
  .build()
