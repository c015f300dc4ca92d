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
import { UNIVERSE_SHEETS } from '#services/market_data/universe_import'
import ImportRegressions from '#commands/import_regressions'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const HUGE = '9'.repeat(400)

/** Every amount column the administration writes, as text: a refused write changes none. */
async function amounts() {
  const tables = [
    ['product_benchmarks', ['payment', 'benchmark_price']],
    ['sub_product_benchmarks', ['benchmark_price']],
    ['product_benchmark_drivers', ['value']],
    ['regressions', ['intercept']],
    ['regression_coefficients', ['coefficient_value', 'min_driver_value', 'max_driver_value']],
    ['driver_options', ['value']],
    ['rate_card_product_benchmarks', ['min_benchmark', 'avg_benchmark', 'max_benchmark']],
    ['proposal_items', ['proposed_price']],
  ] as const
  const rows = await Promise.all(
    tables.map(([table, columns]) =>
      db
        .from(table)
        .select('id', ...columns)
        .orderBy('id')
    )
  )
  return JSON.stringify(rows)
}

async function bloomberg() {
  const provider = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
  const [contract, product, gbp, license, drivers, teamType, range] = await Promise.all([
    db.from('contracts').where('provider_id', provider.id).orderBy('id').firstOrFail(),
    db.from('provider_products').where('provider_id', provider.id).orderBy('id').firstOrFail(),
    db.from('currencies').where('code', 'GBP').firstOrFail(),
    db.from('license_types').orderBy('id').firstOrFail(),
    db.from('drivers').where('provider_id', provider.id).orderBy('id'),
    db.from('team_types').where('key', 'asset_manager').firstOrFail(),
    db.from('aum_ranges').orderBy('sort_order').firstOrFail(),
  ])
  return { provider, contract, product, gbp, license, drivers, teamType, range }
}

