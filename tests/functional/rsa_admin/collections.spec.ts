import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { pinClock } from '#tests/helpers/clock'
import { MODULES } from '#shared/modules'
import mail from '@adonisjs/mail/services/main'
import DataCollectionOpenedMail from '#mails/data_collection_opened_mail'
import SendDataCollectionNoticesJob from '#jobs/send_data_collection_notices_job'

const BASE = '/admin/research-spend-analytics/data-collections'

const rsaAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })

/** Every collection of a kind and year, by team. */
async function collectionsOf(kind: string, year: number) {
  const rows = await db
    .from('data_collections')
    .where({ kind, year })
    .orderBy('team_id')
    .select('team_id', 'name', 'due_date', 'status')
  return rows.map((row) => ({
    team: Number(row.team_id),
    name: row.name as string,
    due: String(row.due_date instanceof Date ? row.due_date.toISOString() : row.due_date).slice(
      0,
      10
    ),
    status: row.status as string,
  }))
}

/** The collections a member sees on the team's data collection page. */
async function collectionIdsSeenBy(client: ApiClient, member: User): Promise<number[]> {
  const page = await client.get('/rsa/data-collection').loginAs(member).withInertia()
  return (page.inertiaProps as any).collections.map((entry: any) => entry.id)
}

/** The audit entry of a round's change (closed, reopened, a new due date). */
const roundUpdateAudit = () =>
  db.from('audit_logs').where({ entity_type: 'data_collection', action: 'update' }).firstOrFail()

/**
 * Sends `fields` over the valid `base` to `path` as JSON and expects a 422 whose error for
 * `field` matches `message`.
 */
function refuser(
  client: ApiClient,
  assert: Assert,
  admin: User,
  path: string,
  base: Record<string, unknown>
) {
  return async (fields: Record<string, unknown>, field: string, message: RegExp) => {
    const response = await client
      .post(path)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .accept('json')
      .json({ ...base, ...fields })
    assert.equal(response.status(), 422, JSON.stringify(fields))
    const error = response.body().errors.find((entry: any) => entry.field === field)
    assert.exists(error, JSON.stringify(response.body()))
    assert.match(error.message, message)
  }
}

