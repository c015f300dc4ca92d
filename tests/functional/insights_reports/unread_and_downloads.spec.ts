import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeReport } from '#tests/helpers/insights_reports'
import { MODULES } from '#shared/modules'
import { UNREAD_LOOKBACK_DAYS } from '#shared/insights_reports'

async function member() {
  const team = await makeTeam({ modules: [MODULES.insightsReports] })
  const user = await makeUser({ teams: [team] })
  return { team, user }
}

test.group('Insights Reports: unread marks and downloads', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the dashboard marks unread only what the badge counts (the same cut-off before the account)', async ({
    client,
    assert,
  }) => {
    const { user } = await member()
    const recent = await makeReport({
      title: 'Recent',
      publishedAt: DateTime.utc().minus({ days: 3 }),
    })
    const old = await makeReport({
      title: 'Long before the account',
      publishedAt: DateTime.utc().minus({ days: UNREAD_LOOKBACK_DAYS + 30 }),
    })
    const badge = await client.get('/api/insights-reports/unread').loginAs(user)
    badge.assertBody({ unreadReports: 1 })

    const dashboard = await client.get('/').loginAs(user).withInertia()
    dashboard.assertStatus(200)
    const marks = Object.fromEntries(
      (dashboard.inertiaProps as any).reports.map((report: any) => [report.id, report.unread])
    )
    assert.deepEqual(marks, { [recent]: true, [old]: false })
    assert.equal(Object.values(marks).filter(Boolean).length, 1)
  })

  test('a download through the embedded viewer is counted; the viewer’s own frame is not', async ({
    client,
    assert,
  }) => {
    const { user, team } = await member()
    const id = await makeReport({ title: 'Framed', withFile: true })
    const downloads = async () =>
      db.from('insights_report_downloads').where({ user_id: user.id, insights_report_id: id })

    // The viewer page's frame loads the PDF: a view, not a download.
    const framed = await client
      .get(`/insights-reports/${id}/file`)
      .loginAs(user)
      .header('sec-fetch-dest', 'iframe')
    framed.assertStatus(200)
    assert.lengthOf(await downloads(), 0)

    // The viewer's download button: the browser fetches the same file again, not as a frame.
    const saved = await client
      .get(`/insights-reports/${id}/file`)
      .loginAs(user)
      .header('sec-fetch-dest', 'empty')
    saved.assertStatus(200)
    const logged = await downloads()
    assert.lengthOf(logged, 1)
    assert.equal(Number(logged[0].team_id), team.id)
    assert.equal(Number(logged[0].version), 1)

    // A probe downloads nothing.
    await client.head(`/insights-reports/${id}/file`).loginAs(user)
    assert.lengthOf(await downloads(), 1)
  })
})
