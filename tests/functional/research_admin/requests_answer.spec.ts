import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import ResearchRequestMail from '#mails/research_request_mail'
import { pinClock } from '#tests/helpers/clock'
import { pathOf, textPartLink } from '#tests/helpers/mails'
import { researchProvider } from '#tests/helpers/rsa'
import { entitle, researchDocument, researchTheme, themeGroup } from '#tests/helpers/research'
import {
  REQUESTS_ADMIN,
  errorsOf,
  makeRequest,
  postRequest,
  requestField,
  requestRow,
  requestingTeam,
  researchAdministrator,
} from '#tests/helpers/research_requests'

/*
 * Research requests administration: the status lifecycle (submitted → in progress → answered or
 * declined, nothing else), the answer with the documents the requesting team may read, what the
 * requester then reads under "My requests" (and no other team), and the mail.
 */

const ANSWER = 'Here is what the providers you read wrote on the topic, and our summary.'

async function answerWorld() {
  const admin = await researchAdministrator()
  const ash = await requestingTeam('Ash Capital')
  const oak = await requestingTeam('Oak Partners')
  const alder = await researchProvider('Alder Research', 'independent')
  const beech = await researchProvider('Beech Research', 'independent')
  await entitle(ash.team, alder)
  const group = await themeGroup('Macro')
  const theme = await researchTheme('Tariffs', group)
  const doc = (provider: { id: number }, title: string, extra = {}) =>
    researchDocument({
      provider,
      title,
      publishedAt: '2026-11-10T09:00:00Z',
      themes: [theme],
      entitlement: 'paid_provider_only',
      ...extra,
    }).then((made) => made.id)
  const documents = {
    entitled: await doc(alder, 'Tariffs and autos'),
    open: await doc(beech, 'Tariffs explained', { entitlement: 'open' }),
    notEntitled: await doc(beech, 'Tariffs for subscribers'),
    withdrawn: await doc(alder, 'Tariffs withdrawn', { status: 'withdrawn' }),
  }
  const request = await makeRequest({
    team: ash.team,
    user: ash.member,
    topic: 'Tariffs on European autos',
    neededBy: '2026-12-20',
    createdAt: '2026-11-20T09:00:00Z',
  })
  return { admin, ash, oak, documents, request }
}

async function clientPage(client: ApiClient, user: User, query = '') {
  const response = await client
    .get(`/research-discovery/requests${query}`)
    .loginAs(user)
    .withInertia()
  response.assertStatus(200)
  return response.inertiaProps as any
}

async function auditTrail(requestId: number) {
  const rows = await db
    .from('audit_logs')
    .where({ entity_type: 'research_request', entity_id: requestId })
    .orderBy('id')
    .select('user_id', 'before', 'after')
  return rows.map((row) => ({
    user: Number(row.user_id),
    before: JSON.parse(row.before),
    after: JSON.parse(row.after),
  }))
}

