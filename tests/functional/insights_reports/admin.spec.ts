import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import drive from '@adonisjs/drive/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import {
  makeCategory,
  makeReport,
  makeTag,
  markRead,
  pdfBytes,
  pdfWithScript,
  subscribe,
} from '#tests/helpers/insights_reports'
import { ALL_MODULES, MODULES } from '#shared/modules'
import InsightsReportMail from '#mails/insights_report_mail'

const BASE = '/admin/insights-reports'

async function count(table: string) {
  const row = await db.from(table).count('* as n').firstOrFail()
  return Number(row.n)
}

const clientServices = () => makeUser({ isAdministrator: true, roles: ['Client services'] })

/** Every route of the area, with a path that reaches it. */
function routes() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.pattern.startsWith(BASE))
    .map((route) => ({
      name: route.name ?? '',
      method: route.methods.includes('POST') ? 'POST' : 'GET',
      path: route.pattern.replace(':kind', 'categories').replace(/:[A-Za-z_]+/g, '1'),
    }))
}

interface Upload {
  file?: [Buffer, string] | null
  fields?: Record<string, string | string[]>
}

async function defaults() {
  const category = await makeCategory(`Regulation ${Math.random()}`)
  return {
    title: 'PS24/9 one year on',
    file_name: 'ps24-9-one-year-on.pdf',
    category_id: String(category),
    access_type: 'all_clients',
  }
}

function publish(client: ApiClient, admin: User, upload: Upload, json = true) {
  const request = client.post(BASE).loginAs(admin).withCsrfToken().redirects(0)
  if (json) request.header('accept', 'application/json')
  for (const [key, value] of Object.entries(upload.fields ?? {})) {
    if (Array.isArray(value)) value.forEach((entry) => request.field(`${key}[]`, entry))
    else request.field(key, value)
  }
  if (upload.file) request.file('file', upload.file[0], { filename: upload.file[1] })
  return request
}

const fieldsOf = (body: any) =>
  Object.fromEntries((body.errors ?? []).map((error: any) => [error.field, error.message]))

test.group('Insights Reports admin: who may use it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('refuses client users, administrators without the permission, and visitors on every route; writes nothing', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: ALL_MODULES })
    const member = await makeUser({ teams: [team] })
    const research = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    await makeReport({ title: 'Kept' })
    const before = await count('audit_logs')
    const reports = await count('insights_reports')
    const failures: string[] = []
    assert.isAbove(routes().length, 12)
    for (const route of routes()) {
      for (const [who, user] of [
        ['client user', member],
        ['administrator without the permission', research],
        ['visitor', null],
      ] as const) {
        const request =
          route.method === 'POST'
            ? client.post(route.path).withCsrfToken().json({ title: 'Changed', name: 'Changed' })
            : client.get(route.path)
        if (user) request.loginAs(user)
        const response = await request.redirects(0)
        const status = response.status()
        const location = response.header('location') ?? ''
        const refused =
          status === 403 ||
          status === 401 ||
          (status === 302 &&
            (location.startsWith('/login') || location.startsWith('/admin/welcome')))
        if (!refused)
          failures.push(`${route.method} ${route.path} as ${who}: ${status} ${location}`)
      }
    }
    assert.deepEqual(failures, [])
    assert.equal(await count('audit_logs'), before)
    assert.equal(await count('insights_reports'), reports)
  })

  test('lets client services and super administrators open every page', async ({
    client,
    assert,
  }) => {
    const id = await makeReport({ title: 'Open me' })
    for (const roles of [['Client services'], ['Super administrator']]) {
      const admin = await makeUser({ isAdministrator: true, roles })
      for (const path of [BASE, `${BASE}/new`, `${BASE}/taxonomy`, `${BASE}/${id}`]) {
        const response = await client.get(path).loginAs(admin).withInertia().redirects(0)
        assert.equal(response.status(), 200, `${path} as ${roles[0]}`)
      }
    }
  })
})

