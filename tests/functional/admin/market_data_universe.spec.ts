import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { readSpreadsheetsAsBuffers } from '#tests/helpers/responses'
import { UNIVERSE_SHEETS } from '#services/market_data/universe_import'
import ImportUniverse from '#commands/import_universe'

readSpreadsheetsAsBuffers()

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const API = '/api/admin/market-data/universe/import'

async function workbook(sheets: Partial<Record<keyof typeof UNIVERSE_SHEETS, unknown[][]>>) {
  const book = new ExcelJS.Workbook()
  for (const name of Object.keys(UNIVERSE_SHEETS) as (keyof typeof UNIVERSE_SHEETS)[]) {
    if (!(name in sheets)) continue
    const sheet = book.addWorksheet(name)
    sheet.addRow([...UNIVERSE_SHEETS[name]])
    for (const row of sheets[name]!) sheet.addRow(row)
  }
  return Buffer.from(await book.xlsx.writeBuffer())
}

const GOOD = {
  Providers: [
    ['orbit-analytics', 'Orbit Analytics', 'alternative_data', 'yes', 'no', 'Satellite data'],
    ['bloomberg', 'Bloomberg', 'market_data', 'yes', 'yes', 'Terminals and feeds.'],
  ],
  Products: [
    ['orbit-analytics', 'Geospatial', 'Imagery', 'Port traffic'],
    ['bloomberg', 'Desktop', 'Terminal', 'Bloomberg Terminal'],
  ],
  Drivers: [
    ['orbit-analytics', 'Regions', 'yes', 'regions', '', ''],
    ['orbit-analytics', 'History', 'no', '', 'Five years', 5],
    ['orbit-analytics', 'History', 'no', '', 'Ten years', 10],
  ],
}

const counts = async () => {
  const rows = await Promise.all(
    ['providers', 'product_categories', 'provider_products', 'drivers', 'driver_options'].map(
      async (table) => {
        const row = await db.from(table).count('* as total').firstOrFail()
        return Number(row.total)
      }
    )
  )
  return rows.join(',')
}

async function upload(client: any, admin: any, file: Buffer, dryRun: boolean) {
  return client
    .post(API)
    .loginAs(admin)
    .withCsrfToken()
    .file('file', file, { filename: 'universe.xlsx' })
    .field('dry_run', dryRun ? '1' : '0')
}

test.group('Admin universe upload', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a dry run shows what would change and saves nothing; the import applies it', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const before = await counts()
    const file = await workbook(GOOD)

    const preview = await upload(client, admin, file, true)
    preview.assertStatus(200)
    const plan = preview.body().plan as {
      entity: string
      name: string
      action: string
      detail?: string
    }[]
    assert.deepInclude(plan, { entity: 'provider', name: 'Orbit Analytics', action: 'create' })
    assert.deepInclude(plan, {
      entity: 'provider',
      name: 'Bloomberg',
      action: 'change',
      detail: 'description',
    })
    assert.deepInclude(plan, {
      entity: 'product',
      name: 'bloomberg: Bloomberg Terminal',
      action: 'unchanged',
    })
    assert.equal(preview.body().counts.create, 8)
    assert.equal(await counts(), before)
    assert.isNull(await db.from('audit_logs').where('entity_type', 'universe').first())

    const imported = await upload(client, admin, file, false)
    imported.assertStatus(200)
    const orbit = await db.from('providers').where('provider_key', 'orbit-analytics').firstOrFail()
    assert.equal(orbit.provider_type, 'alternative_data')
    const options = await db
      .from('driver_options')
      .join('drivers', 'drivers.id', 'driver_options.driver_id')
      .where('drivers.provider_id', orbit.id)
    assert.lengthOf(options, 2)
    assert.isNotNull(await db.from('audit_logs').where('entity_type', 'universe').first())
  })

  test('a partly invalid workbook changes nothing and names the failing rows', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const before = await counts()
    const bad = await workbook({
      Providers: [...GOOD.Providers, ['Bad Key!', '', 'news', 'maybe', 'no', '']],
      Products: [...GOOD.Products, ['nobody', 'A', 'B', 'C']],
      Drivers: [...GOOD.Drivers, ['orbit-analytics', 'Regions', 'no', '', 'One', 'x']],
    })
    const response = await upload(client, admin, bad, false)
    response.assertStatus(422)
    const messages = response.body().errors.map((error: any) => error.message)
    assert.deepEqual(messages, [
      '3 rows have problems; nothing was imported.',
      "Providers row 4: Provider key must be 2–80 lower-case letters, digits or dashes; Name is required; Type must be 'market_data' or 'alternative_data'; Active must be yes or no.",
      "Products row 4: Provider 'nobody' is neither in the Providers sheet nor known.",
      "Drivers row 5: Option value must be a number; Driver 'Regions' is numeric on one row and not on another.",
    ])
    assert.equal(await counts(), before)

    const missingSheet = await upload(client, admin, await workbook({ Providers: [] }), true)
    missingSheet.assertStatus(422)
    assert.equal(missingSheet.body().errors[0].message, "The workbook has no 'Products' sheet.")
  })

  test('the downloaded universe uploads back with nothing to change', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const download = await client.get('/admin/market-data/universe/workbook').loginAs(admin)
    download.assertStatus(200)
    const preview = await upload(client, admin, download.body() as Buffer, true)
    preview.assertStatus(200)
    assert.equal(preview.body().counts.create, 0)
    assert.equal(preview.body().counts.change, 0)
    assert.isAbove(preview.body().counts.unchanged, 50)
  })

  test('refuses administrators without the permission', async ({ client }) => {
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const response = await upload(client, servicesAdmin, await workbook(GOOD), true)
    response.assertStatus(403)
    const page = await client
      .get('/admin/market-data/universe')
      .loginAs(servicesAdmin)
      .withInertia()
    page.assertStatus(403)
  })
})

test.group('ace import:universe', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('dry run saves nothing; a bad workbook exits 1; a good one imports', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const dir = mkdtempSync(join(tmpdir(), 'spendlens-'))
    const good = join(dir, 'good.xlsx')
    writeFileSync(good, await workbook(GOOD))
    const bad = join(dir, 'bad.xlsx')
    writeFileSync(bad, await workbook({ ...GOOD, Products: [['nobody', 'A', 'B', 'C']] }))
    const before = await counts()

    const dry = await ace.create(ImportUniverse, [good, '--dry-run'])
    await dry.exec()
    dry.assertSucceeded()
    assert.equal(await counts(), before)

    const refused = await ace.create(ImportUniverse, [bad])
    await refused.exec()
    assert.equal(refused.exitCode, 1)
    assert.equal(await counts(), before)

    const run = await ace.create(ImportUniverse, [good])
    await run.exec()
    run.assertSucceeded()
    assert.isNotNull(await db.from('providers').where('provider_key', 'orbit-analytics').first())
  })
})
