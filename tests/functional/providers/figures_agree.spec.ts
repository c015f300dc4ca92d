import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { FOOTPRINT_SEVERAL, FOOTPRINT_UNRECORDED } from '#shared/providers'
import { analyst, analystWorld } from '#tests/helpers/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'

/*
 * The provider page's parts count what the key indicators count: the heat maps' totals each
 * move once, the regional footprint each analyst once, and "sectors covered" only the chosen
 * sector when one is chosen.
 *
 * The analyst world, with three more analysts at Ashdown (A) all 2024: Farah (since 2012)
 * covering Energy in the UK and the US, Gus (since 2016) with no coverage recorded, and Hana
 * (since 2021) whose coverage was recorded for 2023 only.
 */
async function world() {
  const base = await analystWorld()
  const { A, E } = base
  await analyst({
    name: 'Farah Flint',
    provider: A,
    startYear: 2012,
    coverage: [
      { year: 2024, sectorId: E, region: 'UK' },
      { year: 2024, sectorId: E, region: 'US' },
    ],
  })
  await analyst({ name: 'Gus Grant', provider: A, startYear: 2016 })
  await analyst({
    name: 'Hana Hale',
    provider: A,
    startYear: 2021,
    coverage: [{ year: 2023, sectorId: E, region: 'UK' }],
  })
  await refreshProviderStatistics({ trigger: 'test' })
  return base
}

test.group('Providers: the page’s parts agree with its key indicators', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('heat map totals count each move once, as the leavers card does, with and without a sector', async ({
    client,
    assert,
  }) => {
    const { A, E, member } = await world()
    const card = async (query = '') => {
      const page = await client.get(`/providers/${A.key}${query}`).loginAs(member).withInertia()
      return (page.inertiaProps as any).figures
    }
    const map = async (sectorList: number[]) => {
      const response = await client
        .post('/api/providers/headcount/lost')
        .loginAs(member)
        .withCsrfToken()
        .json({ providerId: A.id, sectorList, yearList: [], regionCodes: [] })
      return response.body()
    }

    // Dmitri covered Energy and Financials: in both rows, once in the total.
    const every = await map([])
    const in2024 = (body: any) => body.yearTotals.find((entry: any) => entry.year === 2024).value
    const cards = await card()
    assert.equal(cards.leavers, 2)
    assert.equal(in2024(every), 2)
    assert.equal(every.total, 2)
    const rows = every.cells
      .filter((cell: any) => cell.year === 2024)
      .reduce((sum: number, cell: any) => sum + cell.value, 0)
    assert.equal(rows, 3)

    const energy = await map([E])
    const energyCards = await card(`?sector=${E}`)
    assert.equal(in2024(energy), energyCards.leavers)
  })

  test('the regional footprint counts each analyst once and adds up to the headcount', async ({
    client,
    assert,
  }) => {
    const { A, member } = await world()
    const page = await client.get(`/providers/${A.key}`).loginAs(member).withInertia()
    const props = page.inertiaProps as any
    assert.equal(props.figures.headcount, 5)
    assert.deepEqual(props.footprint, [
      // Bruno (F/UK) and Hana (E/UK, from her 2023 coverage), both juniors.
      { regionCode: 'UK', junior: 2, mid: 0, senior: 0 },
      { regionCode: 'US', junior: 1, mid: 0, senior: 0 },
      { regionCode: FOOTPRINT_SEVERAL, junior: 0, mid: 0, senior: 1 },
      { regionCode: FOOTPRINT_UNRECORDED, junior: 0, mid: 1, senior: 0 },
    ])
    const total = props.footprint.reduce(
      (sum: number, entry: any) => sum + entry.junior + entry.mid + entry.senior,
      0
    )
    assert.equal(total, props.figures.headcount)

    // In the UK only: those covering the UK, once each.
    const uk = await client.get(`/providers/${A.key}?region=UK`).loginAs(member).withInertia()
    const ukProps = uk.inertiaProps as any
    assert.deepEqual(ukProps.footprint, [{ regionCode: 'UK', junior: 2, mid: 0, senior: 1 }])
    assert.equal(ukProps.figures.headcount, 3)
  })

  test('sectors covered follows the sector filter on the league table and the provider page', async ({
    client,
    assert,
  }) => {
    const { A, E, member } = await world()
    const league = async (query: string) => {
      const page = await client.get(`/providers${query}`).loginAs(member).withInertia()
      return (page.inertiaProps as any).rows.find((row: any) => row.providerId === A.id)
    }
    const all = await league('')
    const energy = await league(`?sector=${E}`)
    assert.equal(all.sectorsCovered, 2)
    assert.equal(energy.sectorsCovered, 1)
    const page = await client.get(`/providers/${A.key}?sector=${E}`).loginAs(member).withInertia()
    assert.equal((page.inertiaProps as any).figures.sectorsCovered, 1)
  })
})
