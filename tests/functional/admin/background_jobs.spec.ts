import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { insertReturningId } from '#services/db/insert'
import SubmissionStatusMail from '#mails/submission_status_mail'
import { makeUser } from '#tests/helpers/accounts'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'

const BASE = '/admin/background-jobs'

async function jobRun(values: {
  name?: string
  status: string
  payload?: object
  startedAt: string
  finishedAt?: string | null
  error?: string | null
  attempt?: number
}) {
  return insertReturningId(db.connection(), 'job_runs', {
    job_id: `job-${Math.random().toString(36).slice(2)}`,
    name: values.name ?? 'SendSubmissionStatusMail',
    queue: 'mail',
    payload: JSON.stringify(values.payload ?? { statusChangeId: 1 }),
    status: values.status,
    attempt: values.attempt ?? 4,
    max_attempts: 4,
    error: values.error ?? null,
    started_at: values.startedAt,
    finished_at: values.finishedAt === undefined ? values.startedAt : values.finishedAt,
  })
}

/**
 * A status change of a submission whose mail failed for good (the SMTP server refused it four
 * times), one completed run and one of a job this page does not know.
 */
async function world() {
  const { team } = await rsaTeam()
  const member = await rsaMember(team)
  const collection = await makeCollection(team.id)
  const submission = await makeSubmission(team.id, collection, {
    status: 'processing',
    userId: member.id,
  })
  const changeId = await insertReturningId(db.connection(), 'data_collection_status_changes', {
    submission_id: submission,
    from_status: 'submitted',
    to_status: 'processing',
    message: 'We are reading your file.',
    created_at: '2024-05-01 10:00:00',
  })
  const failed = await jobRun({
    status: 'failed',
    payload: { statusChangeId: changeId },
    startedAt: '2024-05-01 10:00:00',
    finishedAt: '2024-05-01 10:00:02',
    error: 'Connection refused by smtp.example.com',
  })
  const completed = await jobRun({
    status: 'completed',
    startedAt: '2024-05-01 09:00:00',
    attempt: 1,
  })
  const unknown = await jobRun({
    name: 'DropEveryTable',
    status: 'failed',
    startedAt: '2024-04-30 09:00:00',
    error: 'Not allowed',
  })
  const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
  return { admin, member, failed, completed, unknown, changeId }
}

