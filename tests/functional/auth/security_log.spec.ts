import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { timestamp } from '#tests/helpers/market_data_fixtures'
import { EMAIL_FILTER_ACCOUNTS, SECURITY_LOG_PER_PAGE } from '#services/auth/security_log'

const events = async (userId?: number) => {
  const query = db.from('security_events').orderBy('id')
  if (userId) query.where('user_id', userId)
  const rows = await query
  return rows.map((row) => row.event)
}

test.group('Security log', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('records sign-ins, failed attempts, sign-outs and password changes with the client', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await client
      .post('/login')
      .withCsrfToken()
      .header('user-agent', 'SecurityTest/1.0')
      .form({ email: user.email, password: 'wrong-password-1' })
    await client
      .post('/login')
      .withCsrfToken()
      .form({ email: 'nobody@example.com', password: 'wrong-password-1' })
    const signedIn = await client
      .post('/login')
      .withCsrfToken()
      .form({ email: user.email, password: TEST_PASSWORD })
      .redirects(0)
    await client
      .post('/user/password')
      .withSession(signedIn.session())
      .loginAs(user)
      .withCsrfToken()
      .form({
        currentPassword: TEST_PASSWORD,
        password: 'Another-Password-77',
        passwordConfirmation: 'Another-Password-77',
      })
    await client.post('/logout').loginAs(user).withCsrfToken()

    assert.deepEqual(await events(user.id), [
      'sign_in_failed',
      'sign_in',
      'password_changed',
      'sign_out',
    ])
    const failed = await db.from('security_events').where('event', 'sign_in_failed').orderBy('id')
    assert.equal(failed[0].user_agent, 'SecurityTest/1.0')
    assert.isNotNull(failed[0].ip)
    assert.isNull(failed[1].user_id)
    assert.equal(failed[1].email, 'nobody@example.com')

    const profile = await client.get('/user/profile').loginAs(user).withInertia()
    const recent = (profile.inertiaProps as any).securityEvents
    assert.equal(recent[0].label, 'Signed out')
    assert.lengthOf(recent, 4)
  })

  test('administrators with the accounts permission read and filter the log; others are refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await client.post('/login').withCsrfToken().form({ email: user.email, password: 'nope-nope-1' })
    await client.post('/login').withCsrfToken().form({ email: user.email, password: TEST_PASSWORD })

    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const all = await client
      .get('/admin/account-management/security-log')
      .loginAs(admin)
      .withInertia()
    all.assertInertiaComponent('admin/security_log')
    assert.equal((all.inertiaProps as any).meta.total, 2)

    const failed = await client
      .get(
        `/admin/account-management/security-log?event=sign_in_failed&email=${encodeURIComponent(user.email.slice(0, 8))}`
      )
      .loginAs(admin)
      .withInertia()
    const rows = (failed.inertiaProps as any).events
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].label, 'Failed sign-in')

    const mdAdmin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const refused = await client
      .get('/admin/account-management/security-log')
      .loginAs(mdAdmin)
      .withInertia()
    refused.assertStatus(403)
  })
})

const LOG = '/admin/account-management/security-log'

/** Events written directly, a minute apart in the order given (the oldest first); their ids. */
async function logEvents(entries: { userId: number | null; email?: string; event?: string }[]) {
  const now = DateTime.now()
  const ids: number[] = []
  for (const [index, entry] of entries.entries()) {
    const [row] = await db
      .table('security_events')
      .insert({
        user_id: entry.userId,
        email: entry.email ?? null,
        event: entry.event ?? 'sign_in',
        ip: '127.0.0.1',
        created_at: timestamp(now.minus({ minutes: entries.length - index })),
      })
      .returning('id')
    ids.push(Number(typeof row === 'object' ? row.id : row))
  }
  return ids
}

async function filtered(
  client: any,
  admin: any,
  query: { email: string; event?: string; page?: number }
) {
  const search = new URLSearchParams({ email: query.email })
  if (query.event) search.set('event', query.event)
  if (query.page) search.set('page', String(query.page))
  const response = await client.get(`${LOG}?${search}`).loginAs(admin).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as {
    events: { id: number; user: string }[]
    meta: { total: number; currentPage: number; lastPage: number }
  }
}

