import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'
import { budgetsWorld } from '#tests/helpers/rsa'
import { readSpreadsheetsAsBuffers } from '#tests/helpers/responses'
import { BUDGET_COLUMN_IDS } from '#shared/rsa'

readSpreadsheetsAsBuffers()

const DATE = 'yyyy-mm-dd'
const PERCENT = '0.0%'
const TEXT = '@'
const money = (code: string) => `"${code} "#,##0;"${code} "-#,##0`

/**
 * The format each column's header calls for: an amount "(GBP)" in that currency with
 * separators, a "%" column as a percentage, Start, End and "… as of" as dates, anything else as
 * text.
 */
function expectedFormat(header: string) {
  const currency = /\(([A-Z]{3})\)$/.exec(header)?.[1]
  if (header.startsWith('Sub products')) return TEXT
  if (currency) return money(currency)
  if (header.endsWith('%')) return PERCENT
  if (header === 'Start' || header === 'End' || header.endsWith(' as of')) return DATE
  return TEXT
}

/**
 * Reads the workbook back and checks every cell below the header (the totals row included)
 * against its column's type; returns the sheet's rows as values for further checks.
 */
async function checkFormats(assert: Assert, body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as any)
  const sheet = workbook.worksheets[0]
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String)
  assert.isAbove(sheet.rowCount, 1, 'the export has rows')
  for (let rowNumber = 2; rowNumber <= sheet.rowCount; rowNumber++) {
    const row = sheet.getRow(rowNumber)
    header.forEach((label, index) => {
      const cell = row.getCell(index + 1)
      const format = expectedFormat(label)
      const where = `row ${rowNumber}, column "${label}"`
      if (format === TEXT) assert.oneOf(cell.numFmt ?? 'General', [TEXT, 'General'], where)
      else assert.equal(cell.numFmt, format, where)
      if (cell.value === null || cell.value === undefined) return
      if (format === DATE) assert.instanceOf(cell.value, Date, `"${label}" holds dates`)
      else if (format === TEXT) assert.isString(cell.value, `"${label}" holds text`)
      else assert.isNumber(cell.value, `"${label}" holds numbers`)
      // Percentages are fractions of one: a 12.5% difference is stored 0.125.
      if (format === PERCENT) assert.isBelow(Math.abs(cell.value as number), 100)
    })
  }
  return { header, sheet }
}

test.group('Every XLSX export types its columns', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('market data benchmarks: dates, amounts in the currency, a percentage', async ({
    client,
    assert,
  }) => {
    const user = await demoAnalystIn('Northbridge Asset Management')
    const response = await client
      .get('/market-data/bloomberg/export?format=xlsx&tab=active-upcoming')
      .loginAs(user)
    response.assertStatus(200)
    const { header, sheet } = await checkFormats(assert, response.body())
    assert.includeMembers(header, ['Start', 'End', 'Difference %'])
    assert.isTrue(header.some((label) => /^Payment \([A-Z]{3}\)$/.test(label)))
    // Contracts are not added up: the last row is what a year costs for what is in force.
    const totals = sheet.getRow(sheet.rowCount)
    assert.match(String(totals.getCell(1).value), /^Per year, in force on /)
    assert.isNull(totals.getCell(3).value, 'the totals row has no start date')
  })

  test('alternative data benchmarks of a contract', async ({ client, assert }) => {
    const user = await demoAnalystIn('Helvetia Capital Partners')
    const provider = await db.from('providers').where('provider_key', 'yipitdata').firstOrFail()
    const contract = await db
      .from('contracts')
      .where({ team_id: await teamId('Helvetia Capital Partners'), provider_id: provider.id })
      .orderBy('start_date')
      .firstOrFail()
    const response = await client
      .get(`/alternative-data/yipitdata/export?contract=${contract.id}&format=xlsx`)
      .loginAs(user)
    response.assertStatus(200)
    await checkFormats(assert, response.body())
  })

  test('research budgets with every column: the peer benchmark is an amount, not a date', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    const columns = BUDGET_COLUMN_IDS.map((column) => `columns[]=${column}`).join('&')
    const response = await client.get(`/rsa/budgets/export?format=xlsx&${columns}`).loginAs(member)
    response.assertStatus(200)
    const { header, sheet } = await checkFormats(assert, response.body())
    assert.lengthOf(header, BUDGET_COLUMN_IDS.length)
    const column = (label: string) => header.indexOf(label) + 1
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2))
    const atlas = rows.find((row) => row.getCell(1).value === 'Atlas Global Markets')!
    assert.isAbove(atlas.getCell(column('Peer benchmark (GBP)')).value as number, 50_000)
    assert.equal(atlas.getCell(column('My price (GBP)')).value, 150_000)
    const totals = sheet.getRow(sheet.rowCount)
    assert.equal(totals.getCell(column('My price (GBP)')).value, 200_000)
  })

  test('the default budgets export too', async ({ client, assert }) => {
    const { member } = await budgetsWorld()
    const response = await client.get('/rsa/budgets/export?format=xlsx').loginAs(member)
    response.assertStatus(200)
    const { header } = await checkFormats(assert, response.body())
    assert.equal(header[3], 'Peer benchmark (GBP)')
  })
})
