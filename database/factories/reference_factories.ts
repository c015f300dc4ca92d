import factory from '@adonisjs/lucid/factories'
import Currency from '#models/currency'
import ExchangeRate from '#models/exchange_rate'
import TeamType from '#models/team_type'
import Product from '#models/product'
import Module from '#models/module'
import Permission from '#models/permission'
import Role from '#models/role'

let sequence = 0
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`

export const CurrencyFactory = factory
  .define(Currency, () => {
    const id = next().toUpperCase()
    return { code: `X${id.slice(-2)}`, name: `Test currency ${id}`, symbol: '¤' }
  })
  .build()

export const ExchangeRateFactory = factory
  .define(ExchangeRate, ({ faker }) => ({
    exchangeRate: faker.number.float({ min: 0.1, max: 3, fractionDigits: 4 }),
  }))
  .relation('fromCurrency', () => CurrencyFactory)
  .relation('toCurrency', () => CurrencyFactory)
  .build()

export const TeamTypeFactory = factory
  .define(TeamType, () => {
    const id = next()
    return { key: `type_${id}`, name: `Team type ${id}` }
  })
  .build()

export const ProductFactory = factory
  .define(Product, ({ faker }) => {
    const id = next()
    return {
      key: `product-${id}`,
      name: `Product ${id}`,
      description: faker.lorem.sentence(),
      sortOrder: 99,
    }
  })
  .relation('modules', () => ModuleFactory)
  .build()

export const ModuleFactory = factory
  .define(Module, () => {
    const id = next()
    return { internalName: `module-${id}`, name: `Module ${id}` }
  })
  .relation('product', () => ProductFactory)
  .build()

export const PermissionFactory = factory
  .define(Permission, () => {
    const id = next()
    return { name: `permission-test-${id}`, description: `Test permission ${id}` }
  })
  .build()

export const RoleFactory = factory
  .define(Role, () => {
    const id = next()
    return { name: `Role ${id}`, description: 'Test role' }
  })
  .relation('permissions', () => PermissionFactory)
  .build()
