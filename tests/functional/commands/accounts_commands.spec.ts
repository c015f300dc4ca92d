import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import Team from '#models/team'
import UserCreate from '#commands/user_create'
import TeamCreate from '#commands/team_create'
import { makeTeam } from '#tests/helpers/accounts'

test.group('ace user:create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('creates a user in their teams from flags', async ({ assert }) => {
    const first = await makeTeam({ name: 'First Fund' })
    const second = await makeTeam({ name: 'Second Fund' })
    const command = await ace.create(UserCreate, [
      '--name=Dana Lee',
      '--email=Dana.Lee@Example.com',
      '--password=Strong-Password-123',
      '--team=Second Fund',
      '--team=First Fund',
    ])
    await command.exec()
    command.assertSucceeded()

    const user = await User.query()
      .where('email', 'dana.lee@example.com')
      .preload('teams')
      .firstOrFail()
    assert.sameMembers(
      user.teams.map((team) => team.id),
      [first.id, second.id]
    )
    assert.equal(user.currentTeamId, second.id)
    assert.isTrue(await hash.verify(user.password, 'Strong-Password-123'))
  })

  test('creates an administrator with a role', async ({ assert }) => {
    const command = await ace.create(UserCreate, [
      '--name=Ops Admin',
      '--email=ops@example.com',
      '--password=Strong-Password-123',
      '--admin',
      '--role=Client services',
    ])
    await command.exec()
    command.assertSucceeded()
    const user = await User.query().where('email', 'ops@example.com').preload('roles').firstOrFail()
    assert.isTrue(user.isAdministrator)
    assert.deepEqual(
      user.roles.map((role) => role.name),
      ['Client services']
    )
  })

  test('asks for missing values at the prompt', async ({ assert }) => {
    const command = await ace.create(UserCreate, ['--team=Prompt Fund'])
    await makeTeam({ name: 'Prompt Fund' })
    command.prompt.trap('Full name').replyWith('Prompted Person')
    command.prompt.trap('Email address').replyWith('prompted@example.com')
    command.prompt.trap('Password').replyWith('Quiet-Harbour-Lantern-4')
    await command.exec()
    command.assertSucceeded()
    assert.isNotNull(await User.findBy('email', 'prompted@example.com'))
  })

  test('fails with a clear message on an invalid email and weak password, writing nothing', async ({
    assert,
  }) => {
    const command = await ace.create(UserCreate, [
      '--name=X Y',
      '--email=not-an-email',
      '--password=weak',
    ])
    await command.exec()
    command.assertFailed()
    command.assertLog(
      '[ red(error) ] Enter a valid email address.\nThe password must be at least 12 characters long.'
    )
    assert.isNull(await User.findBy('name', 'X Y'))
  })

  for (const [password, message] of [
    ['Dana-Lee-Ledger-2026', 'The password must not contain your name or email address.'],
    ['dana.lee.files.2026', 'The password must not contain your name or email address.'],
    [
      'aaaaaaaaaaa1',
      'This password repeats a few characters and is easy to guess. Use more different characters.',
    ],
    [
      'Password2026!',
      'This password is one of the most commonly used and easy to guess. Choose another.',
    ],
  ]) {
    test(`refuses the password "${password}" as the web does, writing nothing`, async ({
      assert,
    }) => {
      const command = await ace.create(UserCreate, [
        '--name=Dana Lee',
        '--email=dana.lee@example.com',
        `--password=${password}`,
      ])
      await command.exec()
      command.assertFailed()
      command.assertLog(`[ red(error) ] ${message}`)
      assert.isNull(await User.findBy('email', 'dana.lee@example.com'))
    })
  }

  test("applies the team's own minimum length", async ({ assert }) => {
    const team = await makeTeam({ name: 'Strict Fund' })
    await Team.query().where('id', team.id).update({ password_min_length: 20 })
    const command = await ace.create(UserCreate, [
      '--name=Strict Member',
      '--email=strict@example.com',
      '--password=Quiet-Harbour-4',
      '--team=Strict Fund',
    ])
    await command.exec()
    command.assertFailed()
    command.assertLog('[ red(error) ] Your team requires passwords of at least 20 characters.')
    assert.isNull(await User.findBy('email', 'strict@example.com'))
  })

  test('finds a team whatever the case of its name', async ({ assert }) => {
    const team = await makeTeam({ name: 'Harbour Light Fund' })
    const command = await ace.create(UserCreate, [
      '--name=Case Member',
      '--email=case@example.com',
      '--password=Quiet-Harbour-Lantern-4',
      '--team=harbour LIGHT fund',
    ])
    await command.exec()
    command.assertSucceeded()
    const user = await User.findByOrFail('email', 'case@example.com')
    assert.equal(user.currentTeamId, team.id)
  })

  test('fails on an unknown team, writing nothing', async ({ assert }) => {
    const command = await ace.create(UserCreate, [
      '--name=Ghost Member',
      '--email=ghost@example.com',
      '--password=Strong-Password-123',
      '--team=No Such Fund',
    ])
    await command.exec()
    command.assertFailed()
    command.assertLog('[ red(error) ] Unknown team(s): No Such Fund.')
    assert.isNull(await User.findBy('email', 'ghost@example.com'))
  })

  test('fails on a duplicate email', async () => {
    const args = ['--name=Twice', '--email=twice@example.com', '--password=Strong-Password-123']
    const first = await ace.create(UserCreate, args)
    await first.exec()
    const again = await ace.create(UserCreate, args)
    await again.exec()
    again.assertFailed()
    again.assertLog('[ red(error) ] A user with the email "twice@example.com" already exists.')
  })

  test('refuses admin roles for a non-administrator', async () => {
    const command = await ace.create(UserCreate, [
      '--name=Not Admin',
      '--email=notadmin@example.com',
      '--password=Strong-Password-123',
      '--role=Super administrator',
    ])
    await command.exec()
    command.assertFailed()
    command.assertLog('[ red(error) ] Only administrators can hold admin roles.')
  })
})

