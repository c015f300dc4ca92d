import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('switchTeam', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('changes the current team to a team the user belongs to', async ({ client, assert }) => {
    const first = await makeTeam({ name: 'First team' })
    const second = await makeTeam({ name: 'Second team' })
    const user = await makeUser({ teams: [first, second] })

    const response = await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .header('referer', '/')
      .form({ team_id: second.id })
      .redirects(0)
    response.assertStatus(302)
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.currentTeamId, second.id)
  })

  test('refuses a team the user is not in with 403 and changes nothing', async ({
    client,
    assert,
  }) => {
    const mine = await makeTeam({ name: 'Mine' })
    const theirs = await makeTeam({ name: 'Theirs' })
    const user = await makeUser({ teams: [mine] })

    const response = await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .form({ team_id: theirs.id })
      .redirects(0)
    response.assertStatus(403)
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.currentTeamId, mine.id)
  })

  test('refuses a team that does not exist', async ({ client, assert }) => {
    const mine = await makeTeam()
    const user = await makeUser({ teams: [mine] })
    const response = await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ team_id: 999999 })
    response.assertStatus(403)
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.currentTeamId, mine.id)
  })

  test('answers a JSON caller with the new current team', async ({ client }) => {
    const first = await makeTeam()
    const second = await makeTeam()
    const user = await makeUser({ teams: [first, second] })
    const response = await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ team_id: second.id })
    response.assertStatus(200)
    response.assertBody({ currentTeamId: second.id })
  })

  test('requires a team id', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({})
    response.assertStatus(422)
  })

  test('requires a signed-in user', async ({ client }) => {
    const response = await client
      .post('/teams/switch')
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ team_id: 1 })
    response.assertStatus(401)
  })

  test('the dashboard follows the new current team', async ({ client, assert }) => {
    const first = await makeTeam({ name: 'Aardvark Partners', modules: [] })
    const second = await makeTeam({ name: 'Zebra Capital' })
    const user = await makeUser({ teams: [first, second] })
    await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .form({ team_id: second.id })
      .redirects(0)
    const response = await client
      .get('/')
      .loginAs(await User.findOrFail(user.id))
      .withInertia()
    assert.equal((response.inertiaProps as any).team.current.name, 'Zebra Capital')
  })
})
