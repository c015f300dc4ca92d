import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn } from '#tests/helpers/market_data'
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

  test('exports what the page shows: real dates, sub products with prices, a totals row', async ({
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
    const rows = sheet.getSheetValues().slice(2) as unknown[][]
    const body = rows.slice(0, -1)
    const total = rows.at(-1)!
    assert.instanceOf(body[0][3], Date, 'start dates are spreadsheet dates')
    assert.equal(sheet.getRow(2).getCell(3).numFmt, 'yyyy-mm-dd')
    assert.equal(total[1], 'Total')
    const sum = (column: number) =>
      body.reduce(
        (acc, row) => acc + (typeof row[column] === 'number' ? (row[column] as number) : 0),
        0
      )
    // Each total is the sum of the rounded amounts, give or take the rounding of each row.
    assert.closeTo(total[6] as number, sum(6), body.length)
    assert.closeTo(total[7] as number, sum(7), body.length)
    const withSubProducts = body.find((row) => String(row[11] ?? '').includes('Pricing'))
    assert.exists(withSubProducts)
    assert.match(String(withSubProducts![11]), /(^|; )Pricing: \d+(;|$)/)
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
