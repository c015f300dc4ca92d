import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn } from '#tests/helpers/market_data'
import { toCsv, toXlsx } from '#services/market_data/export'

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
    assert.equal(csv, 'a,b\n"\'=HYPERLINK(""x"")","x,y"\n,5')
  })
})
