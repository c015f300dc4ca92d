import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import ImportContracts from '#commands/import_contracts'

const HEADER = 'Team,Provider key,Contract reference,License type,Start date,End date'
const GOOD = [
  HEADER,
  'Northbridge Asset Management,bloomberg,BBG-2030,Enterprise,2030-01-01,2032-12-31',
  'Helvetia Capital Partners,factset,FDS-2030,Named user,2030-01-01,2030-12-31',
]
const contractCount = async () => {
  const row = await db.from('contracts').count('* as total').firstOrFail()
  return Number(row.total)
}

test.group('Contracts import', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('a partly invalid file changes nothing and names the rows; fixed, it imports whole', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const before = await contractCount()
    const upload = (lines: string[]) =>
      client
        .post('/api/admin/market-data/contracts/import')
        .loginAs(admin)
        .withCsrfToken()
        .file('file', Buffer.from(lines.join('\n')), { filename: 'contracts.csv' })

    const bad = await upload([
      ...GOOD,
      'Nobody Capital,bloomberg,X-1,Enterprise,2030-01-01,2030-12-31',
      'Northbridge Asset Management,bloomberg,BBG-2030,Gold,2031-01-01,2030-12-31',
    ])
    bad.assertStatus(422)
    assert.deepEqual(
      bad.body().errors.map((error: any) => error.message),
      [
        '2 rows have problems; nothing was imported.',
        "Row 4: Team 'Nobody Capital' is not known.",
        "Row 5: License type 'Gold' is not known; End date must not be before the start date; Repeats row 2.",
      ]
    )
    assert.equal(await contractCount(), before)

    const good = await upload(GOOD)
    good.assertStatus(200)
    good.assertBody({ created: 2, updated: 0 })
    assert.equal(await contractCount(), before + 2)

    // The same file again updates rather than duplicates.
    const again = await upload(GOOD)
    again.assertBody({ created: 0, updated: 2 })
  })

  test('never moves an existing contract, with its benchmarks, to another provider', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const contract = await db
      .from('contracts')
      .join('teams', 'teams.id', 'contracts.team_id')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .join('license_types', 'license_types.id', 'contracts.license_type_id')
      .join('product_benchmarks', 'product_benchmarks.contract_id', 'contracts.id')
      .where('providers.provider_key', 'bloomberg')
      .select(
        'contracts.id',
        'contracts.reference',
        'contracts.provider_id',
        'contracts.end_date',
        'teams.name as team',
        'license_types.name as license'
      )
      .firstOrFail()
    const snapshot = async () =>
      JSON.stringify(await db.from('contracts').orderBy('id').select('*'))
    const before = await snapshot()
    const moved = [
      HEADER,
      `${contract.team},factset,${contract.reference},${contract.license},2030-01-01,2030-12-31`,
    ]
    const refused = await client
      .post('/api/admin/market-data/contracts/import')
      .loginAs(admin)
      .withCsrfToken()
      .file('file', Buffer.from(moved.join('\n')), { filename: 'contracts.csv' })
    refused.assertStatus(422)
    assert.deepEqual(
      refused.body().errors.map((error: any) => error.message),
      [
        '1 row has problems; nothing was imported.',
        `Row 2: Contract '${contract.reference}' of ${contract.team} is with Bloomberg; an existing contract cannot move to another provider.`,
      ]
    )
    const path = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'moved.csv')
    writeFileSync(path, moved.join('\n'))
    const command = await ace.create(ImportContracts, [path])
    await command.exec()
    assert.equal(command.exitCode, 1)
    assert.equal(await snapshot(), before)

    // The same provider: the contract is updated, and the trail keeps what it was.
    const kept = [
      HEADER,
      `${contract.team},bloomberg,${contract.reference},${contract.license},2030-01-01,2030-12-31`,
    ]
    const updated = await client
      .post('/api/admin/market-data/contracts/import')
      .loginAs(admin)
      .withCsrfToken()
      .file('file', Buffer.from(kept.join('\n')), { filename: 'contracts.csv' })
    updated.assertBody({ created: 0, updated: 1 })
    const entry = await db.from('audit_logs').where('entity_type', 'contract').firstOrFail()
    const label = `${contract.team} · ${contract.reference}`
    const recorded = JSON.parse(entry.before)
    assert.equal(recorded[label].reference, contract.reference)
    assert.notEqual(recorded[label].end_date, '2030-12-31')
    assert.equal(JSON.parse(entry.after)[label].end_date, '2030-12-31')
  })

  test('ace import:contracts: exit 1 on a bad file, imports a good one', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const dir = mkdtempSync(join(tmpdir(), 'spendlens-'))
    const bad = join(dir, 'bad.csv')
    writeFileSync(bad, [HEADER, 'Nobody,bloomberg,X,Enterprise,2030-01-01,2030-02-01'].join('\n'))
    const good = join(dir, 'good.csv')
    writeFileSync(good, GOOD.join('\n'))
    const before = await contractCount()

    const refused = await ace.create(ImportContracts, [bad])
    await refused.exec()
    assert.equal(refused.exitCode, 1)
    assert.equal(await contractCount(), before)

    const run = await ace.create(ImportContracts, [good])
    await run.exec()
    run.assertSucceeded()
    run.assertLog('[ green(success) ] Imported contracts: 2 created, 0 updated.')
  })

  test('refuses administrators without the permission', async ({ client }) => {
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const response = await client
      .post('/api/admin/market-data/contracts/import')
      .loginAs(servicesAdmin)
      .withCsrfToken()
      .file('file', Buffer.from(GOOD.join('\n')), { filename: 'contracts.csv' })
    response.assertStatus(403)
  })
})
