import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import SendSubmissionStatusMailJob from '#jobs/send_submission_status_mail_job'
import SubmissionStatusMail from '#mails/submission_status_mail'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { MODULES } from '#shared/modules'

const BASE = '/admin/research-spend-analytics/data-collection-submissions'

const rsaAdmin = () => makeUser({ isAdministrator: true, roles: ['Super administrator'] })
const servicesAdmin = () => makeUser({ isAdministrator: true, roles: ['Client services'] })

/**
 * Two teams: Aldgate (research spend, a member who submits) and Bishopsgate (market data),
 * with submissions of every status from 2024 onwards, oldest first.
 */
async function world() {
  const { team: aldgate } = await rsaTeam()
  const member = await rsaMember(aldgate)
  const bishopsgate = await makeTeam({
    name: `Bishopsgate ${Date.now()}`,
    modules: [MODULES.marketDataDataCollection],
  })
  const rsa2024 = await makeCollection(aldgate.id, { kind: 'rsa', year: 2024 })
  const rsa2023 = await makeCollection(aldgate.id, { kind: 'rsa', year: 2023 })
  const contracts = await makeCollection(bishopsgate.id, {
    kind: 'market_data',
    dueDate: '2024-06-30',
  })
  const at = (day: number) => `2024-05-${String(day).padStart(2, '0')} 10:00:00`
  const ids = {
    completedRsa: await makeSubmission(aldgate.id, rsa2024, {
      status: 'completed',
      userId: member.id,
      fileName: 'aldgate-2024.xlsx',
      createdAt: at(1),
    }),
    completedOld: await makeSubmission(aldgate.id, rsa2023, {
      status: 'completed',
      userId: member.id,
      fileName: 'aldgate-2023.xlsx',
      createdAt: at(2),
    }),
    completedContracts: await makeSubmission(bishopsgate.id, contracts, {
      status: 'completed',
      fileName: 'bishopsgate-contracts.xlsx',
      createdAt: at(3),
    }),
    submitted: await makeSubmission(aldgate.id, rsa2024, {
      status: 'submitted',
      userId: member.id,
      fileName: 'aldgate-resubmitted.xlsx',
      content: 'the uploaded workbook',
      createdAt: at(4),
    }),
    inReview: await makeSubmission(bishopsgate.id, contracts, {
      status: 'in_review',
      fileName: 'bishopsgate-review.xlsx',
      createdAt: at(5),
    }),
  }
  return { aldgate, bishopsgate, member, ids, admin: await rsaAdmin() }
}

