import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

const XHR = { 'X-Requested-With': 'XMLHttpRequest' }

test.group('Main navigation tour API', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('says not done, records the start, then says done', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const before = await client.get('/api/tour/has-user-done-tour/main-navigation').loginAs(user)
    before.assertBody({ hasUserDoneTour: false })

    const start = await client
      .post('/api/tour/main-navigation')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
    start.assertStatus(200)
    const again = await client
      .post('/api/tour/main-navigation')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
    again.assertStatus(200)

    const after = await client.get('/api/tour/has-user-done-tour/main-navigation').loginAs(user)
    after.assertBody({ hasUserDoneTour: true })
  })

  test('answers for the signed-in user only', async ({ client }) => {
    const done = await makeUser({ teams: [await makeTeam()] })
    const other = await makeUser({ teams: [await makeTeam()] })
    await client.post('/api/tour/main-navigation').headers(XHR).loginAs(done).withCsrfToken()
    const response = await client.get('/api/tour/has-user-done-tour/main-navigation').loginAs(other)
    response.assertBody({ hasUserDoneTour: false })
  })

  test('refuses signed-out callers', async ({ client }) => {
    const read = await client.get('/api/tour/has-user-done-tour/main-navigation').headers(XHR)
    read.assertStatus(401)
    const write = await client.post('/api/tour/main-navigation').headers(XHR).withCsrfToken()
    write.assertStatus(401)
  })
})

test.group('Analytics events API', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('records an event for the user and team', async ({ client, assert }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client
      .post('/api/analytics/events')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
      .json({ category: 'Feedback', action: 'open', route: '/' })
    response.assertStatus(204)
    const row = await db.from('analytics_events').where('user_id', user.id).first()
    assert.equal(row.category, 'Feedback')
    assert.equal(row.team_id, team.id)
  })

  test('rejects an event without a category', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/api/analytics/events')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
      .json({ action: 'open' })
    response.assertStatus(422)
  })
})
