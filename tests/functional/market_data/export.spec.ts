import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn, markSubProductDriver } from '#tests/helpers/market_data'
import { sheetName, toCsv, toXlsx } from '#services/market_data/export'
import { readSpreadsheetsAsBuffers } from '#tests/helpers/responses'

readSpreadsheetsAsBuffers()

const analyst = () => demoAnalystIn('Northbridge Asset Management')

test.group('Benchmarks export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('downloads the visible table as XLSX', async ({ client }) => {
    const user = await analyst()
    const response = await client
      .get('/market-data/bloomberg/export?format=xlsx&tab=active-upcoming')
      .loginAs(user)
    response.assertStatus(200)
    response.assertHeader(
      'content-type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    response.assertHeader(
      'content-disposition',
      'attachment; filename="bloomberg-active-upcoming-benchmarks.xlsx"'
    )
  })

  test('writes a workbook with the header and one row per benchmark', async ({ assert }) => {
    const buffer = await toXlsx('Bloomberg benchmarks', {
      header: ['Product', 'Payment (GBP)'],
      types: ['text', 'money'],
      currency: 'GBP',
      body: [
        ['Terminal', 1200],
        ['B-PIPE', null],
      ],
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(buffer as any)
    const sheet = workbook.worksheets[0]
    assert.equal(sheet.name, 'Bloomberg benchmarks')
    assert.equal(sheet.getRow(1).getCell(2).value, 'Payment (GBP)')
    assert.equal(sheet.getRow(2).getCell(2).value, 1200)
    assert.equal(sheet.rowCount, 3)
  })

  test('downloads CSV converted into the chosen currency', async ({ client, assert }) => {
    const user = await analyst()
    const usd = await db.from('currencies').where('code', 'USD').select('id').firstOrFail()
    const response = await client
      .get(`/market-data/bloomberg/export?format=csv&currency=${usd.id}`)
      .loginAs(user)
    response.assertStatus(200)
    const [header, ...rows] = response.text().split('\n')
    assert.include(header, 'Payment (USD)')
    assert.isAbove(rows.length, 0)
  })

  test('each sub product is exported with its price and its own drivers', async ({
    client,
    assert,
  }) => {
    const user = await analyst()
    const { subName, driverName, gbpId } = await markSubProductDriver(
      user.currentTeamId!,
      'bloomberg'
    )

    const response = await client
      .get(`/market-data/bloomberg/export?format=xlsx&tab=active-upcoming&currency=${gbpId}`)
      .loginAs(user)
    response.assertStatus(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.body() as any)
    const sheet = workbook.worksheets[0]
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const column = header.indexOf('Sub products (GBP)') + 1
    assert.isAbove(column, 0)
    const cells = (sheet.getSheetValues().slice(2) as unknown[][]).map((row) => String(row[column]))
    const cell = cells.find((text) => text.includes(`${subName}: 123456 (`))
    assert.exists(cell, 'the sub product with its price and drivers')
    assert.match(cell!, new RegExp(`${subName}: 123456 \\([^)]*\\b${driverName}: 987\\b`))
  })

  test('exports what the page shows: contract by contract, subtotals adding up to each contract', async ({
    client,
    assert,
  }) => {
    const user = await analyst()
    const response = await client
      .get('/market-data/bloomberg/export?format=xlsx&tab=active-upcoming')
      .loginAs(user)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.body() as any)
    const sheet = workbook.worksheets[0]
    assert.equal(sheet.name, 'Bloomberg benchmarks')
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const column = (label: string) => header.indexOf(label) + 1
    const rows = sheet.getSheetValues().slice(2) as unknown[][]
    const body = rows.slice(0, -1)
    const footer = rows.at(-1)!
    assert.instanceOf(body[0][3], Date, 'start dates are spreadsheet dates')
    assert.equal(sheet.getRow(2).getCell(3).numFmt, 'yyyy-mm-dd')
    const reference = column('Contract')
    const payment = column('Payment (GBP)')
    const benchmark = column('Benchmark (GBP)')
    const perYear = column('Payment per year (GBP)')

    // Each contract's rows, then its subtotal: the sum of its rows (give or take each row's
    // rounding), which is the contract's own total.
    const subtotals = body.filter((row) => String(row[1]).startsWith('Subtotal '))
    assert.isAbove(subtotals.length, 1, 'the demo provider has several contracts')
    let start = 0
    for (const subtotal of subtotals) {
      const end = body.indexOf(subtotal)
      const own = body.slice(start, end)
      assert.isAbove(own.length, 0)
      assert.isTrue(own.every((row) => row[reference] === subtotal[reference]))
      const sum = (index: number) =>
        own.reduce(
          (acc, row) => acc + (typeof row[index] === 'number' ? (row[index] as number) : 0),
          0
        )
      assert.closeTo(subtotal[payment] as number, sum(payment), own.length)
      assert.closeTo(subtotal[benchmark] as number, sum(benchmark), own.length)
      assert.closeTo(subtotal[perYear] as number, sum(perYear), own.length)
      start = end + 1
    }
    // No grand total of the contracts: only what a year costs for what is in force today.
    assert.match(String(footer[1]), /^Per year, in force on \d{4}-\d{2}-\d{2}$/)
    assert.isNull(footer[payment] ?? null)
    assert.isAbove(footer[perYear] as number, 0)
    const withSubProducts = body.find((row) => String(row[11] ?? '').includes('Pricing'))
    assert.exists(withSubProducts)
    // Each sub product: its price, then its drivers in brackets.
    assert.match(String(withSubProducts![11]), /(^|; )Pricing: \d+( \([^)]+\))?(;|$)/)
    assert.oneOf(body[0][column('Benchmark source')], [
      'Regression on peer contracts',
      'Analyst review',
    ])
  })

  test('exports one contract when the page shows one', async ({ client, assert }) => {
    const user = await analyst()
    const contract = await db
      .from('contracts')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .where({ 'contracts.team_id': user.currentTeamId!, 'providers.provider_key': 'bloomberg' })
      .orderBy('contracts.start_date', 'desc')
      .select('contracts.id', 'contracts.reference')
      .firstOrFail()
    const response = await client
      .get(`/market-data/bloomberg/export?format=csv&tab=active-upcoming&contract=${contract.id}`)
      .loginAs(user)
    response.assertStatus(200)
    const lines = response.text().split('\n').slice(1, -1)
    assert.isAbove(lines.length, 0)
    assert.isTrue(lines.every((line) => line.includes(contract.reference)))
    const other = await db
      .from('contracts')
      .whereNot('team_id', user.currentTeamId!)
      .select('id')
      .firstOrFail()
    const refused = await client
      .get(`/market-data/bloomberg/export?format=csv&contract=${other.id}`)
      .header('X-Requested-With', 'XMLHttpRequest')
      .loginAs(user)
    refused.assertStatus(404)
  })

  test('refuses an unknown currency instead of mixing currencies', async ({ client }) => {
    const user = await analyst()
    const response = await client
      .get('/market-data/bloomberg/export?format=csv&currency=999999')
      .header('X-Requested-With', 'XMLHttpRequest')
      .loginAs(user)
    response.assertStatus(422)
  })

  test('CSV starts with a byte-order mark; sheet names are ones Excel accepts', async ({
    client,
    assert,
  }) => {
    const user = await analyst()
    const response = await client.get('/market-data/bloomberg/export?format=csv').loginAs(user)
    assert.isTrue(response.text().startsWith('\uFEFFProduct,'))
    assert.equal(
      sheetName('Some provider with a long name benchmarks'),
      'Some provider with a long name'
    )
    assert.equal(sheetName('A/B: [test]?'), 'A B   test')
  })

  test('rejects an unknown format', async ({ client }) => {
    const user = await analyst()
    const response = await client
      .get('/market-data/bloomberg/export?format=pdf')
      .header('X-Requested-With', 'XMLHttpRequest')
      .loginAs(user)
    response.assertStatus(422)
  })

  test('neutralises spreadsheet formulas and quotes separators in CSV', ({ assert }) => {
    const csv = toCsv({
      header: ['a', 'b'],
      body: [
        ['=HYPERLINK("x")', 'x,y'],
        [null, 5],
      ],
    })
    assert.equal(csv, '\uFEFFa,b\n"\'=HYPERLINK(""x"")","x,y"\n,5')
  })
})
