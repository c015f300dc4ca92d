import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import MainSeeder, { SeedRefused } from '#database/seeders/main_seeder'

test.group('db:seed', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    const before = process.env.DEMO_PASSWORD
    return () => {
      if (before === undefined) delete process.env.DEMO_PASSWORD
      else process.env.DEMO_PASSWORD = before
    }
  })

  for (const [password, reason] of [
    ['abc', 'The password must be at least 12 characters long.'],
    ['aaaaaaaaaaaaaa1', 'This password repeats a few characters and is easy to guess.'],
    ['Morgan-Ellis-Files-9', 'The password must not contain your name or email address.'],
    ['Quiet-Harbor9', 'Your team requires passwords of at least 14 characters.'],
  ]) {
    test(`refuses DEMO_PASSWORD=${password} and writes nothing`, async ({ assert }) => {
      process.env.DEMO_PASSWORD = password
      const currenciesBefore = await db.from('currencies').count('* as total').first()
      const error = await new MainSeeder(db.connection()).run().catch((caught) => caught)
      assert.instanceOf(error, SeedRefused)
      assert.match(error.message, /^DEMO_PASSWORD does not meet the password policy/)
      assert.include(error.message, reason)
      const users = await db.from('users').count('* as total').first()
      const currencies = await db.from('currencies').count('* as total').first()
      assert.equal(Number(users.total), 0)
      assert.equal(Number(currencies.total), Number(currenciesBefore.total))
    })
  }

  test('before migrations, says to run them first', async ({ assert, cleanup }) => {
    db.manager.add('empty', {
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    })
    cleanup(async () => {
      await db.manager.close('empty', true)
    })
    const error = await new MainSeeder(db.connection('empty')).run().catch((caught) => caught)
    assert.instanceOf(error, SeedRefused)
    assert.equal(
      error.message,
      'The database has no tables yet. Run "node ace migration:run" first, then db:seed again.'
    )
  })
})