test.group('Insights Reports admin: the upload wizard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('publishes a PDF to selected teams, counting its pages, storing it, auditing it', async ({
    client,
    assert,
  }) => {
    const admin = await clientServices()
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const member = await makeUser({ teams: [team] })
    const tag = await makeTag('Equities')
    // The member's list before: its filter options are cached for the team.
    const before = await client.get('/insights-reports').loginAs(member).withInertia()
    assert.deepEqual(before.body().props.options.tags, [])
    const fields = {
      ...(await defaults()),
      summary: 'What changed for research budgets a year after PS24/9.',
      access_type: 'selected_teams',
      team_ids: [String(team.id)],
      tag_ids: [String(tag)],
    }
    const response = await publish(
      client,
      admin,
      { file: [await pdfBytes(3), 'Report.PDF'], fields },
      false
    )
    response.assertStatus(302)
    const report = await db.from('insights_reports').orderBy('id', 'desc').firstOrFail()
    assert.equal(response.header('location'), `${BASE}/${report.id}#notify`)
    assert.equal(report.title, 'PS24/9 one year on')
    assert.equal(report.file_name, 'ps24-9-one-year-on.pdf')
    assert.equal(report.access_type, 'selected_teams')
    assert.equal(report.status, 'published')
    assert.equal(Number(report.page_count), 3)
    assert.equal(Number(report.version), 1)
    assert.isTrue(await drive.use().exists(report.file_key))
    const teams = await db.from('insights_report_teams').where('insights_report_id', report.id)
    assert.deepEqual(
      teams.map((row) => Number(row.team_id)),
      [team.id]
    )
    const tags = await db.from('insights_report_tags').where('insights_report_id', report.id)
    assert.deepEqual(
      tags.map((row) => Number(row.insights_tag_id)),
      [tag]
    )
    const versions = await db
      .from('insights_report_versions')
      .where('insights_report_id', report.id)
    assert.lengthOf(versions, 1)
    const trail = await db
      .from('audit_logs')
      .where({ entity_type: 'insights_report', entity_id: report.id })
    assert.lengthOf(trail, 1)
    // The member's list after: the report, and its tag among the filters at once.
    const after = await client.get('/insights-reports').loginAs(member).withInertia()
    assert.deepEqual(
      after.body().props.reports.map((card: any) => card.title),
      ['PS24/9 one year on']
    )
    assert.deepEqual(
      after.body().props.options.tags.map((option: any) => option.name),
      ['Equities']
    )
    assert.equal(after.body().props.pagination.total, before.body().props.pagination.total + 1)
  })

  test('refuses a non-PDF, a renamed non-PDF, a broken PDF and an oversized file; stores nothing', async ({
    client,
    assert,
  }) => {
    const admin = await clientServices()
    const fields = await defaults()
    const before = await count('insights_reports')
    const cases: [Buffer, string][] = [
      [await pdfWithScript(), 'scripted.pdf'],
      [Buffer.from('name,amount\nA,1\n'), 'budget.csv'],
      [Buffer.from('name,amount\nA,1\n'), 'budget.pdf'],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 65)]), 'broken.pdf'],
      [Buffer.concat([await pdfBytes(1), Buffer.alloc(21 * 1024 * 1024)]), 'huge.pdf'],
    ]
    for (const file of cases) {
      const response = await publish(client, admin, { file, fields })
      response.assertStatus(422)
      const errors = fieldsOf(response.body())
      assert.property(errors, 'file', file[1])
      assert.notMatch(errors.file, /file_name|undefined/)
    }
    assert.equal(await count('insights_reports'), before)
  })

  test('requires the file, a title, a category; a private report needs a team; a product report a product', async ({
    client,
    assert,
  }) => {
    const admin = await clientServices()
    const base = await defaults()
    const pdf: [Buffer, string] = [await pdfBytes(1), 'a.pdf']

    const noFile = await publish(client, admin, { fields: base })
    assert.equal(fieldsOf(noFile.body()).file, 'The file field is required.')

    const withoutCategory: Record<string, string> = { ...base }
    delete withoutCategory.category_id
    const noCategory = await publish(client, admin, { file: pdf, fields: withoutCategory })
    assert.equal(fieldsOf(noCategory.body()).category_id, 'Choose a category.')

    const unknownCategory = await publish(client, admin, {
      file: pdf,
      fields: { ...base, category_id: '99999' },
    })
    assert.equal(fieldsOf(unknownCategory.body()).category_id, 'Choose a category from the list.')

    const privateNoTeam = await publish(client, admin, {
      file: pdf,
      fields: { ...base, access_type: 'selected_teams' },
    })
    assert.equal(
      fieldsOf(privateNoTeam.body()).team_ids,
      'Choose at least one team for a report published to selected teams.'
    )

    const productNoModule = await publish(client, admin, {
      file: pdf,
      fields: { ...base, access_type: 'product_holders' },
    })
    assert.equal(
      fieldsOf(productNoModule.body()).access_module,
      'Choose the product whose teams may see the report.'
    )

    const turned = await publish(client, admin, {
      file: pdf,
      fields: { ...base, title: 'Budget review \u202Efdp.exe', author: '\u200B\u200B\u200B' },
    })
    assert.equal(
      fieldsOf(turned.body()).title,
      'The title may not hold invisible, direction-changing or control characters.'
    )
    assert.equal(
      fieldsOf(turned.body()).author,
      'The author may not hold invisible, direction-changing or control characters.'
    )

    const badName = await publish(client, admin, {
      file: pdf,
      fields: { ...base, file_name: 'report.exe' },
    })
    assert.match(fieldsOf(badName.body()).file_name, /must end in \.pdf/)
    assert.equal(await count('insights_reports'), 0)
  })
})

