import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import ImportRegressions from '#commands/import_regressions'
import ImportContracts from '#commands/import_contracts'
import ImportUniverse from '#commands/import_universe'
import { makeUser } from '#tests/helpers/accounts'
import { seedDemoUniverse } from '#database/demo/demo_universe'

function csvFile(lines: string[]) {
  const path = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'regressions.csv')
  writeFileSync(path, lines.join('\n'))
  return path
}

const HEADER = 'Product,License type,Intercept,Driver,Coefficient,Min,Max'

test.group('ace import:regressions', (group) => {
  // Each test seeds the demo's market data first: about a minute on PostgreSQL under load.
  group.each.timeout(120_000)
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('imports a valid file and records it in the audit trail', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const file = csvFile([HEADER, 'B-PIPE,Enterprise,7777,Users,99,,'])
    const command = await ace.create(ImportRegressions, ['--provider=bloomberg', file])
    await command.exec()
    command.assertSucceeded()
    command.assertLog('[ green(success) ] Imported 1 regression for Bloomberg.')
    const row = await db
      .from('regressions')
      .join('provider_products', 'provider_products.id', 'regressions.product_id')
      .join('license_types', 'license_types.id', 'regressions.license_type_id')
      .where({ 'provider_products.name': 'B-PIPE', 'license_types.name': 'Enterprise' })
      .select('regressions.intercept')
      .firstOrFail()
    assert.equal(Number(row.intercept), 7777)
    const audit = await db.from('audit_logs').where('action', 'import').firstOrFail()
    assert.isNull(audit.user_id)
  })

  test('exits 1 with the row report and changes nothing for a bad file', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const before = await db.from('regressions').sum('intercept as total').firstOrFail()
    const file = csvFile([
      HEADER,
      'B-PIPE,Enterprise,7777,Users,99,,',
      'Nope,Enterprise,1,Users,1,,',
    ])
    const command = await ace.create(ImportRegressions, ['--provider=bloomberg', file])
    await command.exec()
    assert.equal(command.exitCode, 1)
    command.assertLog("[ red(error) ] Row 3: Product 'Nope' is not a product of this provider.")
    const after = await db.from('regressions').sum('intercept as total').firstOrFail()
    assert.equal(Number(after.total), Number(before.total))
  })

  test('exits 1 for an unknown provider, a missing file or a wrong type', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const textFile = csvFile([HEADER]).replace(/csv$/, 'txt')
    writeFileSync(textFile, HEADER)
    for (const argv of [
      ['--provider=nobody', csvFile([HEADER])],
      ['--provider=bloomberg', '/no/such/file.csv'],
      ['--provider=bloomberg', textFile],
    ]) {
      const command = await ace.create(ImportRegressions, argv)
      await command.exec()
      assert.equal(command.exitCode, 1, argv.join(' '))
    }
    const wrongType = await ace.create(ImportRegressions, ['--provider=bloomberg', textFile])
    await wrongType.exec()
    wrongType.assertLog('[ red(error) ] Upload a CSV or XLSX file.')
  })

  test('the market data import commands say who ran them: --as names an administrator of Market Data, else the system user', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const member = await makeUser({})
    const system = `system user ${userInfo().username} on ${hostname()}`
    const latestAudit = () => db.from('audit_logs').orderBy('id', 'desc').firstOrFail()

    const named = await ace.create(ImportRegressions, [
      '--provider=bloomberg',
      `--as=${admin.email}`,
      csvFile([HEADER, 'B-PIPE,Enterprise,7777,Users,99,,']),
    ])
    await named.exec()
    named.assertSucceeded()
    const byAdmin = await latestAudit()
    assert.equal(byAdmin.user_id, admin.id)
    assert.equal(byAdmin.source, 'command_line')
    assert.equal(byAdmin.operator, `${admin.name} <${admin.email}>`)

    const contracts = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'contracts.csv')
    writeFileSync(
      contracts,
      [
        'Team,Provider key,Contract reference,License type,Start date,End date',
        'Northbridge Asset Management,bloomberg,BBG-OPERATOR,Enterprise,2030-01-01,2032-12-31',
      ].join('\n')
    )
    const unnamed = await ace.create(ImportContracts, [contracts])
    await unnamed.exec()
    unnamed.assertSucceeded()
    const bySystem = await latestAudit()
    assert.equal(bySystem.entity_type, 'contract')
    assert.isNull(bySystem.user_id)
    assert.equal(bySystem.operator, system)

    // Someone who may not administer market data cannot be named: nothing is read or written.
    const entries = async () => {
      const row = await db.from('audit_logs').count('* as n').firstOrFail()
      return Number(row.n)
    }
    const before = await entries()
    for (const [Command, argv] of [
      [ImportUniverse, [contracts, `--as=${member.email}`]],
      [ImportContracts, [contracts, '--as=nobody@example.com']],
      [ImportRegressions, ['--provider=bloomberg', contracts, `--as=${member.email}`]],
    ] as const) {
      const refused = await ace.create(Command as typeof ImportContracts, [...argv])
      await refused.exec()
      assert.equal(refused.exitCode, 1, argv.join(' '))
    }
    assert.equal(await entries(), before)
  })
})