test.group('Security log: the email filter', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('finds an account’s events by its current address and events without an account by the address they kept, ignoring case', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const alice = await makeUser({ email: 'alice.martin@northwind.example' })
    const bob = await makeUser({ email: 'bob.stone@elsewhere.example' })
    const carol = await makeUser({ email: 'carol.white@northwind.example' })
    const [aliceIn, bobIn, stranger, carolIn, elsewhere, aliceFailed, underscore] = await logEvents(
      [
        { userId: alice.id },
        { userId: bob.id },
        { userId: null, email: 'Ghost.Visitor@NorthWind.example', event: 'sign_in_failed' },
        { userId: carol.id },
        { userId: null, email: 'nobody@elsewhere.example', event: 'sign_in_failed' },
        { userId: alice.id, event: 'sign_in_failed' },
        { userId: null, email: 'under_score@northwind.example', event: 'sign_in_failed' },
      ]
    )
    // Carol's address changes: her events follow her account, not the address she had.
    await db.from('users').where('id', carol.id).update({ email: 'carol.white@moved.example' })

    const northwind = await filtered(client, admin, { email: 'NORTHWIND' })
    assert.deepEqual(
      northwind.events.map((event) => event.id),
      [underscore, aliceFailed, stranger, aliceIn]
    )
    assert.equal(northwind.meta.total, 4)
    assert.deepEqual(
      northwind.events.map((event) => event.user),
      [
        'under_score@northwind.example',
        `Test User (${alice.email})`,
        'Ghost.Visitor@NorthWind.example',
        `Test User (${alice.email})`,
      ]
    )

    const moved = await filtered(client, admin, { email: 'Moved.Example' })
    assert.deepEqual(
      moved.events.map((event) => event.id),
      [carolIn]
    )
    const ghost = await filtered(client, admin, { email: 'ghost.visitor@northwind' })
    assert.deepEqual(
      ghost.events.map((event) => event.id),
      [stranger]
    )
    const failed = await filtered(client, admin, { email: 'example', event: 'sign_in_failed' })
    assert.deepEqual(
      failed.events.map((event) => event.id),
      [underscore, aliceFailed, elsewhere, stranger]
    )
    assert.equal(failed.meta.total, 4)
    const everyone = await filtered(client, admin, { email: '.example' })
    assert.deepEqual(
      everyone.events.map((event) => event.id),
      [underscore, aliceFailed, elsewhere, carolIn, stranger, bobIn, aliceIn]
    )

    // Wildcards are plain characters.
    const literal = await filtered(client, admin, { email: 'under_' })
    assert.deepEqual(
      literal.events.map((event) => event.id),
      [underscore]
    )
    const nothing = await filtered(client, admin, { email: '%' })
    assert.deepEqual(nothing.events, [])
    assert.equal(nothing.meta.total, 0)
    assert.equal(nothing.meta.lastPage, 1)
  })

  test('totals and pages count the filtered events only', async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const alice = await makeUser({ email: 'alice.pages@northwind.example' })
    const bob = await makeUser({ email: 'bob.pages@elsewhere.example' })
    const ids = await logEvents(
      Array.from({ length: SECURITY_LOG_PER_PAGE + 2 }, (_, index) => ({
        userId: index % 3 === 2 ? bob.id : alice.id,
      }))
    )
    const alices = ids.filter((_, index) => index % 3 !== 2).reverse()

    const first = await filtered(client, admin, { email: 'alice.pages' })
    assert.deepEqual(first.meta, { total: alices.length, currentPage: 1, lastPage: 1 })
    assert.deepEqual(
      first.events.map((event) => event.id),
      alices
    )
    const all = await client.get(LOG).loginAs(admin).withInertia()
    assert.deepEqual((all.inertiaProps as any).meta, {
      total: ids.length,
      currentPage: 1,
      lastPage: 2,
    })
    const second = await client.get(`${LOG}?page=2`).loginAs(admin).withInertia()
    assert.deepEqual(
      (second.inertiaProps as any).events.map((event: { id: number }) => event.id),
      [ids[1], ids[0]]
    )
  })

  test('an address that many accounts share finds the same events', async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const now = timestamp()
    const accounts = Array.from({ length: EMAIL_FILTER_ACCOUNTS + 1 }, (_, index) => ({
      name: `Member ${index}`,
      email: `member.${index}@shared-domain.example`,
      password: 'not-a-hash',
      password_changed_at: now,
      created_at: now,
    }))
    for (let start = 0; start < accounts.length; start += 250) {
      await db.table('users').multiInsert(accounts.slice(start, start + 250))
    }
    const [first, last] = await Promise.all(
      [
        'member.0@shared-domain.example',
        `member.${EMAIL_FILTER_ACCOUNTS}@shared-domain.example`,
      ].map((email) => db.from('users').where('email', email).firstOrFail())
    )
    const outsider = await makeUser({ email: 'outsider@elsewhere.example' })
    const [firstIn, , stranger, lastIn] = await logEvents([
      { userId: first.id },
      { userId: outsider.id },
      { userId: null, email: 'Former.Member@Shared-Domain.example', event: 'sign_in_failed' },
      { userId: last.id, event: 'sign_out' },
    ])

    const shared = await filtered(client, admin, { email: 'SHARED-domain' })
    assert.deepEqual(
      shared.events.map((event) => event.id),
      [lastIn, stranger, firstIn]
    )
    assert.equal(shared.meta.total, 3)
    const signOuts = await filtered(client, admin, { email: 'shared-domain', event: 'sign_out' })
    assert.deepEqual(
      signOuts.events.map((event) => event.id),
      [lastIn]
    )
    assert.equal(signOuts.meta.total, 1)
  }).timeout(30_000)
})
