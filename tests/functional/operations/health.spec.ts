import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'

const TOKEN = 'health-token-for-tests-3f9a1c'

/** Runs `callback` with HEALTH_TOKEN set to `value` (undefined: unset), then restores it. */
async function withHealthToken<T>(value: string | undefined, callback: () => Promise<T>) {
  const before = env.get('HEALTH_TOKEN')
  env.set('HEALTH_TOKEN', value ?? '')
  try {
    return await callback()
  } finally {
    env.set('HEALTH_TOKEN', before ?? '')
    if (before === undefined) delete process.env.HEALTH_TOKEN
  }
}

test.group('Health probes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('live answers ok without a session cookie', async ({ client, assert }) => {
    const response = await client.get('/health/live')
    response.assertStatus(200)
    response.assertBody({ status: 'ok' })
    assert.isUndefined(response.header('set-cookie'), 'no session and no CSRF cookie')
    assert.equal(response.header('cache-control'), 'no-store')
  })

  test('ready answers ok, with the detail only for the right token', async ({ client, assert }) => {
    await withHealthToken(TOKEN, async () => {
      const bare = await client.get('/health/ready')
      bare.assertStatus(200)
      bare.assertBody({ status: 'ok' })
      assert.isUndefined(bare.header('set-cookie'))

      const detailed = await client.get('/health/ready').header('x-health-token', TOKEN)
      detailed.assertStatus(200)
      const body = detailed.body() as { status: string; checks: { name: string; status: string }[] }
      assert.equal(body.status, 'ok')
      assert.deepEqual(
        body.checks.map((check) => check.name),
        ['database', 'redis', 'queue', 'disk', 'migrations']
      )
      for (const check of body.checks) assert.notEqual(check.status, 'error', check.name)

      const wrong = await client.get('/health/ready').header('x-health-token', `${TOKEN}x`)
      wrong.assertStatus(200)
      wrong.assertBody({ status: 'ok' })
    })
  })

  test('without a configured token nobody sees the detail', async ({ client }) => {
    await withHealthToken(undefined, async () => {
      const empty = await client.get('/health/ready').header('x-health-token', '')
      empty.assertBody({ status: 'ok' })
      const any = await client.get('/health/ready').header('x-health-token', 'anything')
      any.assertBody({ status: 'ok' })
    })
  })

  test('a migration not run makes ready answer 503', async ({ client, assert }) => {
    // Inside the test's transaction: rolled back afterwards.
    const last = await db.from('adonis_schema').orderBy('id', 'desc').first()
    await db.from('adonis_schema').where('id', last.id).delete()
    await withHealthToken(TOKEN, async () => {
      const bare = await client.get('/health/ready')
      bare.assertStatus(503)
      bare.assertBody({ status: 'error' })

      const detailed = await client.get('/health/ready').header('x-health-token', TOKEN)
      detailed.assertStatus(503)
      const migrations = (
        detailed.body() as { checks: { name: string; status: string }[] }
      ).checks.find((check) => check.name === 'migrations')
      assert.equal(migrations?.status, 'error')
      assert.include(JSON.stringify(detailed.body()), last.name)
    })
  })

  test('probes are answered as often as a load balancer asks', async ({ client }) => {
    for (let index = 0; index < 30; index++) {
      const response = await client.get('/health/live')
      response.assertStatus(200)
    }
  })
})
