import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Feedback from '#models/feedback'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { FeedbackFactory } from '#database/factories/activity_factories'

const XHR = { 'X-Requested-With': 'XMLHttpRequest' }

test.group('POST /api/submit-feedback', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('stores feedback with the user, current team and route', async ({ client, assert }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
      .json({ rating: 4, feedbackText: '  Very useful benchmarks  ', route: '/market-data' })
    response.assertStatus(201)
    response.assertBody({ message: 'Thank you! Your feedback has been sent to our team.' })
    const stored = await Feedback.findByOrFail('user_id', user.id)
    assert.equal(stored.rating, 4)
    assert.equal(stored.feedbackText, 'Very useful benchmarks')
    assert.equal(stored.teamId, team.id)
    assert.equal(stored.route, '/market-data')
  })

  test('accepts text without a rating and a rating without text', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    for (const body of [{ rating: 0, feedbackText: 'Text only' }, { rating: 5 }]) {
      const response = await client
        .post('/api/submit-feedback')
        .headers(XHR)
        .loginAs(user)
        .withCsrfToken()
        .json(body)
      response.assertStatus(201)
    }
    const rows = await Feedback.query().where('user_id', user.id)
    assert.lengthOf(rows, 2)
  })

  test('rejects a rating of 6 and writes nothing', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
      .json({ rating: 6, feedbackText: 'Too many stars' })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'rating')
    assert.isNull(await Feedback.findBy('user_id', user.id))
  })

  test('rejects a missing body', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
    response.assertStatus(422)
    assert.isNull(await Feedback.findBy('user_id', user.id))
  })

  test('rejects an empty form: no rating and only blanks', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
      .json({ rating: 0, feedbackText: '    ' })
    response.assertStatus(422)
  })

  test('rejects text over the length bound', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .loginAs(user)
      .withCsrfToken()
      .json({ rating: 3, feedbackText: 'x'.repeat(5001) })
    response.assertStatus(422)
  })

  test('rejects an unauthenticated call with 401', async ({ client }) => {
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .withCsrfToken()
      .json({ rating: 3 })
    response.assertStatus(401)
  })

  test('is rate-limited per user', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    let last = 0
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await client
        .post('/api/submit-feedback')
        .headers(XHR)
        .loginAs(user)
        .withCsrfToken()
        .json({ rating: 1 })
      last = response.status()
    }
    if (last !== 429) throw new Error(`expected 429 after 30 submissions, got ${last}`)
  })
})

test.group('Admin feedback page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists feedback newest first for an administrator with the permission', async ({
    client,
    assert,
  }) => {
    const author = await makeUser({ teams: [await makeTeam({ name: 'Feedback Fund' })] })
    await FeedbackFactory.merge({ userId: author.id, feedbackText: 'Older message' }).create()
    await FeedbackFactory.merge({ userId: author.id, feedbackText: 'Newest message' }).create()
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const response = await client.get('/admin/feedback').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('admin/feedback')
    const props = response.inertiaProps as any
    assert.equal(props.feedback.meta.total, 2)
    assert.equal(props.feedback.data[0].text, 'Newest message')
    assert.equal(props.feedback.data[0].userEmail, author.email)
  })

  test('counts every feedback, with or without a team, and pages through it', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const author = await makeUser({ teams: [team] })
    await FeedbackFactory.merge({ userId: author.id, teamId: null }).create()
    await FeedbackFactory.merge({ userId: author.id, teamId: team.id }).createMany(25)
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const first = await client.get('/admin/feedback').loginAs(admin).withInertia()
    assert.deepEqual((first.inertiaProps as any).feedback.meta, {
      total: 26,
      perPage: 25,
      currentPage: 1,
      lastPage: 2,
    })
    const second = await client.get('/admin/feedback?page=2').loginAs(admin).withInertia()
    const { data } = (second.inertiaProps as any).feedback
    assert.lengthOf(data, 1)
    assert.equal(data[0].teamName, '—')
    assert.equal(data[0].userEmail, author.email)
  })

  test('refuses an administrator without the feedback permission', async ({ client }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const response = await client.get('/admin/feedback').loginAs(admin).withInertia()
    response.assertStatus(403)
  })

  test('refuses a client user', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client.get('/admin/feedback').loginAs(user).withInertia()
    response.assertStatus(403)
  })
})