test.group('Research requests admin | status and answer', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => pinClock('2026-11-28'))
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('takes a request in progress (assigned to the administrator) and answers it with documents', async ({
    client,
    assert,
  }) => {
    const { admin, ash, documents, request } = await answerWorld()
    const { mails } = mail.fake()

    const started = await postRequest(client, admin, request, 'status', {
      status: 'in_progress',
      message: 'We are on it.',
    })
    started.assertStatus(302)
    assert.deepInclude(await requestRow(request), { status: 'in_progress' })
    assert.equal(await requestField(request, 'assignee_id'), admin.id)

    // The detail page offers only documents the requesting team may read.
    const detail = await client
      .get(`${REQUESTS_ADMIN}/${request}?q=tariffs`)
      .loginAs(admin)
      .withInertia()
    detail.assertStatus(200)
    detail.assertInertiaComponent('admin/research/request')
    const props = detail.inertiaProps as any
    assert.sameMembers(
      props.search.results.map((row: any) => row.id),
      [documents.entitled, documents.open]
    )
    assert.deepEqual(props.request.nextStatuses, ['answered', 'declined'])

    const answered = await postRequest(client, admin, request, 'answer', {
      answer: ANSWER,
      documentIds: [documents.entitled, documents.open],
    })
    answered.assertStatus(302)
    answered.assertHeader('location', `${REQUESTS_ADMIN}/${request}`)
    assert.deepInclude(await requestRow(request), { status: 'answered', response: ANSWER })
    const links = await db
      .from('research_request_documents')
      .where('request_id', request)
      .orderBy('position')
      .select('document_id')
    assert.deepEqual(
      links.map((row) => Number(row.document_id)),
      [documents.entitled, documents.open]
    )

    // Each change audited in order, with what changed.
    const trail = await auditTrail(request)
    assert.deepEqual(
      trail.map((entry) => [entry.user, entry.before.status, entry.after.status]),
      [
        [admin.id, 'submitted', 'in_progress'],
        [admin.id, 'in_progress', 'answered'],
      ]
    )
    assert.equal(trail[0].after.assignee_id, admin.id)
    assert.equal(trail[1].after.response, ANSWER)
    assert.deepEqual(trail[1].after.document_ids, [documents.entitled, documents.open])

    // The requester was mailed at each step, through the queue, in the request's team.
    const sent = mails.sent((message) => message instanceof ResearchRequestMail)
    assert.lengthOf(sent, 2)
    const last = sent[1]
    last.build()
    const message = last.message.toJSON().message
    assert.deepEqual(message.to, [{ address: ash.member.email, name: ash.member.name }])
    assert.match(String(message.subject), /research request RR-2099-\d{4} has been answered/)
    assert.include(String(message.text), ash.team.name)
    assert.include(String(message.text), ANSWER)
    const link = textPartLink(last)
    assert.equal(
      pathOf(link),
      `/research-discovery/requests?request=${request}&team=${ash.team.id}`
    )
    assert.isTrue(link.startsWith('http://localhost:'))
    const runs = await db
      .from('job_runs')
      .where({ name: 'SendResearchRequestMail', queue: 'mail', status: 'completed' })
      .count('* as total')
      .firstOrFail()
    assert.equal(Number(runs.total), 2)
    const unsent = await db
      .from('research_request_status_changes')
      .where('request_id', request)
      .whereNull('notified_at')
      .count('* as n')
      .firstOrFail()
    assert.equal(Number(unsent.n), 0)
  })

  test('the requester reads the answer under My requests; the mail’s link opens it; no other team sees it', async ({
    client,
    assert,
  }) => {
    const { admin, ash, oak, documents, request } = await answerWorld()
    const { mails } = mail.fake()
    await postRequest(client, admin, request, 'status', { status: 'in_progress' })
    const answered = await postRequest(client, admin, request, 'answer', {
      answer: ANSWER,
      documentIds: [documents.entitled],
    })
    answered.assertStatus(302)

    const [sentMail] = mails.sent((message) => message instanceof ResearchRequestMail).slice(-1)
    const opened = await client
      .get(pathOf(textPartLink(sentMail)))
      .loginAs(ash.member)
      .withInertia()
    opened.assertStatus(200)
    opened.assertInertiaComponent('research/requests')
    const props = opened.inertiaProps as any
    assert.equal(props.opened, request)
    const mine = props.requests.find((row: any) => row.id === request)
    assert.equal(mine.status, 'answered')
    assert.equal(mine.response.text, ANSWER)
    assert.deepEqual(
      mine.response.documents.map((row: any) => [row.id, row.title]),
      [[documents.entitled, 'Tariffs and autos']]
    )

    // Another team's member sees neither the request nor its answer, even asked by id.
    const others = await clientPage(client, oak.member, `?request=${request}`)
    assert.lengthOf(others.requests, 0)
    assert.isNull(others.opened)

    // A document the team may no longer read drops out of the answer.
    await db.from('research_documents').where('id', documents.entitled).update({
      status: 'withdrawn',
    })
    const after = await clientPage(client, ash.member)
    assert.deepEqual(after.requests.find((row: any) => row.id === request).response.documents, [])
  })

  test('refuses a document the requesting team may not read, and unknown ones', async ({
    client,
    assert,
  }) => {
    const { admin, ash, documents, request } = await answerWorld()
    await postRequest(client, admin, request, 'status', { status: 'in_progress' })
    const cases: [number[], string][] = [
      [[documents.entitled, documents.notEntitled], `${ash.team.name} may not read`],
      [[documents.withdrawn], `${ash.team.name} may not read`],
      [[documents.entitled, 987_654], 'Choose the documents from the search results'],
      [[documents.open, documents.open], 'Link each document once'],
    ]
    for (const [documentIds, words] of cases) {
      const response = await postRequest(client, admin, request, 'answer', {
        answer: ANSWER,
        documentIds,
      })
      assert.equal(response.status(), 422, JSON.stringify(documentIds))
      assert.include(errorsOf(response.body()).documentIds, words)
    }
    assert.deepInclude(await requestRow(request), { status: 'in_progress', response: null })
    const links = await db
      .from('research_request_documents')
      .where('request_id', request)
      .count('* as n')
      .firstOrFail()
    assert.equal(Number(links.n), 0)
    assert.lengthOf(await auditTrail(request), 1)
  })

  test('refuses impossible transitions', async ({ client, assert }) => {
    const { admin, request } = await answerWorld()
    // Submitted: not answered before it is taken on, not back to submitted.
    const early = await postRequest(client, admin, request, 'answer', { answer: ANSWER })
    assert.equal(early.status(), 422)
    assert.include(errorsOf(early.body()).status, 'in progress before answering')
    const back = await postRequest(client, admin, request, 'status', { status: 'submitted' })
    assert.equal(back.status(), 422)
    assert.include(errorsOf(back.body()).status, 'cannot be moved to submitted')
    // Answered only through the answer form.
    await postRequest(client, admin, request, 'status', { status: 'in_progress' })
    const viaStatus = await postRequest(client, admin, request, 'status', { status: 'answered' })
    assert.equal(viaStatus.status(), 422)
    assert.include(errorsOf(viaStatus.body()).status, 'answer form')
    // Final states stay final.
    await postRequest(client, admin, request, 'answer', { answer: ANSWER })
    for (const status of ['in_progress', 'declined', 'submitted']) {
      const response = await postRequest(client, admin, request, 'status', {
        status,
        message: 'Reopening this one for more work.',
      })
      assert.equal(response.status(), 422, status)
      assert.include(
        errorsOf(response.body()).status,
        'A request that is answered cannot be moved',
        status
      )
    }
    const again = await postRequest(client, admin, request, 'answer', { answer: ANSWER })
    assert.equal(again.status(), 422)
    assert.equal(await requestField(request, 'status'), 'answered')
    assert.lengthOf(await auditTrail(request), 2)
  })

  test('declines with the reason the requester reads, and mails it', async ({ client, assert }) => {
    const { admin, ash, request } = await answerWorld()
    const { mails } = mail.fake()
    const short = await postRequest(client, admin, request, 'status', {
      status: 'declined',
      message: 'No.',
    })
    assert.equal(short.status(), 422)
    assert.include(errorsOf(short.body()).message, 'why the request is declined')
    const reason = 'No provider you read covers this topic.'
    const declined = await postRequest(client, admin, request, 'status', {
      status: 'declined',
      message: reason,
    })
    declined.assertStatus(302)
    assert.deepInclude(await requestRow(request), { status: 'declined', response: reason })
    const props = await clientPage(client, ash.member)
    const mine = props.requests.find((row: any) => row.id === request)
    assert.deepInclude(mine, { status: 'declined' })
    assert.equal(mine.response.text, reason)
    const sent = mails.sent((message) => message instanceof ResearchRequestMail)
    assert.lengthOf(sent, 1)
    sent[0].build()
    assert.include(String(sent[0].message.toJSON().message.subject), 'has been declined')
  })

  test('refuses bad inputs with the form’s words', async ({ client, assert }) => {
    const { admin, request } = await answerWorld()
    await postRequest(client, admin, request, 'status', { status: 'in_progress' })
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'answer', 'Write the answer'],
      [{ answer: 'Too short.' }, 'answer', 'at least 20 characters'],
      [{ answer: 'x'.repeat(8001) }, 'answer', 'at most 8000'],
      [{ answer: ANSWER, documentIds: 'all' }, 'documentIds', 'search results'],
      [{ answer: ANSWER, documentIds: [-1] }, 'documentIds.0', 'search results'],
      [
        { answer: ANSWER, documentIds: Array.from({ length: 21 }, (_, i) => i + 1) },
        'documentIds',
        'at most 20',
      ],
    ]
    for (const [body, field, words] of cases) {
      const response = await postRequest(client, admin, request, 'answer', body)
      assert.equal(response.status(), 422, JSON.stringify(body).slice(0, 80))
      assert.include(errorsOf(response.body())[field], words, JSON.stringify(body).slice(0, 80))
    }
    for (const body of [{}, { status: 'closed' }]) {
      const response = await postRequest(client, admin, request, 'status', body)
      assert.equal(response.status(), 422)
      assert.match(errorsOf(response.body()).status, /Choose the new status/)
    }
    const long = await postRequest(client, admin, request, 'status', {
      status: 'declined',
      message: 'x'.repeat(2001),
    })
    assert.include(errorsOf(long.body()).message, 'at most 2000')
    assert.equal(await requestField(request, 'status'), 'in_progress')
    const missing = await client.get(`${REQUESTS_ADMIN}/987654`).loginAs(admin).withInertia()
    assert.equal(missing.status(), 404)
  })
})
