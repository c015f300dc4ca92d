import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import ImportRegressions from '#commands/import_regressions'
import { seedDemoUniverse } from '#database/demo/demo_universe'

function csvFile(lines: string[]) {
  const path = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'regressions.csv')
  writeFileSync(path, lines.join('\n'))
  return path
}

const HEADER = 'Product,License type,Intercept,Driver,Coefficient,Min,Max'

test.group('ace import:regressions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('imports a valid file and records it in the audit trail', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
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
    await db.transaction((trx) => seedDemoUniverse(trx))
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
    await db.transaction((trx) => seedDemoUniverse(trx))
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
})
