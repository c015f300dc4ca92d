import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeReport, markRead } from '#tests/helpers/insights_reports'
import { MODULES } from '#shared/modules'

test.group('GET /api/insights-reports/unread', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('is 0 until reports exist', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam({ modules: [MODULES.insightsReports] })] })
    const response = await client.get('/api/insights-reports/unread').loginAs(user)
    response.assertStatus(200)
    response.assertBody({ unreadReports: 0 })
  })

  test('counts exactly the reports the current team may see, minus those read', async ({
    client,
  }) => {
    const team = await makeTeam({
      modules: [MODULES.insightsReports, MODULES.marketDataContracts],
    })
    const otherTeam = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    await makeReport({ title: 'For all clients' })
    const read = await makeReport({ title: 'For all clients, read' })
    await markRead(read, user.id)
    await makeReport({ title: 'Selected: this team', access: 'selected_teams', teamIds: [team.id] })
    await makeReport({
      title: 'Selected: other team',
      access: 'selected_teams',
      teamIds: [otherTeam.id],
    })
    await makeReport({ title: 'Selected: nobody', access: 'selected_teams' })
    await makeReport({
      title: 'Market data holders',
      access: 'product_holders',
      module: MODULES.marketDataContracts,
    })
    await makeReport({
      title: 'RSA holders',
      access: 'product_holders',
      module: MODULES.rsaBudgets,
    })
    await makeReport({ title: 'Withdrawn', status: 'withdrawn' })
    // Published long before the user joined: part of the library, not news.
    await makeReport({ title: 'Old', publishedAt: DateTime.utc().minus({ days: 200 }) })

    const response = await client.get('/api/insights-reports/unread').loginAs(user)
    response.assertBody({ unreadReports: 3 })
  })

  test('a report published up to 90 days before the user joined still counts', async ({
    client,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    await makeReport({ publishedAt: DateTime.utc().minus({ days: 80 }) })
    await makeReport({ publishedAt: DateTime.utc().minus({ days: 100 }) })
    const response = await client.get('/api/insights-reports/unread').loginAs(user)
    response.assertBody({ unreadReports: 1 })
  })

  test('follows the current team after a switch', async ({ client }) => {
    const withReports = await makeTeam({ name: 'A reports', modules: [MODULES.insightsReports] })
    const other = await makeTeam({ name: 'B reports', modules: [MODULES.insightsReports] })
    const without = await makeTeam({ name: 'C none', modules: [] })
    const user = await makeUser({ teams: [withReports, other, without] })
    await makeReport({ access: 'selected_teams', teamIds: [withReports.id] })
    await makeReport({ access: 'selected_teams', teamIds: [withReports.id] })
    const first = await client.get('/api/insights-reports/unread').loginAs(user)
    first.assertBody({ unreadReports: 2 })

    for (const [team, expected] of [
      [other, 0],
      [without, 0],
      [withReports, 2],
    ] as const) {
      await client
        .post('/teams/switch')
        .loginAs(user)
        .withCsrfToken()
        .form({ team_id: team.id })
        .redirects(0)
      await user.refresh()
      const response = await client.get('/api/insights-reports/unread').loginAs(user)
      response.assertBody({ unreadReports: expected })
    }
  })

  test('a withdrawn report stops counting', async ({ client }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    const id = await makeReport()
    const before = await client.get('/api/insights-reports/unread').loginAs(user)
    before.assertBody({ unreadReports: 1 })
    await db.from('insights_reports').where('id', id).update({ status: 'withdrawn' })
    const after = await client.get('/api/insights-reports/unread').loginAs(user)
    after.assertBody({ unreadReports: 0 })
  })

  test('refuses signed-out callers', async ({ client }) => {
    const response = await client
      .get('/api/insights-reports/unread')
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(401)
  })
})

test.group('Dashboard: latest insights reports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists the five newest reports the team may see, with read marks', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const otherTeam = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    const at = (days: number) => DateTime.utc().minus({ days: 10 - days })
    const make = (title: string, day: number, teamIds?: number[], status?: 'withdrawn') =>
      makeReport({
        title,
        publishedAt: at(day),
        access: teamIds ? 'selected_teams' : 'all_clients',
        teamIds,
        status,
      })
    await make('Everyone 1', 1)
    await make('Own 2', 2, [team.id])
    const read = await make('Everyone 3', 3)
    await make('Other team 4', 4, [otherTeam.id])
    await make('Withdrawn 5', 5, undefined, 'withdrawn')
    await make('Own 6', 6, [team.id])
    await make('Everyone 7', 7)
    await make('Own 8', 8, [team.id])
    await markRead(read, user.id)

    const page = await client.get('/').loginAs(user).withInertia()
    page.assertStatus(200)
    const reports: { title: string; unread: boolean }[] = page.body().props.reports
    assert.deepEqual(
      reports.map((row) => row.title),
      ['Own 8', 'Everyone 7', 'Own 6', 'Everyone 3', 'Own 2']
    )
    assert.deepEqual(
      reports.map((row) => row.unread),
      [true, true, true, false, true]
    )

    // The list is kept per team; a read shows at once, and so does a newly published report.
    await markRead((reports[0] as unknown as { id: number }).id, user.id)
    await make('Everyone 9', 9)
    const next = await client.get('/').loginAs(user).withInertia()
    const after: { title: string; unread: boolean }[] = next.body().props.reports
    assert.deepEqual(
      after.map((row) => [row.title, row.unread]),
      [
        ['Everyone 9', true],
        ['Own 8', false],
        ['Everyone 7', true],
        ['Own 6', true],
        ['Everyone 3', false],
      ]
    )
  })
})
