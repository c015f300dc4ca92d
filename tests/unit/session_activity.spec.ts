import { test } from '@japa/runner'
import {
  ACTIVITY_RESOLUTION_MS,
  SESSION_CLIENT_KEY,
  recordSessionActivity,
  type SessionClientInfo,
} from '#services/auth/user_sessions'

/** A session holding one client record, and a request from the given address. */
function world(ip: string | undefined) {
  const data = new Map<string, unknown>()
  const info: SessionClientInfo = {
    ip: '127.0.0.1',
    userAgent: 'Firefox',
    signedInAt: '2026-11-28T06:00:00.000Z',
  }
  data.set(SESSION_CLIENT_KEY, info)
  const session = {
    get: (key: string) => data.get(key),
    put: (key: string, value: unknown) => data.set(key, value),
  }
  const request = { ip: () => ip }
  return { context: { session, request } as any, record: () => data.get(SESSION_CLIENT_KEY) as any }
}

test.group('Browser sessions › recorded activity', () => {
  test('a request whose connection is gone keeps the recorded address', ({ assert }) => {
    const { context, record } = world(undefined)
    recordSessionActivity(
      context,
      new Date(Date.parse('2026-11-28T06:00:00Z') + 2 * ACTIVITY_RESOLUTION_MS)
    )
    assert.equal(record().ip, '127.0.0.1')
  })

  test('a new address is recorded with the time', ({ assert }) => {
    const { context, record } = world('10.1.2.3')
    const now = new Date('2026-11-28T06:01:00Z')
    recordSessionActivity(context, now)
    assert.equal(record().ip, '10.1.2.3')
    assert.equal(record().lastActiveAt, now.toISOString())
  })
})
