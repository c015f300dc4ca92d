import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { teamId } from '#tests/helpers/market_data'
import { axeProblems } from '#tests/helpers/browser'

test.group('Admin market data pages: accessibility', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every admin market data page has no serious axe finding', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    await browserContext.loginAs(admin)
    const team = await teamId('Northbridge Asset Management')
    const contract = await db
      .from('contracts')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .where({ 'contracts.team_id': team, 'providers.provider_key': 'bloomberg' })
      .orderBy('contracts.end_date', 'desc')
      .select('contracts.id')
      .firstOrFail()
    const rateCard = await db.from('rate_cards').select('id').orderBy('id').firstOrFail()
    // The catalogue shows initials for providers without a logo: at least one is checked.
    const withoutLogo = await db.from('providers').whereNull('logo').count('* as total').first()
    assert.isAbove(Number(withoutLogo?.total), 0)

    const pages = [
      '/admin/market-data',
      `/admin/market-data/teams/${team}`,
      `/admin/market-data/teams/${team}/providers/bloomberg`,
      `/admin/market-data/teams/${team}/providers/bloomberg?contract=${contract.id}`,
      `/admin/market-data/teams/${team}/providers/bloomberg/proposals`,
      `/admin/market-data/contracts/${contract.id}/documents`,
      '/admin/market-data/providers/bloomberg/classification',
      '/admin/market-data/providers/bloomberg/regressions',
      '/admin/market-data/catalogue',
      '/admin/market-data/universe',
      '/admin/market-data/rate-cards',
      '/admin/market-data/rate-cards/create',
      `/admin/market-data/rate-cards/${rateCard.id}/edit`,
      '/admin/market-data/audit',
    ]
    const page = await visit(pages[0])
    const problems: Record<string, string[]> = {}
    for (const path of pages) {
      await page.goto(new URL(path, page.url()).toString())
      await page.waitForLoadState('networkidle')
      const found = await axeProblems(page)
      if (found.length) problems[path] = found
    }
    assert.deepEqual(problems, {})
  }).timeout(300_000)
})
