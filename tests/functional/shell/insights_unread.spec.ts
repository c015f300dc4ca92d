import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import InsightsReport from '#models/insights_report'
import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

async function report(teamId: number | null, title: string, isPrivate = false) {
  return InsightsReport.create({
    teamId,
    title,
    fileName: `${title}.pdf`,
    insightsCategory: 'Market data',
    insightsTag: null,
    isPrivate,
  })
}

test.group('GET /api/insights-reports/unread', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('is 0 until reports exist', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam({ modules: [MODULES.insightsReports] })] })
    const response = await client.get('/api/insights-reports/unread').loginAs(user)
    response.assertStatus(200)
    response.assertBody({ unreadReports: 0 })
  })

  test('counts reports for the current team and public ones, minus those read', async ({
    client,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const otherTeam = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    await report(team.id, 'Team report')
    const read = await report(null, 'Public report read')
    await report(null, 'Public report')
    await report(null, 'Private to nobody', true)
    await report(otherTeam.id, 'Other team report')
    await db.table('insights_report_reads').insert({
      insights_report_id: read.id,
      user_id: user.id,
      read_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })

    const response = await client.get('/api/insights-reports/unread').loginAs(user)
    response.assertBody({ unreadReports: 2 })
  })

  test('follows the current team after a switch', async ({ client }) => {
    const withReports = await makeTeam({ name: 'A reports', modules: [MODULES.insightsReports] })
    const without = await makeTeam({ name: 'B none', modules: [] })
    const user = await makeUser({ teams: [withReports, without] })
    await report(withReports.id, 'For A')
    const first = await client.get('/api/insights-reports/unread').loginAs(user)
    first.assertBody({ unreadReports: 1 })

    await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .form({ team_id: without.id })
      .redirects(0)
    await user.refresh()
    const second = await client.get('/api/insights-reports/unread').loginAs(user)
    second.assertBody({ unreadReports: 0 })
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

  test('lists the five newest reports the team may see, own and for everyone, with read marks', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const otherTeam = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    const at = (days: number) => DateTime.fromISO('2026-06-01T09:00:00Z').plus({ days })
    const make = async (teamId: number | null, title: string, day: number, isPrivate = false) => {
      const row = await report(teamId, title, isPrivate)
      row.createdAt = at(day)
      await row.save()
      return row
    }
    await make(null, 'Everyone 1', 1)
    await make(team.id, 'Own 2', 2)
    const read = await make(null, 'Everyone 3', 3)
    await make(otherTeam.id, 'Other team 4', 4)
    await make(null, 'Private 5', 5, true)
    await make(team.id, 'Own 6', 6)
    await make(null, 'Everyone 7', 7)
    await make(team.id, 'Own 8', 8)
    await db.table('insights_report_reads').insert({
      insights_report_id: read.id,
      user_id: user.id,
      read_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })

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
  })
})
