import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst, sectorIds } from '#tests/helpers/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'

/*
 * An analyst created or imported with a current provider counts there from the role start
 * date: the years before it keep the figures they had.
 */

const BASE = '/admin/providers'
const ROSTER_HEADER =
  'analyst_id,full_name,provider_key,title,seniority,industry_start_year,role_start_date,sectors_gics,regions,asset_class,is_lead,status,source,verified_at'

async function headcounts(providerId: number) {
  const rows = await db
    .from('provider_year_stats')
    .where({ provider_id: providerId, sector_id: 0, region_code: 'ALL' })
    .orderBy('year')
  // The statistics run from the first year with coverage (2021 here) to this year: the test
  // reads 2021–2024.
  return Object.fromEntries(
    rows
      .filter((row) => Number(row.year) <= 2024)
      .map((row) => [
        Number(row.year),
        [Number(row.headcount_start), Number(row.headcount_end)] as [number, number],
      ])
  )
}

test.group('Providers admin: an analyst counts from the role start', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('created on the form or imported, a new analyst leaves the years before the role start unchanged', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const sixth = await researchProvider('Sixth Avenue Research', 'independent')
    const sectors = await sectorIds()
    await analyst({
      name: 'Olga Oster',
      provider: sixth,
      startYear: 2005,
      coverage: [{ year: 2021, sectorId: sectors['Energy'], region: 'UK' }],
    })
    await refreshProviderStatistics({ trigger: 'test' })
    const before = await headcounts(sixth.id)
    assert.deepEqual(before, { 2021: [1, 1], 2022: [1, 1], 2023: [1, 1], 2024: [1, 1] })

    const created = await client
      .post(`${BASE}/analysts`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .json({
        full_name: 'Nina Novak',
        external_id: 'SR-2001',
        provider_id: sixth.id,
        seniority: 'analyst',
        industry_start_year: 2012,
        role_start_date: '2023-05-01',
        asset_class: 'equity',
        status: 'active',
        is_ranked: false,
      })
    created.assertStatus(200)
    // 2021 and 2022 as they were; Nina there at the end of 2023 and all 2024.
    assert.deepEqual(await headcounts(sixth.id), {
      2021: [1, 1],
      2022: [1, 1],
      2023: [1, 2],
      2024: [2, 2],
    })

    const key = await db.from('providers').where('id', sixth.id).select('provider_key').first()
    const imported = await client
      .post(`${BASE}/import`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .header('accept', 'application/json')
      .file(
        'roster',
        Buffer.from(
          [
            ROSTER_HEADER,
            `SR-2002,Omar Olsen,${key!.provider_key},,analyst,2010,2024-02-01,Energy,UK,equity,,active,,`,
          ].join('\r\n')
        ),
        { filename: 'roster.csv' }
      )
    assert.oneOf(imported.status(), [200, 302])
    assert.deepEqual(await headcounts(sixth.id), {
      2021: [1, 1],
      2022: [1, 1],
      2023: [1, 2],
      2024: [2, 3],
    })
  })
})