test.group('ace team:create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('creates a team with its currency, type, region and modules', async ({ assert }) => {
    const command = await ace.create(TeamCreate, [
      '--name=Lakeside Capital',
      '--currency=eur',
      '--type=hedge_fund',
      '--region=AMER',
      '--module=market-data-contracts',
      '--module=rsa-budgets',
    ])
    await command.exec()
    command.assertSucceeded()
    const team = await Team.query()
      .where('name', 'Lakeside Capital')
      .preload('currency')
      .preload('modules')
      .firstOrFail()
    assert.equal(team.currency.code, 'EUR')
    assert.equal(team.region, 'AMER')
    assert.sameMembers(
      team.modules.map((module) => module.internalName),
      ['market-data-contracts', 'rsa-budgets']
    )
  })

  test('fails on an unknown module, writing nothing', async ({ assert }) => {
    const command = await ace.create(TeamCreate, ['--name=Broken Team', '--module=teleportation'])
    await command.exec()
    command.assertFailed()
    command.assertLog('[ red(error) ] Unknown module(s): teleportation.')
    assert.isNull(await Team.findBy('name', 'Broken Team'))
  })

  test('fails on an unknown currency and an unknown region', async () => {
    const currency = await ace.create(TeamCreate, ['--name=Odd Currency', '--currency=ABC'])
    await currency.exec()
    currency.assertFailed()
    currency.assertLog('[ red(error) ] Unknown currency "ABC".')

    const region = await ace.create(TeamCreate, ['--name=Odd Region', '--region=MARS'])
    await region.exec()
    region.assertFailed()
  })

  test('refuses a name differing from an existing team only in case', async ({ assert }) => {
    await makeTeam({ name: 'Riverside Partners' })
    const command = await ace.create(TeamCreate, ['--name=RIVERSIDE partners'])
    await command.exec()
    command.assertFailed()
    command.assertLog('[ red(error) ] A team named "RIVERSIDE partners" already exists.')
    const teams = await Team.query().whereRaw('lower(name) = ?', ['riverside partners'])
    assert.lengthOf(teams, 1)
  })

  test('fails on a duplicate team name', async () => {
    await makeTeam({ name: 'Only Once' })
    const command = await ace.create(TeamCreate, ['--name=Only Once'])
    await command.exec()
    command.assertFailed()
    command.assertLog('[ red(error) ] A team named "Only Once" already exists.')
  })
})
