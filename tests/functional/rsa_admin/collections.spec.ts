import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { pinClock } from '#tests/helpers/clock'
import { MODULES } from '#shared/modules'

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
      '“Research spend 2027” is open for 1 team. 1 team already had one.'
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

  test('bad input is refused with the field’s message and opens nothing', async ({
    client,
    assert,
  }) => {
    const admin = await rsaAdmin()
    await rsaTeam()
    const refused = async (fields: Record<string, unknown>, field: string, message: RegExp) => {
      const response = await client
        .post(BASE)
        .loginAs(admin)
        .withCsrfToken()
        .redirects(0)
        .accept('json')
        .json({ kind: 'rsa', year: 2027, dueDate: '2027-01-15', ...fields })
      assert.equal(response.status(), 422, JSON.stringify(fields))
      const error = response.body().errors.find((entry: any) => entry.field === field)
      assert.exists(error, JSON.stringify(response.body()))
      assert.match(error.message, message)
    }
    await refused({ year: 2040 }, 'year', /not offered/)
    await refused({ dueDate: '2026-11-27' }, 'dueDate', /has passed/)
    await refused({ dueDate: '2029-01-01' }, 'dueDate', /within two years/)
    await refused({ dueDate: '2027-02-30' }, 'dueDate', /as a date/)
    await refused({ dueDate: 'soon' }, 'dueDate', /as a date/)
    await refused({ kind: 'everything' }, 'kind', /./)
    await refused({ name: 'x'.repeat(121) }, 'name', /./)
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

    const page = await client.get('/rsa/data-collection').loginAs(member).withInertia()
    assert.notInclude(
      (page.inertiaProps as any).collections.map((entry: any) => entry.id),
      collection
    )
    const audit = await db
      .from('audit_logs')
      .where({ entity_type: 'data_collection', action: 'update' })
      .firstOrFail()
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
})