test.group('Insights Reports admin: editing, versions and withdrawal', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('edits the details and audience', async ({ client, assert }) => {
    const admin = await clientServices()
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const id = await makeReport({ title: 'Draft title' })
    const category = await makeCategory('Methodology')
    const response = await client
      .post(`${BASE}/${id}`)
      .loginAs(admin)
      .withCsrfToken()
      .json({
        title: 'Final title',
        file_name: 'final.pdf',
        category_id: category,
        access_type: 'selected_teams',
        team_ids: [team.id],
      })
      .redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), `${BASE}/${id}`)
    const row = await db.from('insights_reports').where('id', id).firstOrFail()
    assert.equal(row.title, 'Final title')
    assert.equal(Number(row.category_id), category)
    assert.equal(row.access_type, 'selected_teams')
    const teams = await db.from('insights_report_teams').where('insights_report_id', id)
    assert.deepEqual(
      teams.map((entry) => Number(entry.team_id)),
      [team.id]
    )
  })

  test('a replaced file is a new version whose notify list starts afresh', async ({
    client,
    assert,
  }) => {
    const admin = await clientServices()
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const reader = await makeUser({ teams: [team] })
    await subscribe(reader.id)
    const id = await makeReport({ withFile: true })
    mail.fake()
    await client
      .post(`${BASE}/${id}/notify`)
      .loginAs(admin)
      .withCsrfToken()
      .json({ user_ids: [reader.id] })
      .redirects(0)
    const response = await client
      .post(`${BASE}/${id}/file`)
      .loginAs(admin)
      .withCsrfToken()
      .file('file', await pdfBytes(5), { filename: 'v2.pdf' })
      .redirects(0)
    response.assertStatus(302)
    const row = await db.from('insights_reports').where('id', id).firstOrFail()
    assert.equal(Number(row.version), 2)
    assert.equal(Number(row.page_count), 5)
    const page = await client.get(`${BASE}/${id}`).loginAs(admin).withInertia()
    const props = page.body().props
    assert.equal(props.notify.version, 2)
    const entry = props.notify.users.find((user: any) => user.id === reader.id)
    assert.equal(entry.group, 'not_notified')
    assert.deepEqual(
      props.versions.map((version: any) => version.version),
      [2]
    )
    mail.restore()
  })

  test('a withdrawn report disappears for clients and comes back when republished', async ({
    client,
    assert,
  }) => {
    const admin = await clientServices()
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const reader = await makeUser({ teams: [team] })
    const id = await makeReport()
    await client.post(`${BASE}/${id}/withdraw`).loginAs(admin).withCsrfToken().redirects(0)
    const gone = await client.get(`/insights-reports/${id}`).loginAs(reader)
    gone.assertStatus(404)
    const badge = await client.get('/api/insights-reports/unread').loginAs(reader)
    badge.assertBody({ unreadReports: 0 })
    await client.post(`${BASE}/${id}/republish`).loginAs(admin).withCsrfToken().redirects(0)
    const back = await client.get(`/insights-reports/${id}`).loginAs(reader).withInertia()
    back.assertStatus(200)
    const trail = await db
      .from('audit_logs')
      .where({ entity_type: 'insights_report', entity_id: id })
    assert.lengthOf(trail, 2)
  })
})

