import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import User from '#models/user'
import { MODULES } from '#shared/modules'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeReport, subscribe } from '#tests/helpers/insights_reports'
import { pathOf } from '#tests/helpers/mails'
import { researchProvider } from '#tests/helpers/rsa'
import {
  daysBefore,
  entitle,
  researchDocument,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { computeTrendingSnapshot } from '#services/research/trending'
import { sendWeeklyDigests } from '#services/research/digest'
import { queueNotifications, sendQueuedNotifications } from '#services/insights/notifications'
import type InsightsReportMail from '#mails/insights_report_mail'
import type WeeklyDigestMail from '#mails/weekly_digest_mail'
import type SubmissionStatusMail from '#mails/submission_status_mail'
import SendSubmissionStatusMailJob from '#jobs/send_submission_status_mail_job'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { insertReturningId } from '#services/db/insert'

/*
 * Links from mails name the team they are for. A reader who works in another of their teams is
 * switched to that team (and told so) when they open the link, instead of meeting a "not found".
 */

async function setCurrentTeam(user: User, teamId: number) {
  user.currentTeamId = teamId
  await user.save()
}

async function currentTeamOf(userId: number) {
  const user = await User.findOrFail(userId)
  return user.currentTeamId
}

async function mailParts(message: InsightsReportMail | WeeklyDigestMail | SubmissionStatusMail) {
  await message.buildWithContents()
  const json = message.message.toJSON().message
  return { subject: String(json.subject), html: String(json.html), text: String(json.text) }
}

/** Follows a mail's link as its reader: the switch (302) and then the page it leads to. */
async function follow(client: ApiClient, user: User, link: string) {
  const first = await client.get(pathOf(link)).loginAs(user).withInertia().redirects(0)
  return first
}

async function reportWorld() {
  const pacific = await makeTeam({ name: 'Pacific Crest', modules: [MODULES.insightsReports] })
  const northbridge = await makeTeam({ name: 'Northbridge', modules: [MODULES.insightsReports] })
  const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
  const reader = await makeUser({ teams: [pacific, northbridge] })
  await setCurrentTeam(reader, northbridge.id)
  await subscribe(reader.id)
  const reportId = await makeReport({
    title: 'Pacific Crest fee review',
    access: 'selected_teams',
    teamIds: [pacific.id],
    withFile: true,
  })
  const report = await db.from('insights_reports').where('id', reportId).firstOrFail()
  return { pacific, northbridge, admin, reader, reportId, report }
}

test.group('Mail links | insights reports for another of the reader’s teams', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the mail names the team; its link switches the reader to it and opens the report', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const world = await reportWorld()
    await queueNotifications(world.report, [world.reader.id], world.admin.id)
    await sendQueuedNotifications(world.reportId, 1)
    const [message] = mails.sent() as InsightsReportMail[]
    const { html, text } = await mailParts(message)
    for (const body of [html, text]) assert.include(body, 'Pacific Crest')
    const link = text.match(/https?:\/\/\S+\/insights-reports\/\d+\S*/)![0]
    assert.include(link, `team=${world.pacific.id}`)

    // Without the switch, the report is not the current team's: that was a 404.
    const opened = await follow(client, world.reader, link)
    opened.assertStatus(302)
    opened.assertHeader('location', `/insights-reports/${world.reportId}`)
    assert.equal(
      opened.flashMessages().success,
      'This link is for Pacific Crest: you are now working in Pacific Crest.'
    )
    assert.equal(await currentTeamOf(world.reader.id), world.pacific.id)

    const page = await client
      .get(`/insights-reports/${world.reportId}`)
      .loginAs(world.reader)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('insights_reports/show')
    assert.equal((page.inertiaProps as any).report.title, 'Pacific Crest fee review')
  })

  test('a link naming a team the reader does not belong to switches nothing', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const outsider = await makeUser({ teams: [world.northbridge] })
    await setCurrentTeam(outsider, world.northbridge.id)
    const response = await client
      .get(`/insights-reports/${world.reportId}?team=${world.pacific.id}`)
      .loginAs(outsider)
      .withInertia()
      .redirects(0)
    response.assertStatus(404)
    assert.equal(await currentTeamOf(outsider.id), world.northbridge.id)
  })

  test('a link for the current team opens as before, and a JSON call never switches', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    await setCurrentTeam(world.reader, world.pacific.id)
    const same = await client
      .get(`/insights-reports/${world.reportId}?team=${world.pacific.id}`)
      .loginAs(world.reader)
      .withInertia()
    same.assertStatus(200)
    await setCurrentTeam(world.reader, world.northbridge.id)
    const json = await client
      .get(`/api/insights-reports/unread?team=${world.pacific.id}`)
      .loginAs(world.reader)
      .header('X-Requested-With', 'XMLHttpRequest')
      .header('accept', 'application/json')
    json.assertStatus(200)
    assert.equal(await currentTeamOf(world.reader.id), world.northbridge.id)
  })

  test('switching team while reading a report of the old team lands on the report list', async ({
    client,
  }) => {
    const world = await reportWorld()
    await setCurrentTeam(world.reader, world.pacific.id)
    for (const from of [
      `/insights-reports/${world.reportId}`,
      '/research-discovery/research/12?from=digest',
    ]) {
      const switched = await client
        .post('/teams/switch')
        .loginAs(world.reader)
        .withCsrfToken()
        .header('referer', `http://localhost${from}`)
        .form({ team_id: world.northbridge.id })
        .redirects(0)
      switched.assertStatus(302)
      switched.assertHeader(
        'location',
        from.startsWith('/insights-reports') ? '/insights-reports' : '/research-discovery/research'
      )
    }
  })

  test('a reader first told of version 2 gets the first-time wording; one told of version 1, the update', async ({
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const world = await reportWorld()
    const newcomer = await makeUser({ teams: [world.pacific] })
    await subscribe(newcomer.id)
    await queueNotifications(world.report, [world.reader.id], world.admin.id)
    await sendQueuedNotifications(world.reportId, 1)
    await db.from('insights_reports').where('id', world.reportId).update({ version: 2 })
    const second = await db.from('insights_reports').where('id', world.reportId).firstOrFail()
    await queueNotifications(second, [world.reader.id, newcomer.id], world.admin.id)
    await sendQueuedNotifications(world.reportId, 2)

    const sent = mails.sent() as InsightsReportMail[]
    assert.lengthOf(sent, 3)
    const toNewcomer = sent.find((message) => message.message.hasTo(newcomer.email))!
    const newcomerMail = await mailParts(toNewcomer)
    assert.match(newcomerMail.subject, /^New .* insights report: Pacific Crest fee review$/)
    assert.include(newcomerMail.text, 'A new insights report for Pacific Crest has been published')
    assert.notInclude(newcomerMail.text, 'Version 2')
    const toReader = sent.filter((message) => message.message.hasTo(world.reader.email))[1]
    const readerMail = await mailParts(toReader)
    assert.match(readerMail.subject, /^Updated .* insights report: Pacific Crest fee review$/)
    assert.include(readerMail.text, 'Version 2 of an insights report for Pacific Crest')
  })
})

