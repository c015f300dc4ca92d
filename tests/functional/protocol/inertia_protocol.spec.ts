import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('Inertia protocol', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers a stale asset version with 409 and X-Inertia-Location', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client
      .get('/')
      .loginAs(user)
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', 'stale-build')
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(409)
    assert.match(response.header('x-inertia-location') ?? '', /\/$/)
  })

  test('renders the dashboard as an Inertia page with the shared props', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Alpha Capital' })
    const user = await makeUser({ teams: [team] })
    const response = await client.get('/').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('dashboard')
    const props = response.inertiaProps as Record<string, any>
    assert.equal(props.user.email, user.email)
    assert.notProperty(props.user, 'password')
    assert.equal(props.team.current.name, 'Alpha Capital')
    assert.deepEqual(props.team.moduleNames, ['market-data-contracts'])
  })

  test('sends a signed-out Inertia visit to /login with a full visit', async ({ client }) => {
    const response = await client.get('/market-data').withInertia().redirects(0)
    response.assertStatus(409)
    response.assertHeader('x-inertia-location', '/login')
  })

  test('answers an unauthenticated API call with 401 JSON', async ({ client }) => {
    const response = await client
      .get('/api/permissions')
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(401)
    response.assertBody({ message: 'Unauthenticated', requestId: response.header('x-request-id') })
  })

  test('answers an unauthenticated XHR to a page route with 401 JSON', async ({ client }) => {
    const response = await client.get('/market-data').header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(401)
  })

  test('renders unknown pages as the not-found Inertia page', async ({ client }) => {
    const response = await client.get('/no-such-page').withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('errors/not_found')
  })

  test('returns validation errors to the page as the errors prop', async ({ client, assert }) => {
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .withInertia()
      .withCsrfToken()
      .form({ email: 'not-an-email', password: '' })
    response.assertInertiaComponent('auth/login')
    const errors = (response.inertiaProps as Record<string, any>).errors
    assert.equal(errors.email, 'Enter a valid email address.')
    assert.equal(errors.password, 'The password field is required.')
  })

  test('answers invalid API input with 422 and field messages', async ({ client, assert }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ team_id: 'abc' })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'team_id')
  })
})

test.group('Not-found pages for signed-in users', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an unknown address renders inside the shell, with the user and their team', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Lost Capital' })
    const user = await makeUser({ teams: [team] })
    const response = await client.get('/no-such-page').loginAs(user).withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('errors/not_found')
    const props = response.inertiaProps as Record<string, any>
    assert.equal(props.user?.email, user.email)
    assert.equal(props.team?.current?.name, 'Lost Capital')
  })

  test('a signed-out visitor gets the plain not-found page', async ({ client, assert }) => {
    const response = await client.get('/no-such-page').withInertia()
    response.assertStatus(404)
    assert.isNull((response.inertiaProps as Record<string, any>).user)
  })
})