test.group('Insights Reports admin: the notify list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function audience() {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const outside = await makeTeam({ modules: [MODULES.insightsReports] })
    const unverified = await makeUser({ teams: [team], emailVerified: false })
    await subscribe(unverified.id)
    const unsubscribed = await makeUser({ teams: [team] })
    const notified = await makeUser({ teams: [team] })
    await subscribe(notified.id)
    const admin = await makeUser({
      teams: [team],
      isAdministrator: true,
      roles: ['Client services'],
    })
    await subscribe(admin.id)
    const fresh = await makeUser({ teams: [team] })
    await subscribe(fresh.id)
    const stranger = await makeUser({ teams: [outside] })
    await subscribe(stranger.id)
    const disabled = await makeUser({ teams: [team] })
    await subscribe(disabled.id)
    await db
      .from('users')
      .where('id', disabled.id)
      .update({ disabled_at: new Date().toISOString().slice(0, 19).replace('T', ' ') })
    const id = await makeReport({ access: 'selected_teams', teamIds: [team.id], withFile: true })
    await db.table('insights_report_notifications').insert({
      insights_report_id: id,
      version: 1,
      user_id: notified.id,
      channel: 'email',
      status: 'sent',
      queued_at: '2026-11-01 09:00:00',
      sent_at: '2026-11-01 09:00:05',
    })
    await markRead(id, notified.id)
    return { id, unverified, unsubscribed, notified, admin, fresh, stranger, disabled }
  }

  test('groups the users who can see the report, each kind where the spec puts it', async ({
    client,
    assert,
  }) => {
    const world = await audience()
    const page = await client.get(`${BASE}/${world.id}`).loginAs(world.admin).withInertia()
    page.assertStatus(200)
    const { users, counts } = page.body().props.notify
    const groupOf = (user: User) => users.find((entry: any) => entry.id === user.id)
    assert.equal(groupOf(world.unverified).group, 'unverified')
    assert.isFalse(groupOf(world.unverified).selectable)
    assert.equal(groupOf(world.unsubscribed).group, 'unsubscribed')
    assert.isFalse(groupOf(world.unsubscribed).selectable)
    assert.equal(groupOf(world.notified).group, 'already_notified')
    assert.equal(groupOf(world.notified).status, 'sent')
    assert.isTrue(groupOf(world.notified).hasRead)
    assert.equal(groupOf(world.admin).group, 'admins')
    assert.isTrue(groupOf(world.admin).selectable)
    assert.equal(groupOf(world.fresh).group, 'not_notified')
    assert.isUndefined(groupOf(world.stranger))
    assert.isUndefined(groupOf(world.disabled))
    assert.deepEqual(counts, {
      not_notified: 1,
      admins: 1,
      already_notified: 1,
      unsubscribed: 1,
      unverified: 1,
    })
  })

  test('sends once per user and version in the background, with the unsubscribe link; refuses the rest', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const world = await audience()
    const send = (ids: number[]) =>
      client
        .post(`${BASE}/${world.id}/notify`)
        .loginAs(world.admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({ user_ids: ids })
        .redirects(0)

    for (const [user, message] of [
      [world.unverified, /has not verified their email address/],
      [world.unsubscribed, /is not subscribed/],
      [world.notified, /was already notified of this version/],
      [world.stranger, /cannot see this report/],
    ] as const) {
      const refused = await send([world.fresh.id, user.id])
      refused.assertStatus(422)
      assert.match(fieldsOf(refused.body()).user_ids, message)
    }
    assert.lengthOf(mails.sent(), 0)
    const empty = await send([])
    assert.equal(fieldsOf(empty.body()).user_ids, 'Put at least one user on the send list.')

    const sent = await send([world.fresh.id, world.admin.id])
    sent.assertStatus(302)
    assert.lengthOf(mails.sent(), 2)
    mails.assertSent(InsightsReportMail, (message) => {
      message.build()
      const html = String(message.message.toJSON().message.html ?? '')
      return (
        message.message.hasTo(world.fresh.email) &&
        html.includes(`/insights-reports/${world.id}`) &&
        /unsubscribe\/\d+\?/.test(html) &&
        !/@if|@end/.test(html + String(message.message.toJSON().message.text ?? '')) &&
        String(message.message.toJSON().message.text ?? '').includes('2 pages')
      )
    })

    // Pressed again: nobody is mailed twice for the same version.
    const again = await send([world.fresh.id])
    again.assertStatus(422)
    assert.lengthOf(mails.sent(), 2)
    const rows = await db
      .from('insights_report_notifications')
      .where('insights_report_id', world.id)
      .orderBy('user_id')
    assert.deepEqual(
      rows.map((row) => [Number(row.user_id), row.status]),
      [
        [world.notified.id, 'sent'],
        [world.admin.id, 'sent'],
        [world.fresh.id, 'sent'],
      ].sort((a, b) => Number(a[0]) - Number(b[0]))
    )
  })

  test('a user who can no longer see the report when the job runs is not mailed', async ({
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const world = await audience()
    const elsewhere = await makeTeam({ modules: [MODULES.insightsReports] })
    const { queueNotifications, sendQueuedNotifications } =
      await import('#services/insights/notifications')
    const report = await db.from('insights_reports').where('id', world.id).firstOrFail()
    await queueNotifications(report, [world.fresh.id], world.admin.id)
    // The audience narrows before the worker runs.
    await db.from('insights_report_teams').where('insights_report_id', world.id).delete()
    await db
      .table('insights_report_teams')
      .insert({ insights_report_id: world.id, team_id: elsewhere.id })
    const outcome = await sendQueuedNotifications(world.id, 1)
    assert.deepEqual(outcome, { sent: 0, failed: 0, skipped: 1 })
    assert.lengthOf(mails.sent(), 0)
    const row = await db
      .from('insights_report_notifications')
      .where({ insights_report_id: world.id, user_id: world.fresh.id })
      .firstOrFail()
    assert.equal(row.status, 'skipped_no_access')
  })

  test('a user who unsubscribed after being queued is skipped when the job runs', async ({
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const world = await audience()
    const { queueNotifications, sendQueuedNotifications } =
      await import('#services/insights/notifications')
    const report = await db.from('insights_reports').where('id', world.id).firstOrFail()
    await queueNotifications(report, [world.fresh.id], world.admin.id)
    await db.from('email_subscriptions').where('user_id', world.fresh.id).delete()
    const outcome = await sendQueuedNotifications(world.id, 1)
    assert.deepEqual(outcome, { sent: 0, failed: 0, skipped: 1 })
    assert.lengthOf(mails.sent(), 0)
    const row = await db
      .from('insights_report_notifications')
      .where({ insights_report_id: world.id, user_id: world.fresh.id })
      .firstOrFail()
    assert.equal(row.status, 'skipped_unsubscribed')
  })
})

