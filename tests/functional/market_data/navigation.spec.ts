import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'
import { landingAfterSwitch } from '#services/teams/team_switch'

function switchTeam(client: any, user: User, toTeamId: number, from: string) {
  return client
    .post('/teams/switch')
    .loginAs(user)
    .withCsrfToken()
    .header('referer', `http://localhost:3334${from}`)
    .form({ team_id: toTeamId })
    .redirects(0)
}

test.group('Market data navigation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an inactive provider opens on Recently Expired; an unknown tab falls back', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    // ICE's contracts with Northbridge have all ended.
    const inactive = await client.get('/market-data/ice').loginAs(analyst).withInertia()
    inactive.assertStatus(200)
    assert.equal(inactive.inertiaProps.tab, 'recently-expired')
    // The page loads its contracts through the API: every one of them has ended.
    const ice = await db.from('providers').where('provider_key', 'ice').firstOrFail()
    const contracts = await client.get(`/api/market-data/contracts/${ice.id}`).loginAs(analyst)
    const today = new Date().toISOString().slice(0, 10)
    assert.isAbove(contracts.body().contracts.length, 0)
    assert.isTrue(
      contracts
        .body()
        .contracts.every((contract: { end_date: string }) => contract.end_date < today)
    )

    const active = await client.get('/market-data/bloomberg').loginAs(analyst).withInertia()
    assert.equal(active.inertiaProps.tab, 'active-upcoming')

    const unknown = await client
      .get('/market-data/bloomberg?tab=next-decade')
      .loginAs(analyst)
      .withInertia()
    unknown.assertStatus(200)
    unknown.assertInertiaComponent('market_data/benchmarks')
    assert.equal(unknown.inertiaProps.tab, 'active-upcoming')
  })

  test('a team switch on a provider page lands on the new team’s market data overview', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const helvetia = await teamId('Helvetia Capital Partners')
    // MSCI is Northbridge's, not Helvetia's.
    const switched = await switchTeam(client, analyst, helvetia, '/market-data/msci/proposals?x=1')
    switched.assertHeader('location', '/market-data')
    const landing = await client.get('/market-data').loginAs(analyst).withInertia()
    landing.assertInertiaComponent('market_data/overview')
    const keys = (landing.inertiaProps.providers as { providerKey: string }[]).map(
      (row) => row.providerKey
    )
    assert.include(keys, 'bloomberg')
    assert.notInclude(keys, 'msci')
    const fresh = await User.findOrFail(analyst.id)
    assert.equal(fresh.currentTeamId, helvetia)
  })

  test('a team switch on a page the new team cannot open lands on its dashboard', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const helvetia = await teamId('Helvetia Capital Partners')
    const switched = await switchTeam(client, analyst, helvetia, '/sso-management')
    switched.assertHeader('location', '/sso-management')
    assert.isTrue(switched.flashMessages().team_switched)

    // The next request carries the switch: Helvetia has no SSO Management, so home.
    const next = await client
      .get('/sso-management')
      .loginAs(analyst)
      .withFlashMessages(switched.flashMessages())
      .withInertia()
      .redirects(0)
    next.assertStatus(302)
    next.assertHeader('location', '/')
    // Later requests (no switch) are refused as before.
    const later = await client.get('/sso-management').loginAs(analyst).withInertia()
    later.assertStatus(403)
  })

  test('the landing after a switch is always a path of this application without its query', ({
    assert,
  }) => {
    assert.equal(
      landingAfterSwitch('http://localhost:3333/market-data/bloomberg?tab=x'),
      '/market-data'
    )
    assert.equal(landingAfterSwitch('/alternative-data/ravenpack'), '/alternative-data')
    assert.equal(landingAfterSwitch('/market-data/templates?status=x'), '/market-data/templates')
    assert.equal(landingAfterSwitch('/user/profile?tab=2'), '/user/profile')
    assert.equal(landingAfterSwitch('https://evil.example//evil.example/x'), '/')
    assert.equal(landingAfterSwitch(undefined), '/')
    assert.equal(landingAfterSwitch('http://[bad'), '/')
  })

  test('the display currency is reset to the new team’s on a switch', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const eur = await db.from('currencies').where('code', 'EUR').firstOrFail()
    const chosen = await client
      .post('/api/currencies/selected')
      .loginAs(analyst)
      .withCsrfToken()
      .json({ currencyId: eur.id })
    chosen.assertStatus(200)
    const page = await client
      .get('/market-data/bloomberg')
      .loginAs(analyst)
      .withSession(chosen.session())
      .withInertia()
    assert.equal(page.inertiaProps.selectedCurrencyId, eur.id)

    const switched = await switchTeam(
      client,
      analyst,
      await teamId('Helvetia Capital Partners'),
      '/market-data/bloomberg'
    ).withSession(chosen.session())
    const after = await client
      .get('/market-data/bloomberg')
      .loginAs(analyst)
      .withSession(switched.session())
      .withInertia()
    const chf = await db.from('currencies').where('code', 'CHF').firstOrFail()
    assert.equal(after.inertiaProps.selectedCurrencyId, chf.id)
  })
})
