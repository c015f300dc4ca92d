import { test } from '@japa/runner'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { uploadsDirectory } from '#services/market_data/data_collection'
import { CONTRACTS_SHEET, TEMPLATE_COLUMNS } from '#shared/data_collection'
import { MODULES } from '#shared/modules'
import { readSpreadsheetsAsBuffers, XLSX_TYPE } from '#tests/helpers/responses'

readSpreadsheetsAsBuffers()

const HEADER = TEMPLATE_COLUMNS.map((column) => column.header)

/** A workbook with a Contracts sheet holding the given rows under the template's header. */
async function workbook(rows: unknown[][], options: { sheet?: string; header?: string[] } = {}) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(options.sheet ?? CONTRACTS_SHEET)
  sheet.addRow(options.header ?? HEADER)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

const VALID_ROW = [
  'Bloomberg',
  'BBG-2026-01',
  'Enterprise',
  'Bloomberg Terminal',
  'Investment management',
  '2026-01-01',
  '2028-12-31',
  245000,
  'CHF',
  'Renewed in January',
]

async function openCollectionId(teamName: string) {
  const collection = await db
    .from('data_collections')
    .where({ team_id: await teamId(teamName), status: 'open' })
    .select('id')
    .firstOrFail()
  return collection.id as number
}

async function countOf(table: string) {
  const row = await db.from(table).count('* as total').firstOrFail()
  return Number(row.total)
}
const submissionCount = () => countOf('data_collection_submissions')
const rowCount = () => countOf('data_collection_rows')
const storedFiles = () => (existsSync(uploadsDirectory()) ? readdirSync(uploadsDirectory()) : [])

