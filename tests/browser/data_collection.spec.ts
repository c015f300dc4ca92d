import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn } from '#tests/helpers/market_data'
import { CONTRACTS_SHEET, TEMPLATE_COLUMNS } from '#shared/data_collection'

async function xlsxFile(rows: unknown[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(CONTRACTS_SHEET)
  sheet.addRow(TEMPLATE_COLUMNS.map((column) => column.header))
  for (const row of rows) sheet.addRow(row)
  const path = join(mkdtempSync(join(tmpdir(), 'spendlens-')), 'contracts.xlsx')
  writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()))
  return path
}

const row = (product: string, payment: unknown) => [
  'Bloomberg',
  'BBG-1',
  '',
  product,
  '',
  '2026-01-01',
  '2028-12-31',
  payment,
  'CHF',
  '',
]

test.group('Data collection in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a file with bad rows is refused row by row; the corrected file is received', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    await browserContext.loginAs(analyst)
    const page = await visit('/market-data/templates')
    assert.equal(
      await page.getByRole('tab', { name: /Completed/ }).getAttribute('aria-selected'),
      'true'
    )

    await page
      .getByLabel(/Completed template/)
      .setInputFiles(await xlsxFile([row('Bloomberg Terminal', 1000), row('Teleporter', 'n/a')]))
    await page.getByRole('button', { name: 'Upload file' }).click()
    await page.getByText('1 row has problems; nothing was saved.', { exact: false }).waitFor()
    assert.equal(
      await page.getByTestId('row-errors').textContent(),
      "Row 3: Product 'Teleporter' is not a Bloomberg product; Annual payment must be a number."
    )
    const stored = await db.from('data_collection_submissions').count('* as total').firstOrFail()
    assert.equal(Number(stored.total), 4)

    await page
      .getByLabel(/Completed template/)
      .setInputFiles(await xlsxFile([row('Bloomberg Terminal', 1000), row('Data License', 2500)]))
    await page.getByLabel(/Additional comments/).fill('Corrected file')
    await page.getByRole('button', { name: 'Upload file' }).click()
    await page.waitForURL((url) => url.search === '?status=submitted')
    await page.getByText('2 contract lines received', { exact: false }).waitFor()
    const submissions = page.getByTestId('submissions')
    await submissions.getByText('contracts.xlsx').waitFor()
    assert.include(await submissions.textContent(), 'Corrected file')
  })
})
