import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { countQueries } from '#services/db/query_counter'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { queryCountOf, writesOf } from '#tests/helpers/query_count'

test.group('Query counter', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('counts statements inside its scope, transactions included', async ({ assert }) => {
    const { count } = await countQueries(async () => {
      await db.from('teams').select('id')
      await db.transaction(async (trx) => {
        await trx.from('users').select('id')
        await trx.from('teams').select('id')
      })
    })
    // Two selects in the transaction, one outside (BEGIN/COMMIT are not statements of ours).
    assert.isAtLeast(count, 3)
    const writes = await countQueries(async () => {
      await db.from('teams').select('id')
      await db.from('feedback').where('id', -1).delete()
      await db.rawQuery('select 1')
    })
    assert.equal(writes.writes, 1)
    const outside = await countQueries(async () => {})
    assert.equal(outside.count, 0)
  })

  test('each response reports its own count', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const login = await client.get('/login')
    assert.isAtLeast(queryCountOf(login), 0)
    const page = await client
      .get('/api/permissions')
      .loginAs(user)
      .header('accept', 'application/json')
    page.assertStatus(200)
    assert.isAtLeast(queryCountOf(page), 1)
    // A read request writes nothing (the test session store lives in memory).
    assert.equal(writesOf(page), 0)
  })
})