function messages(response: { body(): any }) {
  return Object.fromEntries(
    (response.body().errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
  )
}

test.group('Admin market data: one amount rule for every path', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('product benchmarks refuse huge, infinite and negative amounts with field errors', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const { contract, product, gbp } = await bloomberg()
    const before = await amounts()
    const base = {
      contract_id: contract.id,
      product_id: product.id,
      start_date: '2030-01-01',
      end_date: '2030-12-31',
      currency_id: gbp.id,
      drivers: [],
      sub_product_benchmarks: [],
    }
    const cases = [
      [{ payment: HUGE, benchmark_price: 10 }, 'payment', 'Payment is too large'],
      [{ payment: 1e308, benchmark_price: 10 }, 'payment', 'Payment is too large'],
      [{ payment: -5, benchmark_price: 10 }, 'payment', 'Payment must not be negative.'],
      [{ payment: 10, benchmark_price: '-0.01' }, 'benchmark_price', 'must not be negative'],
      [{ payment: '10.123', benchmark_price: 10 }, 'payment', 'at most 2 decimal places'],
      // Messages in the page's words, not the column's.
      [{ payment: 10, benchmark_price: 10, currency_id: -1 }, 'currency_id', 'Choose a currency.'],
      [
        {
          payment: 10,
          benchmark_price: 10,
          sub_product_benchmarks: [{ name: 'Feed', benchmark_price: HUGE, currency_id: gbp.id }],
        },
        'sub_product_benchmarks.0.benchmark_price',
        'Sub product price is too large',
      ],
    ] as const
    for (const [change, field, message] of cases) {
      const response = await client
        .post('/api/admin/market-data/product-benchmark/store')
        .loginAs(admin)
        .withCsrfToken()
        .json({ ...base, ...change })
      response.assertStatus(422)
      assert.include(messages(response)[field], message)
    }
    assert.equal(await amounts(), before)
  })

  test('regressions refuse huge intercepts by form and by import, web and command line', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const { product, license } = await bloomberg()
    const before = await amounts()
    const url = '/admin/market-data/providers/bloomberg/regressions'
    for (const [intercept, message] of [
      [1e308, 'Intercept is too large: at most 14 digits before the decimal point.'],
      [HUGE, 'Intercept is too large: at most 14 digits before the decimal point.'],
      ['abc', 'Intercept must be a number.'],
    ] as const) {
      const response = await client
        .post(url)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({ product_id: product.id, license_type_id: license.id, intercept, coefficients: [] })
      response.assertStatus(422)
      assert.equal(messages(response).intercept, message)
    }

    const file = [
      'Product,License type,Intercept,Driver,Coefficient,Min,Max',
      `Bloomberg Terminal,Enterprise,${HUGE},Users,1e400,,`,
    ].join('\n')
    const imported = await client
      .post(`${url}/import`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', Buffer.from(file), { filename: 'regressions.csv' })
    imported.assertStatus(422)
    assert.include(
      imported
        .body()
        .errors.map((error: any) => error.message)
        .join('\n'),
      'Row 2: Intercept is too large: at most 14 digits before the decimal point; Coefficient is too large: at most 14 digits before the decimal point.'
    )

    const path = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'regressions.csv')
    writeFileSync(path, file)
    const command = await ace.create(ImportRegressions, ['--provider=bloomberg', path])
    await command.exec()
    assert.equal(command.exitCode, 1)
    assert.equal(await amounts(), before)
  })

  test('universe option values, classification options and rate cards follow the rule', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const { provider, product, teamType, range, gbp } = await bloomberg()
    const before = await amounts()

    const book = new ExcelJS.Workbook()
    for (const name of Object.keys(UNIVERSE_SHEETS) as (keyof typeof UNIVERSE_SHEETS)[]) {
      book.addWorksheet(name).addRow([...UNIVERSE_SHEETS[name]])
    }
    book.getWorksheet('Drivers')!.addRow(['bloomberg', 'Coverage', 'no', '', 'Global', HUGE])
    const universe = await client
      .post('/api/admin/market-data/universe/import')
      .loginAs(admin)
      .withCsrfToken()
      .file('file', Buffer.from(await book.xlsx.writeBuffer()), { filename: 'universe.xlsx' })
      .field('dry_run', '0')
    universe.assertStatus(422)
    assert.include(
      universe
        .body()
        .errors.map((error: any) => error.message)
        .join('\n'),
      'Drivers row 2: Option value is too large: at most 14 digits before the decimal point.'
    )

    const tree = await client
      .get(`/api/admin/market-data/provider/categories/bloomberg`)
      .loginAs(admin)
    const category = tree.body()
    const optionDriver = category.drivers.findIndex((driver: any) => !driver.is_numeric)
    category.drivers[optionDriver].driver_options[0].value = 1e300
    const saved = await client
      .post('/api/admin/market-data/provider/save-category')
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...category } })
    saved.assertStatus(422)
    const option = category.drivers[optionDriver].driver_options[0]
    assert.equal(
      messages(saved)[`drivers.${optionDriver}.driver_options.0.value`],
      `Option '${option.label}' value is too large: at most 14 digits before the decimal point.`
    )

    const card = {
      provider_id: provider.id,
      team_type_id: teamType.id,
      currency_id: gbp.id,
      as_of_date: '2026-12-31',
      active: false,
      categories: [],
      entries: [
        {
          product_id: product.id,
          aum_range_id: range.id,
          min_benchmark: -1,
          avg_benchmark: 5,
          max_benchmark: HUGE,
          assumptions: [],
        },
      ],
    }
    const rateCard = await client
      .post('/api/admin/market-data/rate-cards')
      .loginAs(admin)
      .withCsrfToken()
      .json(card)
    rateCard.assertStatus(422)
    const place = `${product.name}, ${range.min_aum}bn - ${range.max_aum}bn`
    assert.deepEqual(messages(rateCard), {
      'entries.0.min_benchmark': `${place}: Min must not be negative.`,
      'entries.0.max_benchmark': `${place}: Max is too large: at most 16 digits before the decimal point.`,
    })
    assert.equal(await amounts(), before)
  })
})
