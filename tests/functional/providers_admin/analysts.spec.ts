import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst, move, sectorIds } from '#tests/helpers/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'
import { providerYearFigures as figures } from '#tests/helpers/providers'

const BASE = '/admin/providers'
const providersAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })

function post(client: ApiClient, user: User, url: string, body: Record<string, unknown>) {
  return client
    .post(url)
    .loginAs(user)
    .withCsrfToken()
    .header('accept', 'application/json')
    .json(body)
}

const errorsOf = (body: any) =>
  Object.fromEntries(
    (body.errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
  )

/** The provider's figures for a year, every sector and region. */

const analystBody = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Harriet Vance',
  external_id: 'SR-1001',
  provider_id: null,
  title: 'Senior analyst, oil & gas',
  seniority: 'director',
  industry_start_year: 2011,
  role_start_date: '2019-04-01',
  asset_class: 'equity',
  status: 'active',
  is_ranked: true,
  source: 'Broker website',
  ...overrides,
})

async function count(table: string) {
  const row = await db.from(table).count('* as n').firstOrFail()
  return Number(row.n)
}

async function externalIdOf(id: number) {
  const row = await db.from('analysts').where('id', id).select('external_id').firstOrFail()
  return String(row.external_id)
}

const auditOf = (entityType: string, entityId: number) =>
  db.from('audit_logs').where({ entity_type: entityType, entity_id: entityId }).orderBy('id')

