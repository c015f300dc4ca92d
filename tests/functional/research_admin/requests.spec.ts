import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import type User from '#models/user'
import { makeUser } from '#tests/helpers/accounts'
import { pinClock } from '#tests/helpers/clock'
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
 * Research requests administration (`researchRequestsAdmin`): the queue of every team's
 * requests with its filters (status, team, assignee, overdue) and age, the assignment to an
 * administrator who works on research discovery, and who may reach any of it.
 */

async function page(client: ApiClient, user: User, query = '') {
  const response = await client.get(`${REQUESTS_ADMIN}${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('admin/research/requests')
  return response.inertiaProps as any
}

const refs = (props: any) => props.requests.map((row: any) => row.topic)

/** Two teams' requests in every state, on 28 November 2026. */
async function queueWorld() {
  const admin = await researchAdministrator()
  const colleague = await researchAdministrator()
  const ash = await requestingTeam('Ash Capital')
  const oak = await requestingTeam('Oak Partners')
  const made = {
    overdue: await makeRequest({
      team: ash.team,
      user: ash.member,
      topic: 'Ash overdue',
      neededBy: '2026-11-20',
      createdAt: '2026-11-01T09:00:00Z',
    }),
    mine: await makeRequest({
      team: ash.team,
      user: ash.member,
      topic: 'Ash in progress',
      status: 'in_progress',
      neededBy: '2026-12-10',
      createdAt: '2026-11-20T09:00:00Z',
      assigneeId: admin.id,
    }),
    colleagues: await makeRequest({
      team: oak.team,
      user: oak.member,
      topic: 'Oak submitted',
      neededBy: '2026-12-01',
      createdAt: '2026-11-27T09:00:00Z',
      assigneeId: colleague.id,
    }),
    answered: await makeRequest({
      team: oak.team,
      user: oak.member,
      topic: 'Oak answered',
      status: 'answered',
      neededBy: '2026-11-10',
      createdAt: '2026-10-01T09:00:00Z',
      assigneeId: admin.id,
    }),
    declined: await makeRequest({
      team: ash.team,
      user: null,
      topic: 'Ash declined',
      status: 'declined',
      neededBy: '2026-11-25',
      createdAt: '2026-11-02T09:00:00Z',
    }),
  }
  return { admin, colleague, ash, oak, made }
}

test.group('Research requests admin | the queue', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => pinClock('2026-11-28'))

  test('lists the open requests of every team, the neediest first, with age and overdue', async ({
    client,
    assert,
  }) => {
    const { admin, ash, made } = await queueWorld()
    const props = await page(client, admin)
    assert.equal(props.filters.status, 'open')
    assert.deepEqual(refs(props), ['Ash overdue', 'Oak submitted', 'Ash in progress'])
    const overdue = props.requests[0]
    assert.deepInclude(overdue, {
      id: made.overdue,
      team: { id: ash.team.id, name: ash.team.name },
      requester: { name: ash.member.name, email: ash.member.email },
      neededBy: '2026-11-20',
      overdue: true,
      status: 'submitted',
      statusLabel: 'Submitted',
      assignee: null,
      ageDays: 27,
    })
    assert.isFalse(props.requests[1].overdue)
    assert.equal(props.requests[1].ageDays, 1)
    assert.equal(props.requests[2].assignee.id, admin.id)
    assert.equal(props.pagination.total, 3)
    // Every team that sent a request, and the administrators who may be assigned.
    assert.includeMembers(
      props.teams.map((team: any) => team.name),
      ['Ash Capital', 'Oak Partners']
    )
    assert.includeMembers(
      props.assignees.map((person: any) => person.id),
      [admin.id]
    )
  })

  test('filters by status, team, assignee and overdue', async ({ client, assert }) => {
    const { admin, colleague, oak } = await queueWorld()
    assert.deepEqual(refs(await page(client, admin, '?status=answered')), ['Oak answered'])
    assert.deepEqual(refs(await page(client, admin, '?status=declined')), ['Ash declined'])
    assert.deepEqual(refs(await page(client, admin, '?status=all')), [
      'Oak answered',
      'Ash overdue',
      'Ash declined',
      'Oak submitted',
      'Ash in progress',
    ])
    assert.deepEqual(refs(await page(client, admin, `?status=all&team=${oak.team.id}`)), [
      'Oak answered',
      'Oak submitted',
    ])
    assert.deepEqual(refs(await page(client, admin, '?assignee=me')), ['Ash in progress'])
    assert.deepEqual(refs(await page(client, admin, `?assignee=${colleague.id}`)), [
      'Oak submitted',
    ])
    assert.deepEqual(refs(await page(client, admin, '?assignee=none')), ['Ash overdue'])
    // Overdue: open and past the needed-by date (the answered one past its date is not).
    assert.deepEqual(refs(await page(client, admin, '?status=all&overdue=1')), ['Ash overdue'])
  })

  test('a filter it does not understand shows the open requests and says so', async ({
    client,
    assert,
  }) => {
    const { admin } = await queueWorld()
    for (const query of ['?status=lost', '?team=abc', '?assignee=someone', '?overdue=maybe']) {
      const props = await page(client, admin, query)
      assert.equal(props.filters.status, 'open', query)
      assert.lengthOf(props.requests, 3, query)
      assert.include(props.notice, 'not understood', query)
    }
  })

  test('pages the queue by the list rule', async ({ client, assert }) => {
    const admin = await researchAdministrator()
    const { team, member } = await requestingTeam('Elm Funds')
    for (let day = 1; day <= 27; day++) {
      await makeRequest({
        team,
        user: member,
        neededBy: `2026-12-${String(day).padStart(2, '0')}`,
        createdAt: '2026-11-27T09:00:00Z',
        topic: `Elm ${day}`,
      })
    }
    const second = await page(client, admin, '?page=2')
    assert.deepEqual(second.pagination, { total: 27, currentPage: 2, lastPage: 2 })
    assert.deepEqual(refs(second), ['Elm 26', 'Elm 27'])
    const past = await page(client, admin, '?page=9')
    assert.equal(past.pagination.currentPage, 2)
    assert.isString(past.pageNotice)
  })
})

test.group('Research requests admin | assignment', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => pinClock('2026-11-28'))

  test('assigns a request to an administrator of research discovery, audited', async ({
    client,
    assert,
  }) => {
    const { admin, colleague, made } = await queueWorld()
    const response = await postRequest(client, admin, made.overdue, 'assign', {
      assigneeId: colleague.id,
    })
    response.assertStatus(302)
    response.assertHeader('location', `${REQUESTS_ADMIN}/${made.overdue}`)
    assert.equal(await requestField(made.overdue, 'assignee_id'), colleague.id)

    // Unassigned again.
    const unassigned = await postRequest(client, admin, made.overdue, 'assign', {
      assigneeId: null,
    })
    unassigned.assertStatus(302)
    assert.isNull(await requestField(made.overdue, 'assignee_id'))

    const audits = await db
      .from('audit_logs')
      .where({ entity_type: 'research_request', entity_id: made.overdue })
      .orderBy('id')
      .select('user_id', 'action', 'summary', 'before', 'after')
    assert.deepEqual(
      audits.map((entry) => [
        entry.user_id,
        entry.action,
        JSON.parse(entry.before).assignee_id,
        JSON.parse(entry.after).assignee_id,
      ]),
      [
        [admin.id, 'update', null, colleague.id],
        [admin.id, 'update', colleague.id, null],
      ]
    )
    assert.include(audits[0].summary, 'assigned to')
  })

  test('refuses as assignee a client, an administrator without the permission, a disabled one', async ({
    client,
    assert,
  }) => {
    const { admin, ash, made } = await queueWorld()
    const clientsAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const disabled = await researchAdministrator()
    disabled.disabledAt = DateTime.utc()
    await disabled.save()
    // A former administrator whose role is still attached cannot be assigned either.
    const roleHolder = await researchAdministrator()
    roleHolder.isAdministrator = false
    await roleHolder.save()
    for (const person of [ash.member, clientsAdmin, disabled, roleHolder]) {
      const response = await postRequest(client, admin, made.overdue, 'assign', {
        assigneeId: person.id,
      })
      assert.equal(response.status(), 422)
      assert.include(errorsOf(response.body()).assigneeId, 'works on research discovery')
    }
    assert.isNull(await requestField(made.overdue, 'assignee_id'))
    const audits = await db
      .from('audit_logs')
      .where({ entity_type: 'research_request', entity_id: made.overdue })
      .count('* as n')
      .firstOrFail()
    assert.equal(Number(audits.n), 0)
  })

  test('refuses bad inputs with the form’s words', async ({ client, assert }) => {
    const { admin, made } = await queueWorld()
    for (const body of [{ assigneeId: 'someone' }, { assigneeId: -4 }, { assigneeId: 1.5 }, {}]) {
      const response = await postRequest(client, admin, made.overdue, 'assign', body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.match(errorsOf(response.body()).assigneeId, /Choose an administrator/)
    }
    const missing = await postRequest(client, admin, 987_654, 'assign', { assigneeId: admin.id })
    assert.equal(missing.status(), 404)
  })
})

test.group('Research requests admin | who may reach it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => pinClock('2026-11-28'))

  test('refuses the pages and every write to clients and to administrators without the permission', async ({
    client,
    assert,
  }) => {
    const { admin, ash, made } = await queueWorld()
    const other = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    for (const user of [ash.member, other]) {
      for (const path of [REQUESTS_ADMIN, `${REQUESTS_ADMIN}/${made.overdue}`]) {
        const response = await client.get(path).loginAs(user).redirects(0)
        assert.notEqual(response.status(), 200, path)
      }
      const writes = [
        postRequest(client, user, made.overdue, 'assign', { assigneeId: admin.id }),
        postRequest(client, user, made.overdue, 'status', { status: 'in_progress' }),
        postRequest(client, user, made.mine, 'answer', {
          answer: 'An answer long enough to be sent to the client.',
        }),
      ]
      for (const response of await Promise.all(writes)) {
        assert.include([302, 403, 404], response.status())
      }
    }
    assert.deepInclude(await requestRow(made.overdue), { status: 'submitted', assignee_id: null })
    assert.equal(await requestField(made.mine, 'status'), 'in_progress')
    const audits = await db
      .from('audit_logs')
      .where('entity_type', 'research_request')
      .count('* as n')
      .firstOrFail()
    assert.equal(Number(audits.n), 0)
  })
})