test.group('Market data templates (data collection)', (group) => {
  group.each.setup(() => {
    rmSync(uploadsDirectory(), { recursive: true, force: true })
    return testUtils.db().withGlobalTransaction()
  })

  test('lists the open collection and the Completed submissions by default', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const response = await client.get('/market-data/templates').loginAs(analyst).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/templates')
    const props = response.inertiaProps as any
    assert.equal(props.status, 'completed')
    assert.lengthOf(props.collections, 1)
    assert.match(props.collections[0].name, /^Market data contracts \d{4}$/)
    assert.lengthOf(props.submissions, 2)
    assert.isTrue(props.submissions.every((row: any) => row.status === 'completed'))
    assert.deepEqual(props.counts, { completed: 2, rejected: 1, in_review: 1 })
  })

  test('ignores research spend collections and submissions of the same team', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const helvetia = await teamId('Helvetia Capital Partners')
    const [row] = await db
      .table('data_collections')
      .insert({
        team_id: helvetia,
        name: 'Research spend 2025',
        status: 'open',
        kind: 'rsa',
        year: 2025,
        created_at: new Date(),
      })
      .returning('id')
    const rsaCollection = typeof row === 'object' ? row.id : row
    await db.table('data_collection_submissions').insert({
      data_collection_id: rsaCollection,
      team_id: helvetia,
      original_file_name: 'research-spend.xlsx',
      delivery_date: '2026-01-01',
      status: 'completed',
      created_at: new Date(),
    })

    const response = await client.get('/market-data/templates').loginAs(analyst).withInertia()
    const props = response.inertiaProps as any
    assert.deepEqual(
      props.collections.map((collection: any) => collection.name),
      [`Market data contracts ${props.collections[0].name.slice(-4)}`]
    )
    assert.lengthOf(props.submissions, 2)
    assert.isTrue(props.submissions.every((entry: any) => entry.fileName !== 'research-spend.xlsx'))
    assert.deepEqual(props.counts, { completed: 2, rejected: 1, in_review: 1 })
  })

  test('filters submissions by status', async ({ client, assert }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const rejected = await client
      .get('/market-data/templates?status=rejected')
      .loginAs(analyst)
      .withInertia()
    const props = rejected.inertiaProps as any
    assert.equal(props.status, 'rejected')
    assert.lengthOf(props.submissions, 1)
    assert.match(props.submissions[0].statusComment, /monthly rather than annually/)

    const all = await client.get('/market-data/templates?status=all').loginAs(analyst).withInertia()
    assert.lengthOf((all.inertiaProps as any).submissions, 4)
  })

  test('downloads the template pre-filled with the team contracts', async ({ client, assert }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const id = await openCollectionId('Helvetia Capital Partners')
    const response = await client.get(`/market-data/templates/${id}/template`).loginAs(analyst)
    response.assertStatus(200)
    response.assertHeader('content-type', XLSX_TYPE)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(response.body() as any)
    assert.deepEqual(
      book.worksheets.map((sheet) => sheet.name),
      ['Instructions', 'Contracts', 'Reference']
    )
    const sheet = book.getWorksheet(CONTRACTS_SHEET)!
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), HEADER)

    const today = new Date().toISOString().slice(0, 10)
    // Current and upcoming lines: a year of a running contract that has ended is not asked again.
    const expected = await db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .where('contracts.team_id', await teamId('Helvetia Capital Partners'))
      .where('product_benchmarks.end_date', '>=', today)
      .count('* as total')
      .firstOrFail()
    assert.equal(sheet.actualRowCount - 1, Number(expected.total))
    const references = new Set<string>()
    sheet.eachRow((row, index) => {
      if (index > 1) references.add(String(row.getCell(2).value))
    })
    const northbridge = await teamId('Northbridge Asset Management')
    const foreign = await db.from('contracts').where('team_id', northbridge).select('reference')
    assert.isTrue(foreign.every((row) => !references.has(row.reference)))
  })

  test("answers another team's collection template with 404", async ({ client }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const foreignTeam = await makeTeam({ modules: [MODULES.marketDataDataCollection] })
    const [row] = await db
      .table('data_collections')
      .insert({ team_id: foreignTeam.id, name: 'Other', status: 'open', created_at: new Date() })
      .returning('id')
    const id = typeof row === 'object' ? row.id : row
    const response = await client.get(`/market-data/templates/${id}/template`).loginAs(analyst)
    response.assertStatus(404)
  })

  test('stores a valid upload as a submitted submission with its rows and file', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const before = { submissions: await submissionCount(), rows: await rowCount() }
    const response = await client
      .post('/market-data/templates/upload')
      .loginAs(analyst)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .file(
        'fileToUpload',
        await workbook([VALID_ROW, VALID_ROW.map((v, i) => (i === 3 ? 'Data License' : v))]),
        {
          filename: 'contracts.xlsx',
        }
      )
      .field('dataCollectionId', String(await openCollectionId('Helvetia Capital Partners')))
      .field('additionalComments', '  Includes the January renewal  ')
      .field('deliveryDate', '2026-11-20')
    response.assertStatus(302)
    response.assertHeader('location', '/market-data/templates?status=submitted')

    assert.equal(await submissionCount(), before.submissions + 1)
    assert.equal(await rowCount(), before.rows + 2)
    const submission = await db
      .from('data_collection_submissions')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(submission.status, 'submitted')
    assert.equal(submission.original_file_name, 'contracts.xlsx')
    assert.equal(submission.additional_comments, 'Includes the January renewal')
    assert.equal(submission.row_count, 2)
    assert.equal(submission.user_id, analyst.id)
    assert.deepEqual(storedFiles(), [submission.stored_file_name])

    const download = await client
      .get(`/market-data/templates/submissions/${submission.id}/file`)
      .loginAs(analyst)
    download.assertStatus(200)
    assert.match(download.header('content-disposition')!, /^attachment; filename="contracts.xlsx"/)
  })

  test('refuses a file with bad rows as a whole, reporting every row', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const before = { submissions: await submissionCount(), rows: await rowCount() }
    const rows = [
      VALID_ROW,
      ['Nobody Data', '', '', 'Thing', '', '2026-01-01', '2026-12-31', 10, 'CHF', ''],
      ['Bloomberg', '', '', 'Not a product', '', '2026-13-01', '2025-12-31', 'lots', 'XYZ', ''],
      ['Bloomberg', '', 'Gold', 'Bloomberg Terminal', '', '2026-02-01', '2026-01-01', -5, '', ''],
    ]
    const response = await client
      .post('/market-data/templates/upload')
      .loginAs(analyst)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('fileToUpload', await workbook(rows), { filename: 'contracts.xlsx' })
      .field('dataCollectionId', String(await openCollectionId('Helvetia Capital Partners')))
      .field('deliveryDate', '2026-11-20')
    response.assertStatus(422)
    const errors = (response.body() as { errors: { field: string; message: string }[] }).errors
    assert.deepEqual(
      errors.map((error) => error.field),
      ['fileToUpload', 'rows.3', 'rows.4', 'rows.5']
    )
    assert.equal(
      errors[0].message,
      '3 rows have problems; nothing was saved. Correct them and upload the file again.'
    )
    assert.equal(errors[1].message, "Row 3: Provider 'Nobody Data' is not known.")
    assert.equal(
      errors[2].message,
      "Row 4: Product 'Not a product' is not a Bloomberg product; Start date must be a date (YYYY-MM-DD); Annual payment must be a number; Currency 'XYZ' is not known."
    )
    assert.equal(
      errors[3].message,
      "Row 5: License type 'Gold' is not known; End date must not be before the start date; Annual payment must not be negative; Currency is required."
    )
    assert.equal(await submissionCount(), before.submissions)
    assert.equal(await rowCount(), before.rows)
    assert.deepEqual(storedFiles(), [])
  })

  test('refuses files that are not the template', async ({ client, assert }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const collectionId = String(await openCollectionId('Helvetia Capital Partners'))
    const upload = async (file: Buffer, filename: string) => {
      const response = await client
        .post('/market-data/templates/upload')
        .loginAs(analyst)
        .withCsrfToken()
        .header('accept', 'application/json')
        .file('fileToUpload', file, { filename })
        .field('dataCollectionId', collectionId)
        .field('deliveryDate', '2026-11-20')
      response.assertStatus(422)
      return (response.body() as { errors: { field: string; message: string }[] }).errors[0]
    }

    const csv = await upload(Buffer.from('Provider,Product\nBloomberg,Terminal\n'), 'contracts.csv')
    assert.equal(csv.field, 'fileToUpload')
    assert.equal(
      csv.message,
      'Completed template must be an .xlsx file: this one is empty, or its content is of another kind.'
    )
    // A file without an extension (renamed, or saved without one) is not called "undefined".
    const bare = await upload(Buffer.from('Provider,Product\nBloomberg,Terminal\n'), 'contracts')
    assert.equal(
      bare.message,
      'Completed template must be an .xlsx file: this one is empty, or its content is of another kind.'
    )

    const noSheet = await upload(await workbook([VALID_ROW], { sheet: 'Sheet1' }), 'c.xlsx')
    assert.equal(
      noSheet.message,
      "The workbook has no 'Contracts' sheet. Start from the downloaded template."
    )

    const noColumns = await upload(
      await workbook([['Bloomberg']], { header: ['Provider', 'Comments'] }),
      'c.xlsx'
    )
    assert.equal(
      noColumns.message,
      "The 'Contracts' sheet lacks the required columns 'Product', 'Start date', 'End date', 'Annual payment', 'Currency'."
    )

    const empty = await upload(await workbook([]), 'c.xlsx')
    assert.equal(empty.message, "The 'Contracts' sheet has no contract lines to submit.")

    assert.equal(await submissionCount(), 4)
    assert.deepEqual(storedFiles(), [])
  })

  test('refuses a closed or foreign collection and a missing delivery date', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const closed = await db
      .from('data_collections')
      .where({ team_id: await teamId('Helvetia Capital Partners'), status: 'closed' })
      .select('id')
      .firstOrFail()
    const response = await client
      .post('/market-data/templates/upload')
      .loginAs(analyst)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('fileToUpload', await workbook([VALID_ROW]), { filename: 'c.xlsx' })
      .field('dataCollectionId', String(closed.id))
      .field('deliveryDate', '2026-11-20')
    response.assertStatus(422)
    assert.equal(
      (response.body() as any).errors[0].message,
      'Choose one of the data collections open for your team.'
    )

    const noDate = await client
      .post('/market-data/templates/upload')
      .loginAs(analyst)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('fileToUpload', await workbook([VALID_ROW]), { filename: 'c.xlsx' })
      .field('dataCollectionId', String(await openCollectionId('Helvetia Capital Partners')))
    noDate.assertStatus(422)
    assert.equal((noDate.body() as any).errors[0].field, 'deliveryDate')
    assert.equal(await submissionCount(), 4)
  })

  test("never serves another team's submission file", async ({ client }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const foreignTeam = await makeTeam({ modules: [MODULES.marketDataDataCollection] })
    const [collection] = await db
      .table('data_collections')
      .insert({ team_id: foreignTeam.id, name: 'Other', status: 'open', created_at: new Date() })
      .returning('id')
    const [submission] = await db
      .table('data_collection_submissions')
      .insert({
        data_collection_id: typeof collection === 'object' ? collection.id : collection,
        team_id: foreignTeam.id,
        original_file_name: 'theirs.xlsx',
        stored_file_name: 'theirs.xlsx',
        delivery_date: '2026-01-01',
        created_at: new Date(),
      })
      .returning('id')
    const id = typeof submission === 'object' ? submission.id : submission
    const response = await client
      .get(`/market-data/templates/submissions/${id}/file`)
      .loginAs(analyst)
    response.assertStatus(404)
  })

  test('refuses a team without the data collection module', async ({ client }) => {
    const user = await makeUser({
      teams: [await makeTeam({ modules: [MODULES.marketDataContracts] })],
    })
    const page = await client.get('/market-data/templates').loginAs(user).withInertia()
    page.assertStatus(403)
    const upload = await client
      .post('/market-data/templates/upload')
      .loginAs(user)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('fileToUpload', await workbook([VALID_ROW]), { filename: 'c.xlsx' })
      .field('dataCollectionId', '1')
      .field('deliveryDate', '2026-11-20')
    upload.assertStatus(403)
  })
})