test.group('Data collection rounds (rsaDataCollections)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => pinClock('2026-11-28'))

  test('opens next year for every team with Research Spend Analytics not yet asked; its members see it at once and upload to it', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    const { team: aldgate } = await rsaTeam()
    const { team: bishopsgate } = await rsaTeam()
    const member = await rsaMember(aldgate)
    // Already asked for 2027: left as it is.
    await makeCollection(bishopsgate.id, { year: 2027, dueDate: '2027-01-31', name: 'Early' })
    // Market data only: not asked for research spend.
    const contractsOnly = await makeTeam({ modules: [MODULES.marketDataDataCollection] })

    const opened = await client
      .post(BASE)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .form({ kind: 'rsa', year: 2027, dueDate: '2027-01-15' })
    opened.assertStatus(302)
    opened.assertFlashMessage(
      'success',
      '“Research spend 2027” is open for 1 team. 1 team already had one. 1 member is told by mail.'
    )

    const rows = await collectionsOf('rsa', 2027)
    const byTeam = new Map(rows.map((row) => [row.team, row]))
    assert.deepEqual(byTeam.get(aldgate.id), {
      team: aldgate.id,
      name: 'Research spend 2027',
      due: '2027-01-15',
      status: 'open',
    })
    assert.equal(byTeam.get(bishopsgate.id)?.name, 'Early')
    assert.isUndefined(byTeam.get(contractsOnly.id))

    const audit = await db
      .from('audit_logs')
      .where({ entity_type: 'data_collection', action: 'create' })
      .firstOrFail()
    assert.equal(audit.user_id, admin.id)
    assert.include(audit.summary, 'Research spend 2027')
    assert.include(JSON.parse(audit.after).teams, aldgate.name)

    // The member's data collection page offers it.
    const page = await client.get('/rsa/data-collection').loginAs(member).withInertia()
    page.assertStatus(200)
    const offered = (page.inertiaProps as any).collections as { name: string; year: number }[]
    assert.deepInclude(
      offered.map((collection) => ({ name: collection.name, year: collection.year })),
      { name: 'Research spend 2027', year: 2027 }
    )

    // The rounds list counts it.
    const list = await client.get(BASE).loginAs(admin).withInertia()
    list.assertStatus(200)
    const round = (list.inertiaProps as any).rounds.find(
      (entry: any) => entry.name === 'Research spend 2027'
    )
    assert.deepInclude(round, {
      kind: 'rsa',
      year: 2027,
      status: 'open',
      teams: 1,
      firstDue: '2027-01-15',
      lastDue: '2027-01-15',
      submitted: 0,
      completed: 0,
    })
    assert.includeMembers((list.inertiaProps as any).years, [2026, 2027])
  })

  test('the members of the teams asked are told once by mail, in their team; nobody else is', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const admin = await rsaAdmin()
    const { team: aldgate } = await rsaTeam()
    const { team: bishopsgate } = await rsaTeam()
    const { team: cheapside } = await rsaTeam()
    const told = await rsaMember(aldgate)
    const alsoTold = await rsaMember(bishopsgate)
    const disabled = await rsaMember(aldgate)
    disabled.disabledAt = DateTime.utc()
    await disabled.save()
    const unconfirmed = await makeUser({ teams: [aldgate], emailVerified: false })
    // Asked already: its member hears nothing of this round.
    await makeCollection(cheapside.id, { year: 2027, dueDate: '2027-01-31', name: 'Early' })
    const notAsked = await rsaMember(cheapside)

    const recipients = () =>
      mails
        .sent((message) => message instanceof DataCollectionOpenedMail)
        .map((message) => {
          message.build()
          return message.message.toJSON().message
        })
    const addressOf = (message: { to?: unknown }) =>
      (message.to as { address: string }[])[0].address

    const opened = await client
      .post(BASE)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .form({ kind: 'rsa', year: 2027, dueDate: '2027-01-15' })
    opened.assertFlashMessage(
      'success',
      '“Research spend 2027” is open for 2 teams. 1 team already had one. 2 members are told by mail.'
    )
    const sent = recipients()
    assert.sameMembers(sent.map(addressOf), [told.email, alsoTold.email])
    const toAldgate = sent.find((message) => addressOf(message) === told.email)!
    assert.equal(
      toAldgate.subject,
      `Spendlens: ${aldgate.name} is asked for its research spend for 2027 (due 15 Jan 2027)`
    )
    assert.include(String(toAldgate.text), '“Research spend 2027” is due on 15 Jan 2027')
    assert.include(
      String(toAldgate.html),
      `You receive this message because you are a member of ${aldgate.name} on Spendlens.`
    )
    assert.notInclude(String(toAldgate.html), 'an action was taken on your')
    // The link opens the page in the collection's team, whatever team the reader works in.
    assert.include(String(toAldgate.text), `/rsa/data-collection?team=${aldgate.id}`)
    assert.include(String(toAldgate.html), `/rsa/data-collection?team=${aldgate.id}`)
    for (const user of [disabled, unconfirmed, notAsked]) {
      assert.notInclude(sent.map(addressOf), user.email)
    }

    // What is checked when the mails go out: a member who left the team and a closed collection
    // get nothing; a notice still due is sent; nothing is sent twice.
    const collectionOf = async (teamId: number) => {
      const row = await db
        .from('data_collections')
        .where({ team_id: teamId, kind: 'rsa', year: 2027 })
        .firstOrFail()
      return Number(row.id)
    }
    const left = await rsaMember(aldgate)
    const ofClosed = await rsaMember(bishopsgate)
    const stillDue = await rsaMember(aldgate)
    const aldgateCollection = await collectionOf(aldgate.id)
    const bishopsgateCollection = await collectionOf(bishopsgate.id)
    await db.table('data_collection_notices').multiInsert(
      (
        [
          [left, aldgateCollection],
          [ofClosed, bishopsgateCollection],
          [stillDue, aldgateCollection],
        ] as const
      ).map(([user, collection]) => ({
        data_collection_id: collection,
        user_id: user.id,
        created_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
      }))
    )
    await db.from('team_user').where({ team_id: aldgate.id, user_id: left.id }).delete()
    await db
      .from('data_collections')
      .where('id', bishopsgateCollection)
      .update({ status: 'closed' })
    for (let run = 0; run < 2; run++) {
      await SendDataCollectionNoticesJob.dispatch({
        kind: 'rsa',
        year: 2027,
        name: 'Research spend 2027',
      }).run()
    }
    assert.sameMembers(recipients().map(addressOf), [told.email, alsoTold.email, stillDue.email])
    const unsent = await db.from('data_collection_notices').whereNull('notified_at')
    assert.lengthOf(unsent, 0)
  })

  test('one team, another kind, a name of its own; refused when the team may not be asked or was asked already', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    const contracts = await makeTeam({ modules: [MODULES.marketDataDataCollection] })
    const { team: researchOnly } = await rsaTeam()
    const post = (fields: Record<string, unknown>) =>
      client.post(BASE).loginAs(admin).withCsrfToken().redirects(0).accept('json').json(fields)

    const opened = await post({
      kind: 'market_data',
      year: 2027,
      dueDate: '2027-02-28',
      name: '  Contracts renewal 2027 ',
      teamId: contracts.id,
    })
    opened.assertStatus(302)
    assert.deepEqual(await collectionsOf('market_data', 2027), [
      { team: contracts.id, name: 'Contracts renewal 2027', due: '2027-02-28', status: 'open' },
    ])

    const again = await post({
      kind: 'market_data',
      year: 2027,
      dueDate: '2027-02-28',
      teamId: contracts.id,
    })
    again.assertStatus(422)
    assert.equal(again.body().errors[0].field, 'teamId')
    assert.include(again.body().errors[0].message, 'already has a 2027 collection')

    const wrongModule = await post({
      kind: 'market_data',
      year: 2027,
      dueDate: '2027-02-28',
      teamId: researchOnly.id,
    })
    wrongModule.assertStatus(422)
    assert.equal(
      wrongModule.body().errors[0].message,
      'Choose a team with Market data data collection.'
    )
    assert.lengthOf(await collectionsOf('market_data', 2027), 1)
  })

  test('a team whose market data collection predates collection years counts as asked for its due date’s year', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    const asked = await makeTeam({ modules: [MODULES.marketDataDataCollection] })
    const other = await makeTeam({ modules: [MODULES.marketDataDataCollection] })
    await makeCollection(asked.id, {
      kind: 'market_data',
      year: null,
      dueDate: '2026-12-31',
      name: 'Market data contracts',
    })
    const response = await client
      .post(BASE)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .form({ kind: 'market_data', year: 2026, dueDate: '2026-12-20' })
    response.assertFlashMessage(
      'success',
      '“Market data contracts 2026” is open for 1 team. 1 team already had one.'
    )
    const opened = await collectionsOf('market_data', 2026)
    assert.deepEqual(
      opened.map((row) => row.team),
      [other.id]
    )
  })

  test('bad input is refused with the field’s message and opens nothing', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    await rsaTeam()
    const refused = refuser(client, assert, admin, BASE, {
      kind: 'rsa',
      year: 2027,
      dueDate: '2027-01-15',
    })
    await refused({ year: 2040 }, 'year', /not offered/)
    await refused({ year: 3000 }, 'year', /not offered/)
    await refused({ dueDate: '2026-11-27' }, 'dueDate', /has passed/)
    await refused({ dueDate: '2029-01-01' }, 'dueDate', /within two years/)
    await refused({ dueDate: '2027-02-30' }, 'dueDate', /as a date/)
    await refused({ dueDate: 'soon' }, 'dueDate', /as a date/)
    // The kinds by their labels, never the values the form sends.
    await refused(
      { kind: 'everything' },
      'kind',
      /^Choose what the round collects: research spend or market data contracts\.$/
    )
    await refused({ kind: undefined }, 'kind', /^Choose what the round collects/)
    await refused({ name: 'x'.repeat(121) }, 'name', /./)
    // Names shown in pages and mails: nothing invisible, direction-changing or on two lines.
    await refused({ name: '\u200B\u200B\u2060' }, 'name', /invisible, direction-changing/)
    await refused({ name: 'Contracts \u202Egnp.exe' }, 'name', /invisible, direction-changing/)
    await refused({ name: 'Research\nspend' }, 'name', /control characters/)
    await refused({ name: '***' }, 'name', /at least one letter or digit/)
    await refused({ teamId: '1e400' }, 'teamId', /./)
    await refused({ teamId: -3 }, 'teamId', /./)
    const count = await db.from('data_collections').count('* as n').firstOrFail()
    assert.equal(Number(count.n), 0)
    const audits = await db.from('audit_logs').where('entity_type', 'data_collection')
    assert.lengthOf(audits, 0)
  })

  test('closing a round stops uploads to it; what was submitted stays', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    const { team } = await rsaTeam()
    const member = await rsaMember(team)
    const collection = await makeCollection(team.id, { year: 2026, dueDate: '2026-12-31' })
    await makeSubmission(team.id, collection, { status: 'completed', userId: member.id })

    const before = await client.get(BASE).loginAs(admin).withInertia()
    const round = (before.inertiaProps as any).rounds.find(
      (entry: any) => entry.name === 'Research spend 2026'
    )
    assert.deepInclude(round, { status: 'open', teams: 1, submitted: 1, completed: 1 })

    const closed = await client
      .post(`${BASE}/close`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .form({ kind: 'rsa', year: 2026, name: 'Research spend 2026' })
    closed.assertStatus(302)
    closed.assertFlashMessage(
      'success',
      '“Research spend 2026” is closed for 1 team: no more uploads.'
    )
    const row = await db.from('data_collections').where('id', collection).firstOrFail()
    assert.equal(row.status, 'closed')
    const submissions = await db
      .from('data_collection_submissions')
      .where('data_collection_id', collection)
    assert.lengthOf(submissions, 1)

    assert.notInclude(await collectionIdsSeenBy(client, member), collection)
    const audit = await roundUpdateAudit()
    assert.include(audit.summary, 'Closed “Research spend 2026”')

    // Closing again closes nothing and says so.
    const again = await client
      .post(`${BASE}/close`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .form({ kind: 'rsa', year: 2026, name: 'Research spend 2026' })
    again.assertFlashMessage('error', '“Research spend 2026” has no open collection to close.')
  })

  test('a closed round opens again with a new due date; an open one moves its deadline; audited', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    const { team } = await rsaTeam()
    const member = await rsaMember(team)
    const { team: other } = await rsaTeam()
    const closed = await makeCollection(team.id, {
      year: 2026,
      dueDate: '2026-10-31',
      status: 'closed',
    })
    await makeCollection(other.id, {
      year: 2026,
      dueDate: '2026-11-15',
      status: 'closed',
    })
    // Another round of the same year and kind, open: not touched.
    await makeCollection(team.id, {
      year: 2026,
      name: 'Research spend 2026, late',
      dueDate: '2026-12-15',
    })
    await makeSubmission(team.id, closed, { status: 'completed', userId: member.id })
    const send = (fields: Record<string, unknown>) =>
      client
        .post(`${BASE}/due-date`)
        .loginAs(admin)
        .withCsrfToken()
        .redirects(0)
        .form({ kind: 'rsa', year: 2026, name: 'Research spend 2026', ...fields })

    const reopened = await send({ status: 'closed', dueDate: '2027-01-15' })
    reopened.assertStatus(302)
    reopened.assertFlashMessage(
      'success',
      '“Research spend 2026” is open again for 2 teams: they can upload until the new due date. Their members are not mailed again.'
    )
    assert.sameDeepMembers(await collectionsOf('rsa', 2026), [
      { team: team.id, name: 'Research spend 2026', due: '2027-01-15', status: 'open' },
      { team: other.id, name: 'Research spend 2026', due: '2027-01-15', status: 'open' },
      { team: team.id, name: 'Research spend 2026, late', due: '2026-12-15', status: 'open' },
    ])
    // What was submitted stays; the members see the collection again.
    const submissions = await db
      .from('data_collection_submissions')
      .where('data_collection_id', closed)
    assert.lengthOf(submissions, 1)
    assert.include(await collectionIdsSeenBy(client, member), closed)
    const audit = await roundUpdateAudit()
    assert.equal(
      audit.summary,
      'Reopened “Research spend 2026” (research spend, 2026) for 2 teams, due 2027-01-15'
    )
    const before = typeof audit.before === 'string' ? JSON.parse(audit.before) : audit.before
    assert.deepEqual(before, { status: 'closed', due_date: '2026-10-31 to 2026-11-15', teams: 2 })

    // Open now: the deadline moves; reopening it again finds nothing closed.
    const moved = await send({ status: 'open', dueDate: '2027-02-01' })
    moved.assertFlashMessage('success', '“Research spend 2026” has its new due date for 2 teams.')
    const again = await send({ status: 'closed', dueDate: '2027-02-01' })
    again.assertFlashMessage('error', '“Research spend 2026” has no closed collection to change.')
    assert.equal(
      await db
        .from('audit_logs')
        .where('entity_type', 'data_collection')
        .count('* as n')
        .first()
        .then((row) => Number(row.n)),
      2
    )
  })

  test('a new due date out of range or a bad round is refused with the field’s message and changes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    const { team } = await rsaTeam()
    await makeCollection(team.id, { year: 2026, dueDate: '2026-10-31', status: 'closed' })
    const refused = refuser(client, assert, admin, `${BASE}/due-date`, {
      kind: 'rsa',
      year: 2026,
      name: 'Research spend 2026',
      status: 'closed',
      dueDate: '2027-01-15',
    })
    await refused({ dueDate: '2026-11-27' }, 'dueDate', /has passed/)
    await refused({ dueDate: '2029-01-01' }, 'dueDate', /within two years/)
    await refused({ dueDate: '2027-02-30' }, 'dueDate', /as a date/)
    await refused({ dueDate: undefined }, 'dueDate', /as a date/)
    await refused({ status: 'archived' }, 'status', /^Choose an open or a closed round\.$/)
    await refused({ kind: 'everything' }, 'kind', /^Choose what the round collects/)
    await refused({ name: '' }, 'name', /./)
    await refused({ year: '1e400' }, 'year', /./)
    const row = await db.from('data_collections').where('team_id', team.id).firstOrFail()
    assert.equal(row.status, 'closed')
    const audits = await db.from('audit_logs').where('entity_type', 'data_collection')
    assert.lengthOf(audits, 0)
  })
})
