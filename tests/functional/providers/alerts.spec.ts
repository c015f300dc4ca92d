import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { TALENT_ALERT_MIN_NET_YEARS } from '#shared/providers'
import { addRsaBudgetLines, researchProvider } from '#tests/helpers/rsa'
import { analyst, analystWorld, move } from '#tests/helpers/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'

/*
 * Spend × talent alerts: one stated rule applied to every provider the team budgeted for. In
 * the analyst world the team budgeted £120,000 for Ashdown (which lost 38 years in the team's
 * top sectors, Financials and Energy); here it also budgets for a large bank that lost one
 * 30-year analyst of the twenty covering Energy (once missed: one leaver, a twentieth of the
 * team) and for Brookline, which lost nothing.
 */
async function world() {
  const base = await analystWorld()
  const rhenania = await researchProvider('Rhenania Bank Research', 'bulge_bracket')
  const staff = []
  for (let index = 0; index < 20; index++) {
    staff.push(
      await analyst({
        name: `Rhenania analyst ${index + 1}`,
        provider: index === 0 ? null : rhenania,
        startYear: 1990,
        coverage: [
          { year: 2023, sectorId: base.E, region: 'EU' },
          { year: 2024, sectorId: base.E, region: 'EU' },
        ],
      })
    )
  }
  await move({
    analyst: staff[0],
    date: '2024-04-01',
    type: 'leaver',
    from: rhenania,
    to: null,
    experience: 30,
  })
  await refreshProviderStatistics({ trigger: 'test' })
  const budget = await db
    .from('rsa_budgets')
    .where({ team_id: base.viewer.team.id, year: 2024 })
    .firstOrFail()
  await addRsaBudgetLines(budget, base.viewer.team, base.viewer.currencyId, [
    { provider: rhenania, price: 450_000 },
    { provider: base.B, price: 60_000 },
  ])
  return { ...base, rhenania }
}

test.group('Providers: spend × talent alerts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every budgeted provider that lost the stated net years in the top sectors is flagged, a large bank losing one senior analyst too; the rule is stated', async ({
    client,
    assert,
  }) => {
    const { A, B, rhenania, member } = await world()
    const response = await client.get('/providers').loginAs(member).withInertia()
    const props = response.inertiaProps as any

    assert.deepEqual(
      props.alerts.map((alert: any) => [alert.providerId, alert.netExperience]),
      [
        [A.id, -36],
        [rhenania.id, -30],
      ]
    )
    const bank = props.alerts[1]
    assert.containsSubset(bank, { leavers: 1, headcountStart: 20, experienceLost: 30 })
    assert.include(bank.message, 'You budgeted £450,000 for Rhenania Bank Research in 2024')
    assert.notInclude(bank.message, 'You pay')
    assert.notInclude(
      props.alerts.map((alert: any) => alert.providerId),
      B.id,
      'nothing lost: not flagged'
    )

    // The rule the page states: the threshold, the sectors, how many budgeted providers it checked.
    assert.include(props.alertRule, `at least ${TALENT_ALERT_MIN_NET_YEARS} more years`)
    assert.include(props.alertRule, 'Financials and Energy')
    assert.include(
      props.alertRule,
      '2 of the 3 providers your team budgeted for in 2024 are flagged'
    )

    // The provider page says the same.
    const page = await client.get(`/providers/${rhenania.key}`).loginAs(member).withInertia()
    const pageProps = page.inertiaProps as any
    assert.equal(pageProps.alert.providerId, rhenania.id)
    assert.equal(pageProps.alertRule, props.alertRule)
  })
})
