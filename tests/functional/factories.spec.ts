import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { TeamFactory, UserFactory } from '#database/factories/account_factories'
import {
  CurrencyFactory,
  ExchangeRateFactory,
  ModuleFactory,
  ProductFactory,
  RoleFactory,
  TeamTypeFactory,
} from '#database/factories/reference_factories'
import {
  AnalyticsEventFactory,
  EmailSubscriptionFactory,
  FeedbackFactory,
  UserTourFactory,
} from '#database/factories/activity_factories'
import { isPasswordExpired } from '#shared/password_expiry'

test.group('Model factories', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('build users in teams, with states', async ({ assert }) => {
    const user = await UserFactory.with('teams', 2).apply('expiredPassword').create()
    await user.load('teams')
    assert.lengthOf(user.teams, 2)
    assert.isTrue(isPasswordExpired(user.passwordChangedAt.toJSDate()))
    const admin = await UserFactory.apply('administrator')
      .with('roles', 1, (role) => role.with('permissions', 2))
      .create()
    await admin.load('roles', (query) => query.preload('permissions'))
    assert.isTrue(admin.isAdministrator)
    assert.lengthOf(admin.roles[0].permissions, 2)
    assert.lengthOf(await TeamFactory.with('users', 3).createMany(2), 2)
  })

  test('build reference data', async ({ assert }) => {
    const rate = await ExchangeRateFactory.with('fromCurrency').with('toCurrency').create()
    assert.isAbove(rate.exchangeRate, 0)
    assert.isNotNull(await CurrencyFactory.create())
    assert.isNotNull(await TeamTypeFactory.create())
    const product = await ProductFactory.with('modules', 2).create()
    await product.load('modules')
    assert.lengthOf(product.modules, 2)
    assert.isNotNull(await ModuleFactory.with('product').create())
    assert.isNotNull(await RoleFactory.create())
  })

  test('build activity records', async ({ assert }) => {
    const user = await UserFactory.create()
    const feedback = await FeedbackFactory.merge({ userId: user.id }).create()
    assert.isAtLeast(feedback.rating, 1)
    const tour = await UserTourFactory.merge({ userId: user.id }).create()
    assert.equal(tour.tourName, 'main-navigation')
    assert.isNotNull(await EmailSubscriptionFactory.merge({ userId: user.id }).create())
    assert.isNotNull(await AnalyticsEventFactory.merge({ userId: user.id }).create())
  })
})