async function page(client: ApiClient, user: User, query = '') {
  const response = await client.get(`${BASE}${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('admin/background_jobs')
  return response.inertiaProps as any
}

function runAgain(client: ApiClient, user: User, id: number) {
  return client
    .post(`${BASE}/${id}/run-again`)
    .withCsrfToken()
    .header('referer', BASE)
    .loginAs(user)
    .redirects(0)
}

test.group('Admin: background jobs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('lists failed runs by default, with their error, attempts and duration', async ({
    client,
    assert,
  }) => {
    const { admin, failed, unknown } = await world()
    const props = await page(client, admin)
    assert.equal(props.status, 'failed')
    assert.deepEqual(
      props.runs.map((run: any) => run.id),
      [failed, unknown]
    )
    assert.deepInclude(props.runs[0], {
      name: 'SendSubmissionStatusMail',
      queue: 'mail',
      status: 'failed',
      attempt: 4,
      maxAttempts: 4,
      error: 'Connection refused by smtp.example.com',
      durationMs: 2000,
      retriedAs: null,
      canRunAgain: true,
    })
    assert.isFalse(props.runs[1].canRunAgain)
    assert.deepEqual(props.counts, { failed: 2, completed: 1 })
    assert.deepEqual(props.pagination, { total: 2, currentPage: 1, lastPage: 1 })
    const all = await page(client, admin, '?status=all')
    assert.lengthOf(all.runs, 3)
    const completed = await page(client, admin, '?status=completed')
    assert.lengthOf(completed.runs, 1)
  })

  test('runs a failed job again with its payload, once, and links the new run', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { admin, member, failed, changeId } = await world()
    const response = await runAgain(client, admin, failed)
    response.assertStatus(302)
    response.assertHeader('location', BASE)

    const sent = mails.sent((message) => message instanceof SubmissionStatusMail)
    assert.lengthOf(sent, 1)
    sent[0].build()
    assert.deepEqual(sent[0].message.toJSON().message.to, [
      { address: member.email, name: member.name },
    ])

    const original = await db.from('job_runs').where('id', failed).firstOrFail()
    assert.isNotNull(original.retried_as)
    const retry = await db.from('job_runs').where('id', original.retried_as).firstOrFail()
    assert.equal(retry.status, 'completed')
    assert.equal(retry.name, 'SendSubmissionStatusMail')
    assert.notEqual(retry.job_id, '')
    assert.deepEqual(JSON.parse(retry.payload), { statusChangeId: changeId })
    const change = await db
      .from('data_collection_status_changes')
      .where('id', changeId)
      .firstOrFail()
    assert.isNotNull(change.notified_at)

    const entry = await db
      .from('audit_logs')
      .where({ entity_type: 'job_run', entity_id: failed })
      .firstOrFail()
    assert.equal(entry.user_id, admin.id)
    assert.deepEqual(JSON.parse(entry.after), { retried_as: Number(original.retried_as) })

    // The page shows the link; a second click runs nothing.
    const props = await page(client, admin, '?status=all')
    const row = props.runs.find((run: any) => run.id === failed)
    assert.equal(row.retriedAs, Number(original.retried_as))
    assert.isFalse(row.canRunAgain)
    const again = await runAgain(client, admin, failed)
    again.assertStatus(302)
    assert.equal(again.flashMessages().error, 'This run was already run again.')
    assert.lengthOf(mails.sent(), 1)
  })

  test('refuses to run an unknown job or a run that did not fail', async ({ client, assert }) => {
    const { admin, unknown, completed } = await world()
    const refused = await runAgain(client, admin, unknown)
    refused.assertStatus(302)
    assert.equal(
      refused.flashMessages().error,
      'DropEveryTable is not a job that can be run again from here.'
    )
    const notFailed = await runAgain(client, admin, completed)
    assert.equal(notFailed.flashMessages().error, 'Only a failed run can be run again.')
    const missing = await runAgain(client, admin, 999999)
    missing.assertStatus(404)

    const runs = await db.from('job_runs').count('* as total').firstOrFail()
    assert.equal(Number(runs.total), 3)
    const retried = await db.from('job_runs').whereNotNull('retried_as').count('* as total').first()
    assert.equal(Number(retried!.total), 0)
    const audits = await db
      .from('audit_logs')
      .where('entity_type', 'job_run')
      .count('* as total')
      .firstOrFail()
    assert.equal(Number(audits.total), 0)
  })

  test('opens to every administrator, and to nobody else', async ({ client }) => {
    const { member, failed } = await world()
    const marketData = await makeUser({
      isAdministrator: true,
      roles: ['Market data administrator'],
    })
    const list = await client.get(BASE).loginAs(marketData).withInertia()
    list.assertStatus(200)
    const asClient = await client.get(BASE).loginAs(member).withInertia()
    asClient.assertStatus(403)
    const clientRetry = await runAgain(client, member, failed)
    clientRetry.assertStatus(403)
    const anonymous = await client.get(BASE).redirects(0)
    anonymous.assertStatus(302)
    anonymous.assertHeader('location', '/login')
  })

  test('shows and runs again only the jobs of the areas the administrator’s permissions cover', async ({
    client,
    assert,
  }) => {
    const { admin, failed, completed, unknown } = await world()
    const at = '2024-05-02 08:00:00'
    const importRun = await jobRun({ name: 'CommitRsaImport', status: 'failed', startedAt: at })
    const reportRun = await jobRun({
      name: 'SendInsightsReportNotifications',
      status: 'failed',
      startedAt: at,
    })
    const trendingRun = await jobRun({
      name: 'ComputeTrendingThemes',
      status: 'failed',
      startedAt: at,
    })
    // As in the demo: market data and providers only; research spend, providers and discovery.
    const marketData = await makeUser({
      isAdministrator: true,
      roles: ['Market data administrator'],
    })
    const research = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const byNumber = (a: number, b: number) => a - b
    const ids = (props: any) => props.runs.map((run: any) => run.id).sort(byNumber)

    const none = await page(client, marketData, '?status=all')
    assert.deepEqual(none.runs, [])
    assert.deepEqual(none.counts, {})
    assert.equal(none.pagination.total, 0)
    const refused = await runAgain(client, marketData, failed)
    refused.assertStatus(403)
    const untouched = await db.from('job_runs').where('id', failed).firstOrFail()
    assert.isNull(untouched.retried_as)

    const own = await page(client, research, '?status=all')
    assert.deepEqual(ids(own), [failed, completed, importRun, trendingRun].sort(byNumber))
    assert.deepEqual(own.counts, { failed: 3, completed: 1 })
    const otherArea = await runAgain(client, research, reportRun)
    otherArea.assertStatus(403)
    const unknownJob = await runAgain(client, research, unknown)
    unknownJob.assertStatus(403)
    const audits = await db.from('audit_logs').where('entity_type', 'job_run')
    assert.lengthOf(audits, 0)

    // Every permission: every job, including those of no area.
    const all = await page(client, admin, '?status=all')
    assert.deepEqual(
      ids(all),
      [failed, completed, unknown, importRun, reportRun, trendingRun].sort(byNumber)
    )
  })
})
