import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { teamId } from '#tests/helpers/market_data'
import { makeAuditEntry, makeProvider } from '#tests/helpers/market_data_fixtures'
import ImportRegressions from '#commands/import_regressions'
import ImportContracts from '#commands/import_contracts'
import { auditChanges } from '#shared/audit_changes'
import { addDays } from '#shared/benchmark_tabs'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const AUDIT = '/admin/market-data/audit'

const auditCount = async () => {
  const row = await db.from('audit_logs').count('* as total').firstOrFail()
  return Number(row.total)
}

test.group('Admin market data audit trail: what it records and shows', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Seeding the demo universe takes seconds on PostgreSQL, many more on a loaded machine.
  group.each.timeout(90_000)
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('saving unchanged values records nothing; a change shows names, not ids', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const benchmark = await db
      .from('product_benchmarks')
      .join('provider_products', 'provider_products.id', 'product_benchmarks.product_id')
      .whereNotNull('product_benchmarks.currency_id')
      .select('product_benchmarks.*', 'provider_products.name as product_name')
      .firstOrFail()
    const listed = await client
      .get(`/api/admin/market-data/contract/${benchmark.contract_id}/product-benchmarks`)
      .loginAs(admin)
    const [current] = listed.body().product_benchmarks.filter((row: any) => row.id === benchmark.id)
    const payload = {
      contract_id: benchmark.contract_id,
      product_id: current.product.id,
      division: current.division,
      start_date: current.start_date,
      end_date: current.end_date,
      payment: current.payment,
      benchmark_price: current.benchmark_price,
      currency_id: current.currency_id,
      drivers: current.drivers.map((driver: any) => ({ id: driver.id, pivot: driver.pivot })),
      sub_product_benchmarks: current.sub_product_benchmarks.map((sub: any) => ({
        id: sub.id,
        name: sub.name,
        benchmark_price: sub.benchmark_price,
        currency_id: sub.currency.id,
        start_date: sub.start_date,
        end_date: sub.end_date,
      })),
    }
    const url = `/api/admin/market-data/product-benchmark/update/${benchmark.id}`
    const before = await auditCount()
    const same = await client.post(url).loginAs(admin).withCsrfToken().json(payload)
    same.assertStatus(200)
    assert.equal(await auditCount(), before)

    const tree = await client
      .get('/api/admin/market-data/provider/categories/bloomberg')
      .loginAs(admin)
    const unchanged = await client
      .post('/api/admin/market-data/provider/save-category')
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...tree.body() } })
    unchanged.assertStatus(200)
    assert.equal(await auditCount(), before)

    const changed = await client
      .post(url)
      .loginAs(admin)
      .withCsrfToken()
      .json({ ...payload, payment: Number(payload.payment) + 1 })
    changed.assertStatus(200)
    assert.equal(await auditCount(), before + 1)

    const page = await client.get(AUDIT).loginAs(admin).withInertia()
    const entry = (page.inertiaProps as any).entries[0]
    const currency = await db.from('currencies').where('id', benchmark.currency_id).firstOrFail()
    assert.equal(entry.after.product, benchmark.product_name)
    assert.equal(entry.after.currency, currency.code)
    assert.notProperty(entry.after, 'product_id')
    assert.notProperty(entry.after, 'id')
    assert.equal(Number(entry.after.payment), Number(entry.before.payment) + 1)
  })

  test('a command-line import shows as the command line, and keeps what it replaced', async ({
    assert,
    client,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const regression = await db
      .from('regressions')
      .join('provider_products', 'provider_products.id', 'regressions.product_id')
      .join('license_types', 'license_types.id', 'regressions.license_type_id')
      .where('provider_products.name', 'Bloomberg Terminal')
      .where('license_types.name', 'Enterprise')
      .select('regressions.intercept')
      .firstOrFail()
    const path = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'regressions.csv')
    writeFileSync(
      path,
      [
        'Product,License type,Intercept,Driver,Coefficient,Min,Max',
        'Bloomberg Terminal,Enterprise,9000,Users,300,1,250',
      ].join('\n')
    )
    const command = await ace.create(ImportRegressions, ['--provider=bloomberg', path])
    await command.exec()
    command.assertSucceeded()

    const page = await client.get(AUDIT).loginAs(admin).withInertia()
    const entry = (page.inertiaProps as any).entries[0]
    assert.equal(entry.action, 'import')
    assert.equal(entry.user, `Command line (system user ${userInfo().username} on ${hostname()})`)
    assert.equal(entry.before[0].product, 'Bloomberg Terminal')
    assert.equal(entry.before[0]['license type'], 'Enterprise')
    assert.equal(Number(entry.before[0].intercept), Number(regression.intercept))
    assert.equal(entry.after[0].intercept, 9000)
  })
  test('a command-line contract import shows the one real change as before → after', async ({
    assert,
    client,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const rows = await db
      .from('contracts')
      .join('teams', 'teams.id', 'contracts.team_id')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .join('license_types', 'license_types.id', 'contracts.license_type_id')
      .select(
        'teams.name as team',
        'providers.provider_key',
        'contracts.reference',
        'license_types.name as license',
        'contracts.start_date',
        'contracts.end_date'
      )
      .orderBy('contracts.id')
      .limit(2)
    const iso = (value: unknown) =>
      value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
    const [moved, same] = rows.map((row) => ({
      ...row,
      start: iso(row.start_date),
      end: iso(row.end_date),
    }))
    const later = addDays(moved.end, 1)
    const path = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'contracts.csv')
    writeFileSync(
      path,
      [
        'Team,Provider key,Contract reference,License type,Start date,End date',
        `${moved.team},${moved.provider_key},${moved.reference},${moved.license},${moved.start},${later}`,
        `${same.team},${same.provider_key},${same.reference},${same.license},${same.start},${same.end}`,
      ].join('\n')
    )
    const command = await ace.create(ImportContracts, [path, `--as=${admin.email}`])
    await command.exec()
    command.assertSucceeded()

    const page = await client.get(AUDIT).loginAs(admin).withInertia()
    const entry = (page.inertiaProps as any).entries[0]
    assert.equal(entry.user, `Command line (${admin.name} <${admin.email}>)`)
    assert.equal(entry.entityType, 'contract')
    const label = `${moved.team} · ${moved.reference}`
    // Before and after name the same fields the same way: teams and license types by name.
    assert.deepEqual(
      Object.keys(entry.before[label]).sort(),
      Object.keys(entry.after[label]).sort()
    )
    assert.equal(entry.before[label].team, moved.team)
    assert.equal(entry.after[label]['license type'], moved.license)
    assert.notProperty(entry.after[label], 'team_id')
    assert.deepEqual(auditChanges(entry.before, entry.after), [
      { key: `${label} › end date`, before: moved.end, after: later },
    ])
  })
})