test.group('Mail links | the digest’s documents readable through another team', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a document only another of the reader’s teams may read links to that team and opens there', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const monday = '2024-12-09'
    const asOf = DateTime.fromISO(monday, { zone: 'utc' })
    const provider = await researchProvider('Granite', 'independent')
    const macro = await themeGroup('Macro')
    const theme = await researchTheme('Rates', macro)
    const { id: documentId } = await researchDocument({
      provider,
      title: 'Granite rates note for subscribers',
      publishedAt: daysBefore(monday, 2),
      themes: [theme],
      entitlement: 'paid_provider_only',
    })
    await computeTrendingSnapshot(asOf)
    const pacific = await makeTeam({ name: 'Pacific Crest', modules: [MODULES.trendingThemes] })
    const northbridge = await makeTeam({ name: 'Northbridge', modules: [MODULES.trendingThemes] })
    await entitle(pacific, provider)
    const reader = await makeUser({ teams: [pacific, northbridge] })
    await setCurrentTeam(reader, northbridge.id)
    await subscribe(reader.id, 'weekly_digest')
    await db.table('research_starred_themes').insert({
      user_id: reader.id,
      theme_id: theme.id,
      starred_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
    })

    await sendWeeklyDigests({ asOf, email: reader.email })
    const [message] = mails.sent() as WeeklyDigestMail[]
    const { html, text } = await mailParts(message)
    for (const body of [html, text]) assert.match(body, /for\s+Pacific Crest/)
    const link = text.match(/https?:\/\/\S+\/research-discovery\/research\/\d+\S*/)![0]
    assert.include(link, `/research-discovery/research/${documentId}?`)
    assert.include(link, `team=${pacific.id}`)

    const opened = await follow(client, reader, link)
    opened.assertStatus(302)
    // The link names the digest's week too: following it is recorded as the digest's click.
    assert.match(
      opened.headers().location,
      new RegExp(`^/research-discovery/research/${documentId}\\?from=digest&digest=\\d{4}-W\\d{2}$`)
    )
    const page = await client.get(opened.headers().location).loginAs(reader).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('research/article')
    assert.equal(await currentTeamOf(reader.id), pacific.id)
  })
})

test.group('Mail links | a submission’s status for another of the reader’s teams', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the status mail links to the submission’s team and opens its data collection there', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const pacific = await makeTeam({ name: 'Pacific Crest', modules: [MODULES.rsaBudgets] })
    const northbridge = await makeTeam({ name: 'Northbridge', modules: [MODULES.rsaBudgets] })
    const submitter = await makeUser({ teams: [pacific, northbridge] })
    await setCurrentTeam(submitter, northbridge.id)
    const collection = await makeCollection(pacific.id)
    const submission = await makeSubmission(pacific.id, collection, {
      status: 'processing',
      userId: submitter.id,
    })
    const changeId = await insertReturningId(db.connection(), 'data_collection_status_changes', {
      submission_id: submission,
      from_status: 'submitted',
      to_status: 'processing',
      message: 'We are reading your file.',
      created_at: '2024-05-01 10:00:00',
    })
    await SendSubmissionStatusMailJob.dispatch({ statusChangeId: changeId }).run()
    const [message] = mails.sent() as SubmissionStatusMail[]
    const { text } = await mailParts(message)
    const link = text.match(/https?:\/\/\S+\/rsa\/data-collection\S*/)![0]
    assert.include(link, `team=${pacific.id}`)
    const opened = await follow(client, submitter, link)
    opened.assertStatus(302)
    assert.equal(await currentTeamOf(submitter.id), pacific.id)
  })
})
