import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst, sectorIds } from '#tests/helpers/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'
import { postJson as post, providerYearFigures as figures } from '#tests/helpers/providers'

/*
 * A move must fit the analyst's history, the same way on the moves form and in the import: it
 * leaves from where the analyst was that day, in date order, and records no more experience
 * than the years since the analyst started in the industry.
 */

const BASE = '/admin/providers'
const providersAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })
const MOVES_HEADER =
  'analyst_id,event_date,type,from_provider_key,to_provider_key,experience_years_at_event,sectors,regions,source'

function importMoves(client: ApiClient, user: User, rows: string[]) {
  return client
    .post(`${BASE}/import`)
    .loginAs(user)
    .withCsrfToken()
    .redirects(0)
    .header('accept', 'application/json')
    .file('moves', Buffer.from([MOVES_HEADER, ...rows].join('\r\n')), { filename: 'moves.csv' })
}

const errorsOf = (body: any) =>
  Object.fromEntries(
    (body.errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
  )
/** The import's problems row by row (its summary left out). */
const importProblems = (body: any) =>
  (body.errors as { column?: string | null; row?: number | null; message: string }[]).filter(
    (problem) => problem.column
  )

async function written() {
  const [moves, audits] = await Promise.all([
    db.from('analyst_moves').count('* as n').firstOrFail(),
    db.from('audit_logs').count('* as n').firstOrFail(),
  ])
  return { moves: Number(moves.n), audits: Number(audits.n) }
}

/**
 * Sixth Avenue employs Sam Sutton (in the industry since 2015, there since 2019); Calloway
 * employs nobody Sam ever worked with.
 */
async function world() {
  const admin = await providersAdmin()
  const sixth = await researchProvider('Sixth Avenue Research', 'independent')
  const calloway = await researchProvider('Calloway Brothers', 'bulge_bracket')
  const rhenania = await researchProvider('Rhenania Bank Research', 'bulge_bracket')
  // Covering 2024: the statistics run from that year (the first with coverage) to this year.
  const sectors = await sectorIds()
  const sam = await analyst({
    name: 'Sam Sutton',
    provider: sixth,
    startYear: 2015,
    coverage: [{ year: 2024, sectorId: sectors['Energy'], region: 'UK' }],
  })
  await db.from('analysts').where('id', sam.id).update({ role_start_date: '2019-04-01' })
  const external = await db.from('analysts').where('id', sam.id).select('external_id').firstOrFail()
  await refreshProviderStatistics({ trigger: 'test' })
  return { admin, sixth, calloway, rhenania, sam, samId: String(external.external_id) }
}

const providerKey = async (id: number) => {
  const row = await db.from('providers').where('id', id).select('provider_key').firstOrFail()
  return String(row.provider_key)
}

test.group('Providers admin: a move fits the analyst’s history', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('refuses a leaver from a provider the analyst never worked at, on the form and in the import; nothing changes', async ({
    client,
    assert,
  }) => {
    const { admin, sixth, calloway, sam, samId } = await world()
    const before = await written()
    const sixthBefore = await figures(sixth.id)

    const form = await post(client, admin, `${BASE}/moves`, {
      analyst_id: sam.id,
      event_date: '2024-05-01',
      type: 'leaver',
      from_provider_id: calloway.id,
      to_provider_id: null,
    })
    form.assertStatus(422)
    const message = errorsOf(form.body()).from_provider_id
    assert.include(message, 'Sixth Avenue Research')
    assert.include(message, 'Calloway Brothers')

    const file = await importMoves(client, admin, [
      `${samId},2024-05-01,leaver,${await providerKey(calloway.id)},,,,,`,
    ])
    file.assertStatus(422)
    const [problem] = importProblems(file.body())
    assert.equal(problem.column, 'from_provider_key')
    assert.equal(problem.row, 2)
    assert.include(problem.message, 'sixth-avenue-research')

    assert.deepEqual(await written(), before)
    assert.isNull(await figures(calloway.id))
    assert.deepEqual(await figures(sixth.id), sixthBefore)
    const stored = await db.from('analysts').where('id', sam.id).firstOrFail()
    assert.equal(Number(stored.provider_id), sixth.id)
  })

  test('a move leaves from where the last one left the analyst, in date order; a deletion may not break the chain', async ({
    client,
    assert,
  }) => {
    const { admin, sixth, calloway, rhenania, sam, samId } = await world()
    const record = (body: Record<string, unknown>) =>
      post(client, admin, `${BASE}/moves`, { analyst_id: sam.id, ...body })

    // Sixth Avenue → Calloway in 2023, Calloway → Rhenania in 2024: a possible career.
    await record({
      event_date: '2023-03-01',
      type: 'joiner',
      from_provider_id: sixth.id,
      to_provider_id: calloway.id,
    }).then((response) => response.assertStatus(200))
    await record({
      event_date: '2024-02-01',
      type: 'joiner',
      from_provider_id: calloway.id,
      to_provider_id: rhenania.id,
    }).then((response) => response.assertStatus(200))

    // Leaving Sixth Avenue again in 2024: Sam was at Rhenania by then.
    const late = await record({
      event_date: '2024-06-01',
      type: 'leaver',
      from_provider_id: sixth.id,
      to_provider_id: null,
    })
    late.assertStatus(422)
    assert.include(errorsOf(late.body()).from_provider_id, 'was at Rhenania Bank Research')

    // Leaving Rhenania before joining it: the dates are out of order.
    const early = await record({
      event_date: '2023-09-01',
      type: 'leaver',
      from_provider_id: rhenania.id,
      to_provider_id: null,
    })
    early.assertStatus(422)
    assert.include(errorsOf(early.body()).from_provider_id, 'was at Calloway Brothers')

    // Back to Sixth Avenue in 2023 while the next move still leaves Calloway: Sam would be at
    // two providers at once.
    const overlap = await record({
      event_date: '2023-06-01',
      type: 'joiner',
      from_provider_id: calloway.id,
      to_provider_id: sixth.id,
    })
    overlap.assertStatus(422)
    assert.include(errorsOf(overlap.body()).to_provider_id, 'not Calloway Brothers')

    // The same in a file.
    const file = await importMoves(client, admin, [
      `${samId},2024-06-01,leaver,${await providerKey(sixth.id)},,,,,`,
    ])
    file.assertStatus(422)
    assert.include(importProblems(file.body())[0].message, 'rhenania-bank-research')

    // Removing a move from the middle would leave the next one starting where Sam was not.
    const moves = await db.from('analyst_moves').where('analyst_id', sam.id).orderBy('event_date')
    assert.lengthOf(moves, 2)
    await record({
      event_date: '2024-09-01',
      type: 'joiner',
      from_provider_id: rhenania.id,
      to_provider_id: sixth.id,
    }).then((response) => response.assertStatus(200))
    const middle = await db
      .from('analyst_moves')
      .where({ analyst_id: sam.id, event_date: '2024-02-01' })
      .firstOrFail()
    const broken = await post(client, admin, `${BASE}/moves/${middle.id}/destroy`)
    broken.assertStatus(422)
    assert.include(errorsOf(broken.body()).move, 'not Rhenania Bank Research')
    assert.lengthOf(await db.from('analyst_moves').where('analyst_id', sam.id), 3)
  })

  test('experience at a move is bounded by the years since the industry start, on the form, in the import and when the start year changes', async ({
    client,
    assert,
  }) => {
    const { admin, sixth, calloway, sam, samId } = await world()
    const before = await written()
    const body = {
      analyst_id: sam.id,
      event_date: '2024-05-01',
      type: 'leaver',
      from_provider_id: sixth.id,
      to_provider_id: null,
    }
    const forty = await post(client, admin, `${BASE}/moves`, { ...body, experience_years: 40 })
    forty.assertStatus(422)
    assert.include(errorsOf(forty.body()).experience_years, 'at most 9 years')

    const file = await importMoves(client, admin, [
      `${samId},2024-05-01,leaver,${await providerKey(sixth.id)},,40,,,`,
    ])
    file.assertStatus(422)
    const [problem] = importProblems(file.body())
    assert.equal(problem.column, 'experience_years_at_event')
    assert.include(problem.message, 'at most 9 years')
    assert.deepEqual(await written(), before)
    assert.deepInclude(await figures(sixth.id), { leavers: 0, lost: 0 })

    // Nine years is the most, and fits.
    await post(client, admin, `${BASE}/moves`, { ...body, experience_years: 9 }).then((response) =>
      response.assertStatus(200)
    )
    assert.deepInclude(await figures(sixth.id), { leavers: 1, lost: 9 })

    // A later industry start would leave that move with more experience than possible.
    const stored = await db.from('analysts').where('id', sam.id).firstOrFail()
    const edit = await post(client, admin, `${BASE}/analysts/${sam.id}`, {
      full_name: stored.full_name,
      external_id: stored.external_id,
      provider_id: null,
      seniority: stored.seniority,
      industry_start_year: 2018,
      asset_class: stored.asset_class,
      status: 'active',
      is_ranked: false,
    })
    edit.assertStatus(422)
    assert.include(errorsOf(edit.body()).industry_start_year, 'at most 6 years')
    assert.isNull(await figures(calloway.id))
  })
})