test.group('Providers admin: analysts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists analysts by name with provider, sectors and moves; searched and filtered', async ({
    client,
    assert,
  }) => {
    const admin = await providersAdmin()
    const { Energy } = await sectorIds()
    const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    const birch = await researchProvider('Birch Independent Research', 'independent')
    const zoe = await analyst({
      name: 'Zoe Zhang',
      provider: atlas,
      startYear: 2015,
      coverage: [{ year: 2024, sectorId: Energy, region: 'UK' }],
    })
    await analyst({ name: 'Adam Ames', provider: birch, startYear: 2020 })
    await analyst({ name: 'Gone Gray', provider: null, startYear: 1999, status: 'left_industry' })
    await move({
      analyst: zoe,
      date: '2023-02-01',
      type: 'joiner',
      from: birch,
      to: atlas,
      experience: 8,
    })

    const page = async (query = '') => {
      const response = await client.get(`${BASE}${query}`).loginAs(admin).withInertia()
      response.assertStatus(200)
      assert.equal(response.inertiaComponent, 'admin/providers/analysts')
      return response.inertiaProps as any
    }
    const all = await page()
    assert.deepEqual(
      all.analysts.map((row: any) => row.fullName),
      ['Adam Ames', 'Gone Gray', 'Zoe Zhang']
    )
    const row = all.analysts.find((entry: any) => entry.id === zoe.id)
    assert.include(row, { providerName: 'Atlas Global Markets', sectorsLatest: 1, moveCount: 1 })
    assert.lengthOf(all.sectors, 11)
    assert.lengthOf(all.regions, 6)
    assert.isNull(all.editing)

    const names = async (query: string) => {
      const props = await page(query)
      return props.analysts.map((entry: any) => entry.fullName)
    }
    assert.deepEqual(await names('?q=zHaNg'), ['Zoe Zhang'])
    assert.deepEqual(await names(`?q=${encodeURIComponent('T-')}&provider=${birch.id}`), [
      'Adam Ames',
    ])
    assert.deepEqual(await names('?provider=none'), ['Gone Gray'])
    assert.deepEqual(await names('?status=left_industry'), ['Gone Gray'])
    const { editing } = await page(`?edit=${zoe.id}`)
    assert.equal(editing.fullName, 'Zoe Zhang')
    assert.deepEqual(editing.coverage['2024'], [
      { sector_id: Energy, region_code: 'UK', is_lead: false },
    ])
    const retired = await page('?status=retired')
    assert.include(retired.notice, 'not understood')
    const vanished = await page('?edit=999999')
    assert.include(vanished.notice, 'no longer exists')
  })

  test('creates an analyst with coverage, audited, and the provider’s statistics follow', async ({
    client,
    assert,
  }) => {
    const admin = await providersAdmin()
    const { Energy, Utilities } = await sectorIds()
    const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    await refreshProviderStatistics({ trigger: 'test' })
    assert.isNull(await figures(atlas.id))

    const response = await post(client, admin, `${BASE}/analysts`, {
      ...analystBody({ provider_id: atlas.id }),
      coverage_year: 2024,
      coverage: [
        { sector_id: Energy, region_code: 'UK', is_lead: true },
        { sector_id: Utilities, region_code: 'EU', is_lead: false },
      ],
      mark_verified: true,
    })
    response.assertStatus(200)
    const stored = await db.from('analysts').where('external_id', 'SR-1001').firstOrFail()
    assert.equal(stored.provider_id, atlas.id)
    assert.equal(stored.seniority, 'director')
    assert.isNotNull(stored.last_verified_at)
    const cells = await db
      .from('analyst_coverages')
      .where('analyst_id', stored.id)
      .orderBy('sector_id')
      .select('year', 'sector_id', 'region_code', 'is_lead')
    assert.lengthOf(cells, 2)
    assert.isTrue(cells.every((cell) => Number(cell.year) === 2024))
    // In the industry since 2011 at Atlas: one analyst there from 2021 to 2024.
    assert.deepInclude(await figures(atlas.id), { start: 1, end: 1, joiners: 0, leavers: 0 })

    const [entry] = await auditOf('analyst', Number(stored.id))
    assert.equal(entry.action, 'create')
    assert.equal(entry.user_id, admin.id)
    assert.include(entry.summary, 'Harriet Vance')
    assert.lengthOf(JSON.parse(entry.after).coverage, 2)
  })

  test('edits an analyst: fields, one year’s coverage, audited before → after, statistics moved', async ({
    client,
    assert,
  }) => {
    const admin = await providersAdmin()
    const { Energy, Financials } = await sectorIds()
    const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    const birch = await researchProvider('Birch Independent Research', 'independent')
    const harriet = await analyst({
      name: 'Harriet Vance',
      provider: atlas,
      startYear: 2011,
      coverage: [
        { year: 2023, sectorId: Energy, region: 'UK' },
        { year: 2024, sectorId: Energy, region: 'UK' },
      ],
      verifiedAt: null,
    })
    await refreshProviderStatistics({ trigger: 'test' })
    const atlasBefore = await figures(atlas.id)
    assert.equal(atlasBefore?.end, 1)

    const response = await post(client, admin, `${BASE}/analysts/${harriet.id}`, {
      ...analystBody({ external_id: 'T-EDITED', provider_id: birch.id, seniority: 'md' }),
      coverage_year: 2024,
      coverage: [{ sector_id: Financials, region_code: 'US', is_lead: true }],
    })
    response.assertStatus(200)
    const stored = await db.from('analysts').where('id', harriet.id).firstOrFail()
    assert.equal(stored.provider_id, birch.id)
    assert.equal(stored.seniority, 'md')
    assert.isNull(stored.last_verified_at)
    const cells = await db.from('analyst_coverages').where('analyst_id', harriet.id).orderBy('year')
    assert.deepEqual(
      cells.map((cell) => [Number(cell.year), Number(cell.sector_id), cell.region_code]),
      [
        [2023, Energy, 'UK'],
        [2024, Financials, 'US'],
      ]
    )
    // Both providers recomputed: Atlas lost the analyst, Birch has it.
    assert.isNull(await figures(atlas.id))
    const birchAfter = await figures(birch.id)
    assert.equal(birchAfter?.end, 1)

    const [entry] = await auditOf('analyst', harriet.id)
    assert.equal(entry.action, 'update')
    const before = JSON.parse(entry.before)
    const after = JSON.parse(entry.after)
    assert.equal(before.provider_id, atlas.id)
    assert.equal(after.provider_id, birch.id)
    assert.deepEqual(before.coverage, [`${Energy}/UK`])
    assert.deepEqual(after.coverage, [`${Financials}/US lead`])

    // Saved again unchanged: no new audit entry.
    await post(client, admin, `${BASE}/analysts/${harriet.id}`, {
      ...analystBody({ external_id: 'T-EDITED', provider_id: birch.id, seniority: 'md' }),
    }).then((again) => again.assertStatus(200))
    assert.lengthOf(await auditOf('analyst', harriet.id), 1)
  })

  test('an analyst with moves works where the last one took it', async ({ client, assert }) => {
    const admin = await providersAdmin()
    const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    const birch = await researchProvider('Birch Independent Research', 'independent')
    const moved = await analyst({ name: 'Moved Analyst', provider: birch, startYear: 2012 })
    await move({
      analyst: moved,
      date: '2023-05-01',
      type: 'joiner',
      from: atlas,
      to: birch,
      experience: 11,
    })
    const body = analystBody({
      external_id: 'T-MOVED',
      full_name: 'Moved Analyst',
      industry_start_year: 2012,
    })

    const elsewhere = await post(client, admin, `${BASE}/analysts/${moved.id}`, {
      ...body,
      provider_id: atlas.id,
    })
    elsewhere.assertStatus(422)
    assert.include(errorsOf(elsewhere.body()).provider_id, 'Birch Independent Research')
    const gone = await post(client, admin, `${BASE}/analysts/${moved.id}`, {
      ...body,
      provider_id: birch.id,
      status: 'left_industry',
    })
    gone.assertStatus(422)
    const late = await post(client, admin, `${BASE}/analysts/${moved.id}`, {
      ...body,
      provider_id: birch.id,
      industry_start_year: 2024,
    })
    late.assertStatus(422)
    assert.include(errorsOf(late.body()).industry_start_year, '2023-05-01')
    const fine = await post(client, admin, `${BASE}/analysts/${moved.id}`, {
      ...body,
      provider_id: birch.id,
    })
    fine.assertStatus(200)
  })

  test('refuses bad input field by field, in the page’s words, and writes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await providersAdmin()
    const taken = await analyst({ name: 'Taken Name', provider: null, startYear: 2010 })
    const takenId = await externalIdOf(taken.id)
    const vendor = await db
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
    const vendorId = Number(typeof vendor[0] === 'object' ? vendor[0].id : vendor[0])
    const cases: [Record<string, unknown>, string, string][] = [
      [{ full_name: '' }, 'full_name', 'full name'],
      // Direction overrides, invisible and control characters: "Evil \u202Eoxedni" reads as "indexo".
      [{ full_name: 'Evil \u202Eoxedni\u202C' }, 'full_name', 'direction-changing'],
      [{ full_name: 'Nul\u0000 Name' }, 'full_name', 'control characters'],
      [{ full_name: 'Zero\u200Bwidth' }, 'full_name', 'invisible'],
      [{ title: 'Line\nbreak' }, 'title', 'control characters'],
      [{ source: 'x\u2066y' }, 'source', 'direction-changing'],
      [{ external_id: 'has space' }, 'external_id', 'letters, digits'],
      [{ external_id: takenId }, 'external_id', 'Taken Name'],
      [{ seniority: 'intern' }, 'seniority', 'seniority'],
      [{ industry_start_year: 1900 }, 'industry_start_year', '1960'],
      [{ industry_start_year: 2.5 }, 'industry_start_year', 'year'],
      [{ industry_start_year: '1e400' }, 'industry_start_year', 'year'],
      [{ industry_start_year: 2999 }, 'industry_start_year', 'future'],
      [{ role_start_date: '2023-02-30' }, 'role_start_date', '2024-03-31'],
      [{ role_start_date: '2099-01-01' }, 'role_start_date', 'today'],
      [{ role_start_date: '2005-01-01' }, 'role_start_date', 'before'],
      [{ provider_id: 99_999_999 }, 'provider_id', 'research provider'],
      [{ provider_id: vendorId }, 'provider_id', 'research provider'],
      [{ provider_id: -3 }, 'provider_id', 'provider'],
      [{ status: 'retired' }, 'status', 'status'],
      [{ asset_class: 'crypto' }, 'asset_class', 'asset class'],
      [{ coverage_year: 2019, coverage: [] }, 'coverage_year', '2021'],
      [
        { coverage: [{ sector_id: 99_999, region_code: 'UK', is_lead: false }] },
        'coverage',
        'sectors',
      ],
      [
        { coverage: [{ sector_id: 1, region_code: 'MARS', is_lead: false }] },
        'coverage.0.region_code',
        'regions',
      ],
      [
        {
          coverage: Array.from({ length: 67 }, () => ({
            sector_id: 1,
            region_code: 'UK',
            is_lead: false,
          })),
        },
        'coverage',
        '66',
      ],
    ]
    const before = await count('analysts')
    const audits = await count('audit_logs')
    for (const [overrides, field, words] of cases) {
      const response = await post(client, admin, `${BASE}/analysts`, analystBody(overrides))
      assert.equal(response.status(), 422, JSON.stringify(overrides))
      const errors = errorsOf(response.body())
      assert.include(Object.keys(errors), field, JSON.stringify(overrides))
      assert.include(errors[field].toLowerCase(), words.toLowerCase(), JSON.stringify(overrides))
    }
    const elsewhere = await researchProvider('X', 'independent')
    const gone = await post(
      client,
      admin,
      `${BASE}/analysts`,
      analystBody({
        status: 'left_industry',
        provider_id: elsewhere.id,
      })
    )
    gone.assertStatus(422)
    assert.include(errorsOf(gone.body()).provider_id, 'left the industry')
    const missing = await post(client, admin, `${BASE}/analysts/999999`, analystBody())
    missing.assertStatus(404)
    assert.equal(await count('analysts'), before)
    assert.equal(await count('audit_logs'), audits)
  })

  test('the picker finds analysts by name or identifier', async ({ client, assert }) => {
    const admin = await providersAdmin()
    const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    const found = await analyst({ name: 'Pia Picker', provider: atlas, startYear: 2016 })
    await analyst({ name: 'Other Person', provider: null, startYear: 2016 })
    const response = await client
      .get(`${BASE}/analysts/search?q=picker`)
      .loginAs(admin)
      .header('accept', 'application/json')
    response.assertStatus(200)
    assert.deepEqual(response.body().analysts, [
      {
        id: found.id,
        externalId: await externalIdOf(found.id),
        fullName: 'Pia Picker',
        industryStartYear: 2016,
        providerName: 'Atlas Global Markets',
      },
    ])
  })
})