test.group('Admin market data pages: addresses they do not understand', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Seeding the demo universe takes seconds on PostgreSQL, many more on a loaded machine.
  group.each.timeout(90_000)

  test('a bad audit filter or a page past the end falls back, with a message', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const tree = await client
      .get('/api/admin/market-data/provider/categories/bloomberg')
      .loginAs(admin)
    const body = tree.body()
    body.categories[0].name = 'Desktop terminals'
    await client
      .post('/api/admin/market-data/provider/save-category')
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...body } })

    const bad = await client.get(`${AUDIT}?entity=Bad`).loginAs(admin).withInertia()
    bad.assertStatus(200)
    bad.assertInertiaComponent('admin/market_data/audit')
    const badProps = bad.inertiaProps as any
    assert.equal(
      badProps.notice,
      'The filter in the address was not understood: showing every change.'
    )
    assert.lengthOf(badProps.entries, 1)

    const past = await client.get(`${AUDIT}?page=40`).loginAs(admin).withInertia()
    past.assertStatus(200)
    const pastProps = past.inertiaProps as any
    assert.equal(pastProps.pageNotice, 'There is no page 40: showing the last page, 1.')
    assert.lengthOf(pastProps.entries, 1)
  })

  test('a contract in the address that is not the team’s shows the contract list, saying so', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const northbridge = await teamId('Northbridge Asset Management')
    const base = `/admin/market-data/teams/${northbridge}/providers/bloomberg`
    for (const contract of ['abc', '999999']) {
      const response = await client.get(`${base}?contract=${contract}`).loginAs(admin).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent('admin/market_data/provider')
      const props = response.inertiaProps as any
      assert.isNull(props.contract)
      assert.isAbove(props.contracts.length, 0)
      assert.equal(
        props.notice,
        `The contract in the address (${contract}) is not one of Northbridge Asset Management's Bloomberg contracts. Pick one below.`
      )
    }
  })
})

test.group('Admin market data audit trail: filter choices and totals', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Seeding the demo universe takes seconds on PostgreSQL, many more on a loaded machine.
  group.each.timeout(90_000)

  test('offers the entity types in the trail and the people who wrote it, by name', async ({
    client,
    assert,
  }) => {
    const admin = await mdAdmin()
    const [zoe, adam, idle] = [await mdAdmin(), await mdAdmin(), await mdAdmin()]
    await db.from('users').where('id', zoe.id).update({ name: 'Zoë Writer' })
    await db.from('users').where('id', adam.id).update({ name: 'Adam Writer' })
    await db.from('users').where('id', idle.id).update({ name: 'Ida Idle' })
    const provider = await makeProvider()
    await makeAuditEntry(zoe.id, provider, 'provider')
    await makeAuditEntry(zoe.id, provider, 'product_benchmark')
    await makeAuditEntry(adam.id, provider, 'contract')
    await makeAuditEntry(zoe.id, provider, 'product_benchmark')
    await makeAuditEntry(null, provider, 'universe')

    const all = await client.get(AUDIT).loginAs(admin).withInertia()
    const props = all.inertiaProps as any
    assert.deepEqual(props.entityTypes, ['contract', 'product_benchmark', 'provider', 'universe'])
    assert.deepEqual(props.users, [
      { id: adam.id, name: 'Adam Writer' },
      { id: zoe.id, name: 'Zoë Writer' },
    ])
    assert.deepEqual(props.meta, { total: 5, currentPage: 1, lastPage: 1 })

    const byType = await client
      .get(`${AUDIT}?entity=product_benchmark`)
      .loginAs(admin)
      .withInertia()
    assert.equal((byType.inertiaProps as any).meta.total, 2)
    assert.lengthOf((byType.inertiaProps as any).entries, 2)
    const byUser = await client.get(`${AUDIT}?user=${zoe.id}`).loginAs(admin).withInertia()
    assert.equal((byUser.inertiaProps as any).meta.total, 3)
    const both = await client
      .get(`${AUDIT}?user=${adam.id}&entity=provider`)
      .loginAs(admin)
      .withInertia()
    assert.deepEqual((both.inertiaProps as any).meta, { total: 0, currentPage: 1, lastPage: 1 })
    assert.lengthOf((both.inertiaProps as any).entries, 0)
  })

  test('an empty trail offers no choices', async ({ client, assert }) => {
    const page = await client
      .get(AUDIT)
      .loginAs(await mdAdmin())
      .withInertia()
    const props = page.inertiaProps as any
    assert.deepEqual(props.entityTypes, [])
    assert.deepEqual(props.users, [])
    assert.deepEqual(props.meta, { total: 0, currentPage: 1, lastPage: 1 })
  })
})