test.group('Insights Reports admin: analytics', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('readers, open rate and median time to first read per report', async ({
    client,
    assert,
  }) => {
    const admin = await clientServices()
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const [a, b, c] = [
      await makeUser({ teams: [team] }),
      await makeUser({ teams: [team] }),
      await makeUser({ teams: [team] }),
    ]
    const { DateTime } = await import('luxon')
    const published = DateTime.utc().minus({ days: 10 }).startOf('hour')
    const id = await makeReport({
      title: 'Measured',
      access: 'selected_teams',
      teamIds: [team.id],
      publishedAt: published,
    })
    for (const user of [a, b]) {
      await db.table('insights_report_notifications').insert({
        insights_report_id: id,
        version: 1,
        user_id: user.id,
        channel: 'email',
        status: 'sent',
        queued_at: published.toFormat('yyyy-MM-dd HH:mm:ss'),
        sent_at: published.toFormat('yyyy-MM-dd HH:mm:ss'),
      })
    }
    // a read after 2 hours, c (not notified) after 10 hours; b never.
    await markRead(id, a.id, published.plus({ hours: 2 }))
    await markRead(id, c.id, published.plus({ hours: 10 }))
    await db.table('insights_report_downloads').insert({
      insights_report_id: id,
      user_id: a.id,
      team_id: team.id,
      version: 1,
      created_at: published.plus({ hours: 3 }).toFormat('yyyy-MM-dd HH:mm:ss'),
    })
    const list = await client.get(BASE).loginAs(admin).withInertia()
    const row = list.body().props.reports.find((report: any) => report.id === id)
    assert.equal(row.audience, 3)
    assert.equal(row.notified, 2)
    assert.equal(row.readers, 2)
    assert.equal(row.openRate, 0.5)
    assert.equal(row.medianHoursToFirstRead, 6)
    assert.equal(row.downloads, 1)

    const page = await client.get(`${BASE}/${id}`).loginAs(admin).withInertia()
    const analytics = page.body().props.analytics
    assert.deepEqual(analytics.cumulativeReads, [{ day: 0, readers: 2 }])
    assert.deepEqual(
      analytics.readers.map((reader: any) => reader.id),
      [a.id, c.id]
    )
  })
})