test.group('Providers admin: data quality', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('counts and lists unverified and uncovered active analysts, with links to edit', async ({
    client,
    assert,
  }) => {
    const admin = await providersAdmin()
    const { Energy } = await sectorIds()
    const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    const covered = [{ year: 2024, sectorId: Energy, region: 'UK' }]
    await analyst({ name: 'Fresh Fiona', provider: atlas, startYear: 2015, coverage: covered })
    const never = await analyst({
      name: 'Never Nigel',
      provider: atlas,
      startYear: 2015,
      coverage: covered,
      verifiedAt: null,
    })
    const stale = await analyst({
      name: 'Stale Sam',
      provider: atlas,
      startYear: 2015,
      verifiedAt: '2020-01-01 09:00:00',
      coverage: [{ year: 2023, sectorId: Energy, region: 'UK' }],
    })
    await analyst({
      name: 'Left Lena',
      provider: null,
      startYear: 1990,
      status: 'left_industry',
      verifiedAt: null,
    })
    const page = async (query = '') => {
      const response = await client.get(`${BASE}/data-quality${query}`).loginAs(admin).withInertia()
      response.assertStatus(200)
      assert.equal(response.inertiaComponent, 'admin/providers/data_quality')
      return response.inertiaProps as any
    }
    const unverified = await page()
    assert.deepEqual(unverified.counts, { unverified: 2, no_coverage: 1 })
    assert.equal(unverified.reason, 'unverified')
    // Never verified first, then the longest unverified.
    assert.deepEqual(
      unverified.analysts.map((row: any) => row.id),
      [never.id, stale.id]
    )
    const uncovered = await page('?reason=no_coverage')
    assert.deepEqual(
      uncovered.analysts.map((row: any) => [row.id, row.latestCoverageYear]),
      [[stale.id, 2023]]
    )
    const nonsense = await page('?reason=everything')
    assert.include(nonsense.notice, 'not understood')
  })
})
