import { test } from '@japa/runner'
import {
  checkDatabase,
  checkDisk,
  checkMigrations,
  checkQueue,
  checkRedis,
  mayShowDetail,
  readiness,
} from '#services/operations/health'

const never = () => new Promise<never>(() => {})
const GB = 1024 ** 3

test.group('Health checks', () => {
  test('an unreachable database is an error, without the driver message', async ({ assert }) => {
    const refused = await checkDatabase(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 password=secret'), {
        code: 'ECONNREFUSED',
      })
    })
    assert.equal(refused.status, 'error')
    assert.include(refused.message, 'ECONNREFUSED')
    assert.notInclude(refused.message, 'secret')
    assert.notInclude(refused.message, '10.0.0.5')

    const hanging = await checkDatabase(never, 50)
    assert.equal(hanging.status, 'error')
    assert.include(hanging.message, 'no answer within 50 ms')

    const ok = await checkDatabase(async () => [{ 1: 1 }])
    assert.equal(ok.status, 'ok')
  })

  test('redis is checked only when used', async ({ assert }) => {
    const unused = await checkRedis(null)
    assert.equal(unused.status, 'ok')
    const answering = await checkRedis(async () => 'PONG')
    assert.equal(answering.status, 'ok')
    const down = await checkRedis(never, 30)
    assert.equal(down.status, 'error')
  })

  test('a queue waiting too long is a warning, an unreadable one an error', async ({ assert }) => {
    const now = Date.UTC(2026, 10, 28, 12)
    const empty = await checkQueue(async () => ({ waiting: 0, oldestDueAt: null }), now)
    assert.equal(empty.status, 'ok')
    assert.deepEqual(empty.data, { waiting: 0, oldestWaitingSeconds: null })

    const recent = await checkQueue(async () => ({ waiting: 3, oldestDueAt: now - 60_000 }), now)
    assert.equal(recent.status, 'ok')
    assert.deepEqual(recent.data, { waiting: 3, oldestWaitingSeconds: 60 })

    const late = await checkQueue(
      async () => ({ waiting: 40, oldestDueAt: now - 20 * 60_000 }),
      now
    )
    assert.equal(late.status, 'warning')
    assert.include(late.message, '20 min')

    const broken = await checkQueue(async () => {
      throw new Error('no such table: queue_jobs')
    }, now)
    assert.equal(broken.status, 'error')

    const redis = await checkQueue(null, now, { driver: 'redis' })
    assert.equal(redis.status, 'ok')
  })

  test('a nearly full uploads disk is an error, a filling one a warning', async ({ assert }) => {
    const full = await checkDisk(async () => ({
      freeBytes: 50 * 1024 * 1024,
      totalBytes: 100 * GB,
    }))
    assert.equal(full.status, 'error')
    const filling = await checkDisk(async () => ({ freeBytes: 3 * GB, totalBytes: 100 * GB }))
    assert.equal(filling.status, 'warning')
    assert.equal(filling.data?.freePercent, 3)
    const roomy = await checkDisk(async () => ({ freeBytes: 40 * GB, totalBytes: 100 * GB }))
    assert.equal(roomy.status, 'ok')
    const missing = await checkDisk(async () => {
      throw Object.assign(new Error('EACCES: /srv/uploads'), { code: 'EACCES' })
    })
    assert.equal(missing.status, 'error')
    assert.notInclude(missing.message, '/srv/uploads')
    const objectStorage = await checkDisk(null)
    assert.equal(objectStorage.status, 'ok')
  })

  test('a migration not run is an error', async ({ assert }) => {
    const files = async () => ['database/migrations/1_a', 'database/migrations/2_b']
    const pending = await checkMigrations(files, async () => ['database/migrations/1_a'])
    assert.equal(pending.status, 'error')
    assert.deepEqual(pending.data, { pending: 1, first: 'database/migrations/2_b' })
    const done = await checkMigrations(files, async () => [
      'database/migrations/1_a',
      'database/migrations/2_b',
    ])
    assert.equal(done.status, 'ok')
    const noTable = await checkMigrations(files, async () => {
      throw new Error('relation "adonis_schema" does not exist')
    })
    assert.equal(noTable.status, 'error')
  })

  test('readiness fails on any error, not on a warning', async ({ assert }) => {
    const ok = async () => ({ name: 'a', status: 'ok' as const, message: '' })
    const warning = async () => ({ name: 'b', status: 'warning' as const, message: '' })
    const error = async () => ({ name: 'c', status: 'error' as const, message: '' })
    const warned = await readiness([ok, warning])
    assert.equal(warned.status, 'ok')
    const failed = await readiness([ok, warning, error])
    assert.equal(failed.status, 'error')
    assert.deepEqual(
      failed.checks.map((check) => check.name),
      ['a', 'b', 'c']
    )
  })

  test('the detail needs the configured token, exactly', ({ assert }) => {
    assert.isTrue(mayShowDetail('s3cret-token', 's3cret-token'))
    assert.isFalse(mayShowDetail('s3cret-token ', 's3cret-token'))
    assert.isFalse(mayShowDetail('s3cret', 's3cret-token'))
    assert.isFalse(mayShowDetail(undefined, 's3cret-token'))
    assert.isFalse(mayShowDetail('', ''))
    assert.isFalse(mayShowDetail('anything', undefined))
  })
})