async function page(client: ApiClient, user: User, query = '') {
  const response = await client.get(`${BASE}${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('admin/rsa/submissions')
  return response.inertiaProps as any
}

const ids = (props: any) => props.submissions.map((row: any) => row.id)

async function statusOnly(id: number) {
  const { status } = await statusOf(id)
  return status
}

async function statusOf(id: number) {
  const row = await db
    .from('data_collection_submissions')
    .where('id', id)
    .select('status', 'status_comment')
    .firstOrFail()
  return row as { status: string; status_comment: string | null }
}

function move(client: ApiClient, user: User, id: number, body: Record<string, unknown>) {
  return client
    .post(`${BASE}/${id}/status`)
    .withCsrfToken()
    .form(body)
    .header('referer', BASE)
    .loginAs(user)
    .redirects(0)
}

test.group('RSA admin: data collection submissions list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows completed submissions of every team and both kinds by default', async ({
    client,
    assert,
  }) => {
    const { admin, ids: made } = await world()
    const props = await page(client, admin)
    assert.equal(props.filters.status, 'completed')
    assert.deepEqual(ids(props), [made.completedContracts, made.completedOld, made.completedRsa])
    assert.deepInclude(props.counts, { completed: 3, submitted: 1, in_review: 1 })
    const contracts = props.submissions[0]
    assert.equal(contracts.kind, 'market_data')
    assert.equal(contracts.year, 2024)
    assert.isNull(contracts.submitter)
    assert.deepEqual(contracts.nextStatuses, [])
  })

  test('filters by status, kind and year', async ({ client, assert }) => {
    const { admin, ids: made } = await world()
    const submittedPage = await page(client, admin, '?status=submitted')
    assert.deepEqual(ids(submittedPage), [made.submitted])
    const [submitted] = submittedPage.submissions
    assert.deepEqual(submitted.nextStatuses, ['processing', 'rejected'])
    assert.deepEqual(ids(await page(client, admin, '?status=completed&kind=rsa')), [
      made.completedOld,
      made.completedRsa,
    ])
    assert.deepEqual(ids(await page(client, admin, '?status=completed&kind=rsa&year=2023')), [
      made.completedOld,
    ])
    // A market data collection counts in the year of its due date.
    assert.deepEqual(ids(await page(client, admin, '?status=all&kind=market_data&year=2024')), [
      made.inReview,
      made.completedContracts,
    ])
    const all = await page(client, admin, '?status=all&year=2024')
    assert.lengthOf(all.submissions, 4)
    assert.includeMembers(all.years, [2021, 2022, 2023, 2024])
  })

  test('searches team names, file names and submitters', async ({ client, assert }) => {
    const { admin, member, bishopsgate, ids: made } = await world()
    const byTeam = await page(
      client,
      admin,
      `?status=all&q=${encodeURIComponent(bishopsgate.name)}`
    )
    assert.deepEqual(ids(byTeam), [made.inReview, made.completedContracts])
    assert.deepEqual(ids(await page(client, admin, '?status=all&q=RESUBMITTED')), [made.submitted])
    const bySubmitter = await page(client, admin, `?status=all&q=${member.email}`)
    assert.sameMembers(ids(bySubmitter), [made.submitted, made.completedOld, made.completedRsa])
    // The counts follow the search.
    assert.deepEqual(bySubmitter.counts, { completed: 2, submitted: 1 })
    assert.deepEqual(ids(await page(client, admin, '?status=all&q=100%25')), [])
  })

  test('pages through the submissions on the server', async ({ client, assert }) => {
    const { admin, aldgate } = await world()
    const collection = await makeCollection(aldgate.id, { year: 2022 })
    for (let index = 0; index < 26; index++) {
      await makeSubmission(aldgate.id, collection, { status: 'completed', withFile: false })
    }
    const first = await page(client, admin)
    assert.lengthOf(first.submissions, 25)
    assert.deepEqual(first.pagination, { total: 29, currentPage: 1, lastPage: 2 })
    const second = await page(client, admin, '?status=completed&page=2')
    assert.lengthOf(second.submissions, 4)
  })

  test('refuses a filter outside the choices', async ({ client, assert }) => {
    const { admin } = await world()
    const response = await client
      .get(`${BASE}?status=lost&kind=everything`)
      .loginAs(admin)
      .header('accept', 'application/json')
    response.assertStatus(422)
    assert.lengthOf(response.body().errors, 2)
  })
})

test.group('RSA admin: a submission file', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('streams the file as uploaded to an administrator holding the permission', async ({
    client,
    assert,
  }) => {
    const { admin, ids: made } = await world()
    const response = await client.get(`${BASE}/${made.submitted}/file`).loginAs(admin)
    response.assertStatus(200)
    // Spreadsheets may be read as buffers (another spec registers a parser for them).
    const body = response.text() ?? Buffer.from(response.body()).toString()
    assert.equal(body, 'the uploaded workbook')
    assert.include(response.header('content-disposition'), 'aldgate-resubmitted.xlsx')
  })

  test('a file name in any script (Arabic, emoji) downloads under its name', async ({
    client,
    assert,
  }) => {
    const { admin, ids: made } = await world()
    const name = 'تقرير الميزانية 😀 "2024".xlsx'
    await db
      .from('data_collection_submissions')
      .where('id', made.submitted)
      .update({ original_file_name: name })
    const response = await client.get(`${BASE}/${made.submitted}/file`).loginAs(admin)
    response.assertStatus(200)
    const header = response.header('content-disposition') ?? ''
    assert.match(header, /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/)
    assert.equal(decodeURIComponent(header.split("UTF-8''")[1]), name)
  })

  test('answers not found for a submission without a file or an unknown one', async ({
    client,
  }) => {
    const { admin, aldgate } = await world()
    const collection = await makeCollection(aldgate.id)
    const bare = await makeSubmission(aldgate.id, collection, { withFile: false })
    const response = await client.get(`${BASE}/${bare}/file`).loginAs(admin)
    response.assertStatus(404)
    const unknown = await client.get(`${BASE}/999999/file`).loginAs(admin)
    unknown.assertStatus(404)
  })

  test('refuses the file to an administrator without the permission and to a client', async ({
    client,
    assert,
  }) => {
    const { member, ids: made } = await world()
    const other = await servicesAdmin()
    const refused = await client.get(`${BASE}/${made.submitted}/file`).loginAs(other)
    refused.assertStatus(403)
    assert.notInclude(refused.text(), 'the uploaded workbook')
    const asClient = await client.get(`${BASE}/${made.submitted}/file`).loginAs(member).redirects(0)
    assert.notEqual(asClient.status(), 200)
    assert.notInclude(asClient.text(), 'the uploaded workbook')
  })

  test('refuses the list and status changes to an administrator without the permission', async ({
    client,
    assert,
  }) => {
    const { member, ids: made } = await world()
    const other = await servicesAdmin()
    const list = await client.get(BASE).loginAs(other).withInertia()
    list.assertStatus(403)
    const change = await move(client, other, made.submitted, { status: 'processing' })
    change.assertStatus(403)
    const asClient = await move(client, member, made.submitted, { status: 'processing' })
    asClient.assertStatus(403)
    assert.equal(await statusOnly(made.submitted), 'submitted')
  })
})

test.group('RSA admin: submission status changes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('moves a submission through processing and review to completed, mailing the submitter each time', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { admin, member, ids: made } = await world()
    const steps = [
      { status: 'processing', message: 'We are reading your file.' },
      { status: 'in_review', message: '' },
      { status: 'completed', message: 'Thank you: your figures are in.' },
    ]
    for (const step of steps) {
      const response = await move(client, admin, made.submitted, step)
      response.assertStatus(302)
      response.assertHeader('location', BASE)
      assert.deepEqual(await statusOf(made.submitted), {
        status: step.status,
        status_comment: step.message || null,
      })
    }

    const sent = mails.sent((message) => message instanceof SubmissionStatusMail)
    assert.lengthOf(sent, 3)
    const last = sent[2]
    last.build()
    const message = last.message.toJSON().message
    assert.deepEqual(message.to, [{ address: member.email, name: member.name }])
    assert.equal(message.subject, 'Your Spendlens submission is now completed')
    assert.include(String(message.text), 'Thank you: your figures are in.')
    assert.include(String(message.text), 'aldgate-resubmitted.xlsx')
    assert.include(String(message.text), '/rsa/data-collection?status=completed')
    assert.include(String(message.html), 'Thank you: your figures are in.')

    const audits = await db
      .from('audit_logs')
      .where({ entity_type: 'data_collection_submission', entity_id: made.submitted })
      .orderBy('id')
      .select('user_id', 'action', 'before', 'after')
    assert.deepEqual(
      audits.map((entry) => [
        entry.user_id,
        entry.action,
        JSON.parse(entry.before).status,
        JSON.parse(entry.after).status,
      ]),
      [
        [admin.id, 'update', 'submitted', 'processing'],
        [admin.id, 'update', 'processing', 'in_review'],
        [admin.id, 'update', 'in_review', 'completed'],
      ]
    )
    assert.equal(JSON.parse(audits[2].after).status_comment, 'Thank you: your figures are in.')

    const changes = await db
      .from('data_collection_status_changes')
      .where('submission_id', made.submitted)
      .whereNotNull('notified_at')
      .count('* as total')
      .firstOrFail()
    assert.equal(Number(changes.total), 3)
    const runs = await db
      .from('job_runs')
      .where({ name: 'SendSubmissionStatusMail', queue: 'mail', status: 'completed' })
      .count('* as total')
      .firstOrFail()
    assert.equal(Number(runs.total), 3)
  })

  test('rejects a submission in review, and the submitter sees why on their page', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { admin, member, ids: made } = await world()
    await move(client, admin, made.submitted, { status: 'processing' })
    const response = await move(client, admin, made.submitted, {
      status: 'rejected',
      message: 'The Providers sheet is empty.',
    })
    response.assertStatus(302)
    assert.equal(await statusOnly(made.submitted), 'rejected')
    assert.lengthOf(
      mails.sent((message) => message instanceof SubmissionStatusMail),
      2
    )

    const own = await client
      .get('/rsa/data-collection?status=rejected')
      .loginAs(member)
      .withInertia()
    own.assertStatus(200)
    const [row] = (own.inertiaProps as any).submissions
    assert.equal(row.id, made.submitted)
    assert.equal(row.statusLabel, 'Rejected')
    assert.equal(row.statusComment, 'The Providers sheet is empty.')
  })

  test('the submitter page lists submissions being processed', async ({ client, assert }) => {
    const { admin, member, ids: made } = await world()
    await move(client, admin, made.submitted, { status: 'processing' })
    const own = await client
      .get('/rsa/data-collection?status=processing')
      .loginAs(member)
      .withInertia()
    own.assertStatus(200)
    const props = own.inertiaProps as any
    assert.deepEqual(
      props.submissions.map((row: any) => [row.id, row.statusLabel]),
      [[made.submitted, 'Processing']]
    )
    assert.equal(props.counts.processing, 1)
  })

  test('refuses a move the rules do not allow and changes nothing', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const { admin, ids: made } = await world()
    const skipping = await move(client, admin, made.submitted, {
      status: 'completed',
      message: 'Straight to completed',
    })
    skipping.assertStatus(302)
    assert.deepEqual((skipping.flashMessages() as any).inputErrorsBag, {
      status: ['A submitted submission cannot be moved to completed.'],
    })
    const reopening = await move(client, admin, made.completedRsa, { status: 'processing' })
    reopening.assertStatus(302)

    assert.deepEqual(await statusOf(made.submitted), { status: 'submitted', status_comment: null })
    assert.equal(await statusOnly(made.completedRsa), 'completed')
    assert.lengthOf(mails.sent(), 0)
    const audits = await db
      .from('audit_logs')
      .where('entity_type', 'data_collection_submission')
      .count('* as total')
      .firstOrFail()
    assert.equal(Number(audits.total), 0)
    const changes = await db
      .from('data_collection_status_changes')
      .count('* as total')
      .firstOrFail()
    assert.equal(Number(changes.total), 0)
  })

  test('refuses an unknown status and an unknown submission', async ({ client, assert }) => {
    const { admin, ids: made } = await world()
    const bogus = await client
      .post(`${BASE}/${made.submitted}/status`)
      .withCsrfToken()
      .json({ status: 'approved' })
      .header('accept', 'application/json')
      .loginAs(admin)
    bogus.assertStatus(422)
    const missing = await client
      .post(`${BASE}/999999/status`)
      .withCsrfToken()
      .json({ status: 'processing' })
      .header('accept', 'application/json')
      .loginAs(admin)
    missing.assertStatus(404)
    assert.equal(await statusOnly(made.submitted), 'submitted')
  })

  test('sends the mail of a change once, however often its job runs', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { admin, ids: made } = await world()
    await move(client, admin, made.submitted, { status: 'processing', message: 'Reading it.' })
    const change = await db
      .from('data_collection_status_changes')
      .where('submission_id', made.submitted)
      .select('id')
      .firstOrFail()
    await SendSubmissionStatusMailJob.dispatch({ statusChangeId: change.id }).run()
    await SendSubmissionStatusMailJob.dispatch({ statusChangeId: change.id }).run()
    assert.lengthOf(
      mails.sent((message) => message instanceof SubmissionStatusMail),
      1
    )
  })

  test('moves the submission of a former member without a mail', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const { admin, ids: made } = await world()
    const response = await move(client, admin, made.inReview, {
      status: 'completed',
      message: 'Done.',
    })
    response.assertStatus(302)
    assert.equal(await statusOnly(made.inReview), 'completed')
    assert.lengthOf(mails.sent(), 0)
    const runs = await db.from('job_runs').count('* as total').firstOrFail()
    assert.equal(Number(runs.total), 0)
  })

  test('sends no mail to a disabled submitter', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const { admin, member, ids: made } = await world()
    await db
      .from('users')
      .where('id', member.id)
      .update({ disabled_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat) })
    const response = await move(client, admin, made.submitted, { status: 'processing' })
    response.assertStatus(302)
    assert.equal(await statusOnly(made.submitted), 'processing')
    assert.lengthOf(mails.sent(), 0)
  })
})
