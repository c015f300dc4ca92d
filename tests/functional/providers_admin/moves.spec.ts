import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst, move, sectorIds } from '#tests/helpers/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'
import { postJson as post, providerYearFigures as figures } from '#tests/helpers/providers'

const BASE = '/admin/providers'
const providersAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })

const errorsOf = (body: any) =>
  Object.fromEntries(
    (body.errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
  )

const employerOf = async (id: number) => {
  const row = await db
    .from('analysts')
    .where('id', id)
    .select('provider_id', 'status')
    .firstOrFail()
  return {
    providerId: row.provider_id === null ? null : Number(row.provider_id),
    status: row.status,
  }
}

async function world() {
  const admin = await providersAdmin()
  const sectors = await sectorIds()
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const cedar = await researchProvider('Cedar Capital', 'regional_broker')
  const harriet = await analyst({
    name: 'Harriet Vance',
    provider: atlas,
    startYear: 2010,
    coverage: [{ year: 2024, sectorId: sectors['Energy'], region: 'UK' }],
  })
  await refreshProviderStatistics({ trigger: 'test' })
  return { admin, sectors, atlas, birch, cedar, harriet }
}

test.group('Providers admin: moves', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('records a move between two providers as one row: the analyst follows, both providers’ figures change, audited', async ({
    client,
    assert,
  }) => {
    const { admin, sectors, atlas, birch, harriet } = await world()
    assert.deepInclude(await figures(atlas.id), { start: 1, end: 1, leavers: 0 })
    assert.isNull(await figures(birch.id))

    const response = await post(client, admin, `${BASE}/moves`, {
      analyst_id: harriet.id,
      event_date: '2024-03-01',
      type: 'joiner',
      from_provider_id: atlas.id,
      to_provider_id: birch.id,
      experience_years: null,
      sector_ids: [sectors['Energy'], sectors['Utilities']],
      region_codes: ['UK', 'EU'],
      source: 'Press release',
    })
    response.assertStatus(200)
    const [stored] = await db.from('analyst_moves').where('analyst_id', harriet.id)
    assert.equal(Number(stored.year), 2024)
    // Derived: 2024 − 2010.
    assert.equal(Number(stored.experience_years), 14)
    const cells = await db.from('analyst_move_coverages').where('move_id', stored.id)
    assert.lengthOf(cells, 4)
    assert.deepEqual(await employerOf(harriet.id), { providerId: birch.id, status: 'active' })
    assert.deepInclude(await figures(atlas.id), { start: 1, end: 0, leavers: 1, lost: 14 })
    assert.deepInclude(await figures(birch.id), { start: 0, end: 1, joiners: 1, gained: 14 })

    const moveAudit = await db
      .from('audit_logs')
      .where({ entity_type: 'analyst_move', entity_id: stored.id })
      .firstOrFail()
    assert.equal(moveAudit.action, 'create')
    assert.equal(moveAudit.user_id, admin.id)
    assert.include(JSON.parse(moveAudit.after), { from_provider: atlas.id, to_provider: birch.id })
    const followed = await db
      .from('audit_logs')
      .where({ entity_type: 'analyst', entity_id: harriet.id })
      .firstOrFail()
    assert.deepEqual(JSON.parse(followed.after), { provider_id: birch.id, status: 'active' })

    // The list shows it, filtered by provider, year, type and analyst.
    const list = async (query: string) => {
      const page = await client.get(`${BASE}/moves${query}`).loginAs(admin).withInertia()
      page.assertStatus(200)
      assert.equal(page.inertiaComponent, 'admin/providers/moves')
      return page.inertiaProps as any
    }
    const all = await list('')
    assert.lengthOf(all.moves, 1)
    assert.include(all.moves[0], {
      analystName: 'Harriet Vance',
      fromName: 'Atlas Global Markets',
      toName: 'Birch Independent Research',
      experienceYears: 14,
    })
    assert.deepEqual(all.moves[0].regionCodes, ['EU', 'UK'])
    assert.deepEqual(all.years, [2024])
    const shown = async (query: string) => {
      const props = await list(query)
      return props.moves.length
    }
    assert.equal(await shown(`?provider=${birch.id}&year=2024&type=joiner`), 1)
    assert.equal(await shown('?type=leaver'), 0)
    assert.equal(await shown('?year=2023'), 0)
    assert.equal(await shown('?q=vance'), 1)
    assert.equal(await shown('?q=nobody'), 0)
    const ofAnalyst = await list(`?analyst=${harriet.id}`)
    assert.equal(ofAnalyst.analyst.fullName, 'Harriet Vance')
    const nonsense = await list('?type=promotion')
    assert.include(nonsense.notice, 'not understood')
  })

  test('edits and deletes a move: the employer and the statistics follow each time', async ({
    client,
    assert,
  }) => {
    const { admin, atlas, birch, cedar, harriet } = await world()
    const body = {
      analyst_id: harriet.id,
      event_date: '2024-03-01',
      type: 'joiner',
      from_provider_id: atlas.id,
      to_provider_id: birch.id,
      experience_years: 12,
    }
    await post(client, admin, `${BASE}/moves`, body).then((r) => r.assertStatus(200))
    const stored = await db.from('analyst_moves').where('analyst_id', harriet.id).firstOrFail()

    const edited = await post(client, admin, `${BASE}/moves/${stored.id}`, {
      ...body,
      to_provider_id: cedar.id,
    })
    edited.assertStatus(200)
    assert.deepEqual(await employerOf(harriet.id), { providerId: cedar.id, status: 'active' })
    assert.isNull(await figures(birch.id))
    assert.deepInclude(await figures(cedar.id), { joiners: 1, gained: 12 })
    const update = await db
      .from('audit_logs')
      .where({ entity_type: 'analyst_move', entity_id: stored.id, action: 'update' })
      .firstOrFail()
    assert.equal(JSON.parse(update.before).to_provider, birch.id)
    assert.equal(JSON.parse(update.after).to_provider, cedar.id)

    // Then she leaves the industry: status and provider follow.
    await post(client, admin, `${BASE}/moves`, {
      analyst_id: harriet.id,
      event_date: '2024-10-01',
      type: 'left_industry',
      from_provider_id: cedar.id,
      to_provider_id: null,
    }).then((r) => r.assertStatus(200))
    assert.deepEqual(await employerOf(harriet.id), { providerId: null, status: 'left_industry' })
    assert.deepInclude(await figures(cedar.id), { end: 0, leavers: 1 })

    const last = await db
      .from('analyst_moves')
      .where({ analyst_id: harriet.id, type: 'left_industry' })
      .firstOrFail()
    const deleted = await post(client, admin, `${BASE}/moves/${last.id}/destroy`)
    deleted.assertStatus(200)
    assert.isNull(await db.from('analyst_moves').where('id', last.id).first())
    assert.deepEqual(await employerOf(harriet.id), { providerId: cedar.id, status: 'active' })
    assert.deepInclude(await figures(cedar.id), { end: 1, leavers: 0 })
    const deletion = await db
      .from('audit_logs')
      .where({ entity_type: 'analyst_move', entity_id: last.id, action: 'delete' })
      .firstOrFail()
    assert.equal(JSON.parse(deletion.before).type, 'left_industry')
    await post(client, admin, `${BASE}/moves/${last.id}/destroy`).then((r) => r.assertStatus(404))
  })

  test('refuses what a move type, the dates and the providers do not allow; nothing written', async ({
    client,
    assert,
  }) => {
    const { admin, sectors, atlas, birch, harriet } = await world()
    await move({
      analyst: harriet,
      date: '2024-02-01',
      type: 'internal_move',
      from: atlas,
      to: atlas,
      experience: 14,
    })
    const vendorRows = await db
      .table('providers')
      .insert({
        provider_key: 'plain-vendor',
        name: 'Plain Vendor',
        provider_type: 'market_data',
        is_active: true,
        has_rate_card: false,
        created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
      })
      .returning('id')
    const vendorId = Number(typeof vendorRows[0] === 'object' ? vendorRows[0].id : vendorRows[0])
    const base = {
      analyst_id: harriet.id,
      event_date: '2024-05-01',
      type: 'joiner',
      from_provider_id: atlas.id,
      to_provider_id: birch.id,
    }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ analyst_id: null }, 'analyst_id', 'analyst'],
      [{ analyst_id: 99_999_999 }, 'analyst_id', 'analyst'],
      [{ event_date: '' }, 'event_date', 'required'],
      [{ event_date: '1999-12-31' }, 'event_date', '2000-01-01'],
      [{ event_date: '2099-01-01' }, 'event_date', 'today'],
      [{ event_date: '2024-02-30' }, 'event_date', '2024-03-31'],
      [{ event_date: '2009-06-01' }, 'event_date', '2010'],
      [{ type: 'promotion' }, 'type', 'move type'],
      [{ to_provider_id: null }, 'to_provider_id', 'joiner needs'],
      [{ to_provider_id: atlas.id }, 'to_provider_id', 'must differ'],
      [{ type: 'leaver', from_provider_id: null }, 'from_provider_id', 'leaver needs'],
      [{ type: 'internal_move', to_provider_id: birch.id }, 'to_provider_id', 'one provider'],
      [{ type: 'left_industry', to_provider_id: birch.id }, 'to_provider_id', 'joins no provider'],
      [
        { type: 'left_industry', from_provider_id: null, to_provider_id: null },
        'from_provider_id',
        'provider left',
      ],
      [{ type: 'returned' }, 'from_provider_id', 'comes from no provider'],
      [
        { type: 'returned', from_provider_id: null, to_provider_id: null },
        'to_provider_id',
        'provider joined',
      ],
      [{ to_provider_id: 99_999_999 }, 'to_provider_id', 'research provider'],
      [{ from_provider_id: vendorId }, 'from_provider_id', 'research provider'],
      [{ experience_years: -1 }, 'experience_years', 'negative'],
      [{ experience_years: 61 }, 'experience_years', '60'],
      [{ experience_years: 3.5 }, 'experience_years', 'whole'],
      [{ experience_years: '1e400' }, 'experience_years', 'whole'],
      [{ sector_ids: [99_999], region_codes: ['UK'] }, 'sector_ids', 'sectors'],
      [{ sector_ids: [sectors['Energy']] }, 'region_codes', 'neither'],
      [{ region_codes: ['MARS'] }, 'region_codes.0', 'regions'],
      [
        { sector_ids: [sectors['Energy'], sectors['Energy']], region_codes: ['UK'] },
        'sector_ids',
        'once',
      ],
      [
        { type: 'internal_move', event_date: '2024-02-01', to_provider_id: atlas.id },
        'event_date',
        'already has',
      ],
    ]
    const count = async (table: string) => {
      const row = await db.from(table).count('* as n').firstOrFail()
      return Number(row.n)
    }
    const before = {
      moves: await count('analyst_moves'),
      audits: await count('audit_logs'),
      runs: await count('provider_stat_runs'),
    }
    for (const [overrides, field, words] of cases) {
      const response = await post(client, admin, `${BASE}/moves`, { ...base, ...overrides })
      assert.equal(response.status(), 422, JSON.stringify(overrides))
      const errors = errorsOf(response.body())
      assert.include(Object.keys(errors), field, JSON.stringify(overrides))
      assert.include(errors[field].toLowerCase(), words.toLowerCase(), JSON.stringify(overrides))
    }
    assert.deepEqual(
      {
        moves: await count('analyst_moves'),
        audits: await count('audit_logs'),
        runs: await count('provider_stat_runs'),
      },
      before
    )
    assert.deepEqual(await employerOf(harriet.id), { providerId: atlas.id, status: 'active' })
  })
})