test.group('Insights Reports admin: categories and tags', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('adds, renames and deletes; refuses duplicates and deleting one in use', async ({
    client,
    assert,
  }) => {
    const admin = await clientServices()
    const post = (path: string, name?: string) =>
      client
        .post(`${BASE}${path}`)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json(name === undefined ? {} : { name })
        .redirects(0)
    const added = await post('/categories', 'Event notes')
    added.assertStatus(302)
    const created = await db.from('insights_categories').where('name', 'Event notes').firstOrFail()
    const duplicate = await post('/categories', 'event NOTES')
    duplicate.assertStatus(422)
    assert.equal(fieldsOf(duplicate.body()).name, 'There is already a category called Event notes.')
    const accented = await post('/tags', 'Évent')
    accented.assertStatus(302)
    const folded = await post('/tags', 'évent')
    assert.equal(fieldsOf(folded.body()).name, 'There is already a tag called Évent.')
    const renamed = await post(`/categories/${created.id}`, 'Event and webinar notes')
    renamed.assertStatus(302)
    await makeReport({ categoryId: created.id })
    const inUse = await post(`/categories/${created.id}/destroy`)
    inUse.assertStatus(422)
    assert.match(fieldsOf(inUse.body()).name, /is used by 1 report/)
    const tagged = await post('/tags', 'APAC')
    tagged.assertStatus(302)
    const tag = await db.from('insights_tags').where('name', 'APAC').firstOrFail()
    const deleted = await post(`/tags/${tag.id}/destroy`)
    deleted.assertStatus(302)
    assert.isNull(await db.from('insights_tags').where('id', tag.id).first())
    const page = await client.get(`${BASE}/taxonomy`).loginAs(admin).withInertia()
    const categories = page.body().props.categories
    assert.deepEqual(
      categories.find((entry: any) => entry.id === Number(created.id)),
      { id: Number(created.id), name: 'Event and webinar notes', reports: 1 }
    )
  })
})
