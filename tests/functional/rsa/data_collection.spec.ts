import { test } from '@japa/runner'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { DateTime } from 'luxon'
import { insertReturningId } from '#services/db/insert'
import { SUBMISSIONS_PREFIX, uploadsDirectory } from '#services/data_collection/submissions'
import { editDistance } from '#services/rsa/data_collection'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { rsaBudget, rsaMember, rsaTeam, researchProvider } from '#tests/helpers/rsa'
import { expectStatus, readSpreadsheetsAsBuffers, XLSX_TYPE } from '#tests/helpers/responses'
import { MODULES } from '#shared/modules'
import {
  ASSESSMENT_COLUMNS,
  INTERACTION_COLUMNS,
  PROFILE_HEADER,
  PROFILE_ITEMS,
  PROVIDER_COLUMNS,
  RSA_TEMPLATE_VERSION,
} from '#shared/rsa_collection'

readSpreadsheetsAsBuffers()

const now = () => DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)

async function makeCollection(
  teamId: number,
  options: { kind?: 'rsa' | 'market_data'; status?: string; name?: string; dueDays?: number } = {}
) {
  return insertReturningId(db.connection(), 'data_collections', {
    team_id: teamId,
    name: options.name ?? 'Research spend 2025',
    due_date: DateTime.now()
      .plus({ days: options.dueDays ?? 30 })
      .toISODate(),
    status: options.status ?? 'open',
    kind: options.kind ?? 'rsa',
    year: options.kind === 'market_data' ? null : 2025,
    created_at: now(),
  })
}

async function makeSubmission(
  teamId: number,
  collectionId: number,
  options: { status?: string; file?: string; userId?: number | null } = {}
) {
  const storedName = options.file ?? null
  if (storedName) await drive.use().put(`${SUBMISSIONS_PREFIX}/${storedName}`, 'workbook')
  return insertReturningId(db.connection(), 'data_collection_submissions', {
    data_collection_id: collectionId,
    team_id: teamId,
    user_id: options.userId ?? null,
    original_file_name: 'research-spend.xlsx',
    stored_file_name: storedName,
    file_size: 8,
    delivery_date: '2025-11-20',
    status: options.status ?? 'submitted',
    row_count: 3,
    created_at: now(),
  })
}

/**
 * A team with research spend data collection: two research providers (one with an alias), its
 * 2023 and 2024 budgets, an open collection and a member.
 */
async function world() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  await db.table('provider_aliases').insert({
    provider_id: atlas.id,
    alias: 'atlas gm',
    created_at: now(),
  })
  const { team, currencyId } = await rsaTeam({ currency: 'GBP', totalAum: 30e9, activeAum: 10e9 })
  await rsaBudget(team, currencyId, [{ provider: birch, price: 10_000 }], { year: 2023 })
  await rsaBudget(team, currencyId, [
    { provider: atlas, price: 150_000, budget: 160_000, paid: [120_000, 30_000] },
    {
      provider: birch,
      price: 50_000,
      paid: [40_000],
      serviceType: 'analyst_access',
      accessType: 'analyst_only',
    },
  ])
  const collection = await makeCollection(team.id)
  const member = await rsaMember(team)
  return { atlas, birch, team, currencyId, collection, member }
}

/** A valid completed template, built from the layout (not from the download). */
function validBook() {
  const book = new ExcelJS.Workbook()
  const profile = book.addWorksheet('Profile')
  profile.addRow([...PROFILE_HEADER])
  const values: Record<string, unknown> = {
    templateVersion: RSA_TEMPLATE_VERSION,
    currency: 'GBP',
    firmType: 'Long-only manager',
    aumEquity: 20e9,
    aumFixedIncome: 8e9,
    aumMultiAsset: 2e9,
    aumOther: null,
    activeAum: 10e9,
    portfolioManagers: 6,
    analysts: 9,
    paymentMethod: 'P&L',
    domicile: 'UK',
  }
  for (const item of PROFILE_ITEMS) profile.addRow([item.header, values[item.key] ?? null, ''])

  const providers = book.addWorksheet('Providers')
  providers.addRow(PROVIDER_COLUMNS.map((column) => column.header))
  providers.addRow(providerRow())
  providers.addRow(
    providerRow({
      provider: 'birch independent research',
      serviceType: 'analyst_access',
      priceType: 'PAY PER USE',
      accessType: 'Analyst access only',
    })
  )
  const interactions = book.addWorksheet('Interactions summary')
  interactions.addRow(INTERACTION_COLUMNS.map((column) => column.header))
  interactions.addRow(['Atlas Global Markets', 'Analyst call', 12])
  interactions.addRow(['Atlas Global Markets', 'report_read', 340])
  const assessment = book.addWorksheet('Assessment')
  assessment.addRow(ASSESSMENT_COLUMNS.map((column) => column.header))
  assessment.addRow(['Atlas Global Markets', 'Research quality', 4, 'Strong on banks'])
  return book
}

function providerRow(overrides: Record<string, unknown> = {}) {
  const row: Record<string, unknown> = {
    provider: 'Atlas GM',
    serviceType: 'Written research',
    priceType: 'Fixed fee',
    accessType: 'Full access',
    seats: 5,
    contractStart: '2025-01-01',
    contractEnd: '2025-12-31',
    renewalNoticeDays: 60,
    budgetAmount: 160000,
    contractedPrice: 150000,
    paidAmount: 0,
    currency: 'gbp',
    paymentFrequency: 'Annual',
    researchShareBps: null,
    notes: 'Renewed in January',
    ...overrides,
  }
  return PROVIDER_COLUMNS.map((column) => row[column.key] ?? null)
}

const toBuffer = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer())

function upload(
  client: ApiClient,
  user: User,
  collectionId: number,
  file: Buffer,
  options: { filename?: string; json?: boolean; url?: string } = {}
) {
  const request = client
    .post(options.url ?? '/rsa/data-collection/upload')
    .loginAs(user)
    .withCsrfToken()
    .file('fileToUpload', file, { filename: options.filename ?? 'research-spend.xlsx' })
    .field('dataCollectionId', String(collectionId))
    .field('deliveryDate', '2025-11-20')
  if (options.json !== false) request.header('accept', 'application/json')
  else request.withInertia().redirects(0)
  return request
}

type ErrorEntry = { field: string; message: string; sheet?: string; row?: number; column?: string }
const errorsOf = (response: { body(): unknown }) =>
  (response.body() as { errors: ErrorEntry[] }).errors

async function countOf(table: string) {
  const row = await db.from(table).count('* as total').firstOrFail()
  return Number(row.total)
}
const storedFiles = () => (existsSync(uploadsDirectory()) ? readdirSync(uploadsDirectory()) : [])

async function nothingWritten(assert: any, before: { submissions: number; rows: number }) {
  assert.equal(await countOf('data_collection_submissions'), before.submissions)
  assert.equal(await countOf('rsa_submission_rows'), before.rows)
  assert.deepEqual(storedFiles(), [])
}

test.group('Research spend data collection', (group) => {
  group.each.setup(() => {
    rmSync(uploadsDirectory(), { recursive: true, force: true })
    return testUtils.db().withGlobalTransaction()
  })
  group.each.setup(() => limiter.clear(['memory']))
  group.each.timeout(60_000)

  test('the page lists the open research collections and Completed submissions by default', async ({
    client,
    assert,
  }) => {
    const { team, collection, member } = await world()
    const overdue = await makeCollection(team.id, { name: 'Research spend 2024', dueDays: -3 })
    await makeCollection(team.id, { status: 'closed', name: 'Research spend 2023' })
    const marketData = await makeCollection(team.id, { kind: 'market_data', name: 'Contracts' })
    for (const status of ['completed', 'completed', 'in_review', 'rejected', 'submitted']) {
      await makeSubmission(team.id, collection, { status, userId: member.id })
    }
    // Market data submissions of the same team are not research spend submissions.
    await makeSubmission(team.id, marketData, { status: 'completed' })

    const response = await client.get('/rsa/data-collection').loginAs(member).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('rsa/data_collection')
    const props = response.inertiaProps as any
    assert.equal(props.status, 'completed')
    assert.deepEqual(
      props.collections.map((row: any) => [row.id, row.name, row.year]),
      [
        [overdue, 'Research spend 2024', 2025],
        [collection, 'Research spend 2025', 2025],
      ]
    )
    assert.isTrue(props.collections[0].dueDate < props.today)
    assert.lengthOf(props.submissions, 2)
    assert.isTrue(props.submissions.every((row: any) => row.status === 'completed'))
    assert.deepEqual(props.counts, { completed: 2, in_review: 1, rejected: 1, submitted: 1 })

    const all = await client.get('/rsa/data-collection?status=all').loginAs(member).withInertia()
    assert.lengthOf((all.inertiaProps as any).submissions, 5)
    const rejected = await client
      .get('/rsa/data-collection?status=rejected')
      .loginAs(member)
      .withInertia()
    assert.deepEqual(
      (rejected.inertiaProps as any).submissions.map((row: any) => row.statusLabel),
      ['Rejected']
    )
  })

  test('the template: four sheets, frozen headers, drop-downs, version cell, pre-filled', async ({
    client,
    assert,
  }) => {
    const { collection, member } = await world()
    const response = await client.get(`/rsa/data-collection/${collection}/template`).loginAs(member)
    response.assertStatus(200)
    response.assertHeader('content-type', XLSX_TYPE)
    assert.match(response.header('content-disposition')!, /filename="Research spend 2025.xlsx"/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(response.body() as any)
    assert.deepEqual(
      book.worksheets.map((sheet) => [sheet.name, sheet.state]),
      [
        ['Profile', 'visible'],
        ['Providers', 'visible'],
        ['Interactions summary', 'visible'],
        ['Assessment', 'visible'],
        ['Lists', 'hidden'],
      ]
    )
    const headerOf = (name: string) =>
      (book.getWorksheet(name)!.getRow(1).values as unknown[]).slice(1)
    assert.deepEqual(headerOf('Profile'), [...PROFILE_HEADER])
    assert.deepEqual(
      headerOf('Providers'),
      PROVIDER_COLUMNS.map((column) => column.header)
    )
    assert.deepEqual(
      headerOf('Interactions summary'),
      INTERACTION_COLUMNS.map((column) => column.header)
    )
    assert.deepEqual(
      headerOf('Assessment'),
      ASSESSMENT_COLUMNS.map((column) => column.header)
    )
    for (const sheet of book.worksheets.slice(0, 4)) {
      assert.equal(sheet.views[0]?.state, 'frozen', sheet.name)
      assert.equal((sheet.views[0] as any).ySplit, 1, sheet.name)
    }

    // The profile: the version cell, then the latest profile (2024).
    const profile = book.getWorksheet('Profile')!
    const item = (header: string) => {
      let value: unknown
      profile.eachRow((row) => {
        if (row.getCell(1).value === header) value = row.getCell(2).value
      })
      return value
    }
    assert.equal(profile.getCell('A2').value, 'template_version')
    assert.equal(profile.getCell('B2').value, RSA_TEMPLATE_VERSION)
    assert.equal(item('Currency'), 'GBP')
    assert.equal(item('Active AUM'), 10e9)
    assert.equal(item('Portfolio managers (#PMs)'), 5)

    // The providers: the lines of the latest budget (2024), with what was paid.
    const providers = book.getWorksheet('Providers')!
    const rows: unknown[][] = []
    providers.eachRow((row, index) => {
      if (index > 1) rows.push(Array.from({ length: 11 }, (_, i) => row.getCell(i + 1).value))
    })
    assert.deepEqual(rows, [
      [
        'Atlas Global Markets',
        'Written research',
        'Fixed fee',
        'Full access',
        null,
        '2024-01-01',
        '2024-12-31',
        60,
        160000,
        150000,
        150000,
      ],
      [
        'Birch Independent Research',
        'Analyst access',
        'Fixed fee',
        'Analyst access only',
        null,
        '2024-01-01',
        '2024-12-31',
        60,
        50000,
        50000,
        40000,
      ],
    ])

    // Drop-downs for the enumerations, from the hidden Lists sheet.
    const validation = (sheet: ExcelJS.Worksheet, address: string) =>
      (sheet as any).dataValidations.find(address) as ExcelJS.DataValidation | undefined
    const service = validation(providers, 'B40')!
    assert.equal(service.type, 'list')
    assert.match(service.formulae[0], /^'?Lists'?!\$[A-Z]+\$2:\$[A-Z]+\$\d+$/)
    assert.equal(validation(providers, 'L2')!.type, 'list')
    assert.equal(validation(book.getWorksheet('Interactions summary')!, 'B2')!.type, 'list')
    assert.equal(validation(book.getWorksheet('Assessment')!, 'B2')!.type, 'list')
    assert.equal(validation(book.getWorksheet('Assessment')!, 'C2')!.type, 'whole')
    const paymentRow = PROFILE_ITEMS.findIndex((entry) => entry.key === 'paymentMethod') + 2
    assert.equal(validation(profile, `B${paymentRow}`)!.type, 'list')
    const lists = book.getWorksheet('Lists')!
    const listValues: string[] = []
    lists.eachRow((row) => row.eachCell((cell) => listValues.push(String(cell.value))))
    assert.includeMembers(listValues, [
      'Written research',
      'Analyst call',
      'Research quality',
      'P&L',
      'GBP',
      'Atlas Global Markets',
    ])
  })

  test('the downloaded template, completed, is accepted: a submission and its rows, no budget line', async ({
    client,
    assert,
  }) => {
    const { atlas, birch, collection, member, team } = await world()
    const template = await client.get(`/rsa/data-collection/${collection}/template`).loginAs(member)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(template.body() as any)
    book.getWorksheet('Interactions summary')!.addRow(['atlas gm', 'Analyst call', 12])
    book
      .getWorksheet('Interactions summary')!
      .addRow(['Birch Independent Research', '1:1 meeting', 3])
    book.getWorksheet('Assessment')!.addRow(['Atlas Global Markets', 'research_quality', 4, 'Good'])
    const profile = book.getWorksheet('Profile')!
    profile.eachRow((row) => {
      if (row.getCell(1).value === 'AUM – equity') row.getCell(2).value = 30e9
    })
    const linesBefore = await countOf('rsa_budget_lines')

    const response = await upload(client, member, collection, await toBuffer(book), {
      json: false,
    })
    response.assertStatus(302)
    response.assertHeader('location', '/rsa/data-collection?status=submitted')
    const submission = await db
      .from('data_collection_submissions')
      .where('team_id', team.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(submission.status, 'submitted')
    assert.equal(submission.data_collection_id, collection)
    assert.equal(submission.user_id, member.id)
    assert.equal(submission.row_count, 1 + 2 + 2 + 1)
    assert.deepEqual(storedFiles(), [submission.stored_file_name])
    assert.equal(await countOf('rsa_budget_lines'), linesBefore)

    const rows = await db
      .from('rsa_submission_rows')
      .where('submission_id', submission.id)
      .orderBy('id')
    assert.deepEqual(
      rows.map((row) => [row.sheet, row.row_number]),
      [
        ['profile', 0],
        ['providers', 2],
        ['providers', 3],
        ['interactions', 2],
        ['interactions', 3],
        ['assessment', 2],
      ]
    )
    const payload = (index: number) => JSON.parse(rows[index].payload)
    assert.containSubset(payload(0), {
      templateVersion: RSA_TEMPLATE_VERSION,
      currency: 'GBP',
      aumEquity: 30e9,
      totalAum: 30e9,
      activeAum: 10e9,
      paymentMethod: 'p_and_l',
      firmType: 'long_only',
    })
    assert.containSubset(payload(1), {
      providerId: atlas.id,
      provider: 'Atlas Global Markets',
      serviceType: 'written_research',
      priceType: 'fixed_fee',
      accessType: 'full',
      contractStart: '2024-01-01',
      contractEnd: '2024-12-31',
      budgetAmount: 160000,
      contractedPrice: 150000,
      paidAmount: 150000,
      currency: 'GBP',
    })
    assert.containSubset(payload(2), { providerId: birch.id, serviceType: 'analyst_access' })
    assert.deepEqual(payload(3), {
      provider: 'Atlas Global Markets',
      providerId: atlas.id,
      interactionType: 'analyst_call',
      count: 12,
    })
    assert.containSubset(payload(5), { category: 'research_quality', score: 4 })

    const download = await client
      .get(`/rsa/data-collection/submissions/${submission.id}/file`)
      .loginAs(member)
    download.assertStatus(200)
    assert.match(
      download.header('content-disposition')!,
      /^attachment; filename="research-spend.xlsx"/
    )
  })

  test('labels or keys in any case, providers by name or alias', async ({ client, assert }) => {
    const { collection, member } = await world()
    const response = await upload(client, member, collection, await toBuffer(validBook()))
    response.assertStatus(200)
    const rows = await db.from('rsa_submission_rows').where('sheet', 'providers').orderBy('id')
    assert.deepEqual(
      rows.map((row) => {
        const payload = JSON.parse(row.payload)
        return [payload.provider, payload.serviceType, payload.priceType, payload.accessType]
      }),
      [
        ['Atlas Global Markets', 'written_research', 'fixed_fee', 'full'],
        ['Birch Independent Research', 'analyst_access', 'pay_per_use', 'analyst_only'],
      ]
    )
  })

  /*
   * Each refusal: the file is changed in one way, refused with the problem at its sheet, row and
   * column, and nothing is written.
   */
  const refusals: {
    title: string
    change: (book: ExcelJS.Workbook) => void
    expect: Partial<ErrorEntry>[]
  }[] = [
    {
      title: 'another template version',
      change: (book) => (book.getWorksheet('Profile')!.getCell('B2').value = 'RSA-2019.1'),
      expect: [
        {
          field: 'rows.profile.2.templateVersion',
          sheet: 'Profile',
          row: 2,
          column: 'template_version',
          message: `The file was made from template version 'RSA-2019.1', not ${RSA_TEMPLATE_VERSION}: download the current template and copy your figures into it.`,
        },
      ],
    },
    {
      title: 'a missing sheet',
      change: (book) => book.removeWorksheet(book.getWorksheet('Assessment')!.id),
      expect: [
        {
          field: 'fileToUpload',
          message: "The workbook lacks the 'Assessment' sheet. Start from the downloaded template.",
        },
      ],
    },
    {
      title: 'values outside the lists',
      change: (book) => {
        const providers = book.getWorksheet('Providers')!
        providers.getCell('B2').value = 'Gold'
        providers.getCell('M3').value = 'Fortnightly'
        book.getWorksheet('Profile')!.getCell(`B${PROFILE_ITEMS.length + 1}`).value = 'Mars'
      },
      expect: [
        {
          field: `rows.profile.${PROFILE_ITEMS.length + 1}.domicile`,
          sheet: 'Profile',
          column: 'Domicile',
          message: "Domicile 'Mars' is not one of: UK, EU, US, APAC.",
        },
        {
          field: 'rows.providers.2.serviceType',
          sheet: 'Providers',
          row: 2,
          column: 'Service type',
          message:
            "Service type 'Gold' is not one of: Written research, Analyst access, Models & data, Bespoke research, Macro / strategy, Sales & desk commentary, Events & conferences, Corporate access (non-research), Expert calls.",
        },
        {
          field: 'rows.providers.3.paymentFrequency',
          row: 3,
          message:
            "Payment frequency 'Fortnightly' is not one of: Annual, Semi-annual, Quarterly, Monthly, Per use.",
        },
      ],
    },
    {
      title: 'unknown or missing currencies',
      change: (book) => {
        const providers = book.getWorksheet('Providers')!
        providers.getCell('L2').value = 'XYZ'
        providers.getCell('L3').value = null
      },
      expect: [
        {
          field: 'rows.providers.2.currency',
          message: "Currency 'XYZ' is not a known ISO 4217 code.",
        },
        {
          field: 'rows.providers.3.currency',
          message: 'Currency is required when an amount is given.',
        },
      ],
    },
    {
      title: 'amounts that are not amounts',
      change: (book) => {
        const providers = book.getWorksheet('Providers')!
        providers.getCell('I2').value = -5
        providers.getCell('J2').value = 'lots'
        providers.getCell('K3').value = 1e17
        providers.getCell('N3').value = 12000
      },
      expect: [
        { field: 'rows.providers.2.budgetAmount', message: 'Budget amount must not be negative.' },
        {
          field: 'rows.providers.2.contractedPrice',
          message: 'Contracted price must be a number.',
        },
        {
          field: 'rows.providers.3.paidAmount',
          message: 'Paid amount is too large (at most 999,999,999,999,999).',
        },
        {
          field: 'rows.providers.3.researchShareBps',
          message: 'Research share (bps) must be a number from 0 to 10,000.',
        },
      ],
    },
    {
      title: 'dates out of order, out of range or not dates',
      change: (book) => {
        const providers = book.getWorksheet('Providers')!
        providers.getCell('F2').value = '2025-06-01'
        providers.getCell('G2').value = '2025-01-01'
        providers.getCell('F3').value = '2025-13-01'
        providers.getCell('G3').value = new Date(Date.UTC(2040, 0, 1))
      },
      expect: [
        {
          field: 'rows.providers.2.contractEnd',
          column: 'Contract end',
          message: 'Contract end must be after the contract start.',
        },
        {
          field: 'rows.providers.3.contractStart',
          message: 'Contract start must be a date (YYYY-MM-DD).',
        },
        {
          field: 'rows.providers.3.contractEnd',
          message: 'Contract end must be between 2015-01-01 and 2035-12-31.',
        },
      ],
    },
    {
      title: 'a duplicate provider and service type',
      change: (book) => {
        book.getWorksheet('Providers')!.addRow(providerRow({ provider: 'ATLAS GLOBAL MARKETS' }))
      },
      expect: [
        {
          field: 'rows.providers.4.serviceType',
          row: 4,
          message: 'Same provider and service type as row 2: one row each.',
        },
      ],
    },
    {
      title: 'scores and counts out of range',
      change: (book) => {
        book.getWorksheet('Assessment')!.getCell('C2').value = 6
        book.getWorksheet('Interactions summary')!.getCell('C2').value = -1
        book.getWorksheet('Interactions summary')!.getCell('C3').value = 2.5
      },
      expect: [
        {
          field: 'rows.interactions.2.count',
          sheet: 'Interactions summary',
          message: 'Count must be a whole number, 0 or more.',
        },
        { field: 'rows.interactions.3.count', message: 'Count must be a whole number, 0 or more.' },
        {
          field: 'rows.assessment.2.score',
          sheet: 'Assessment',
          column: 'Score (1–5)',
          message: 'Score must be a whole number from 1 to 5.',
        },
      ],
    },
    {
      title: 'a formula in a cell',
      change: (book) => {
        book.getWorksheet('Providers')!.getCell('I2').value = {
          formula: 'J2*1.1',
          result: 165000,
        } as ExcelJS.CellFormulaValue
      },
      expect: [
        {
          field: 'rows.providers.2.budgetAmount',
          message: 'The cell holds a formula: type its value instead.',
        },
      ],
    },
    {
      title: 'an unknown provider, with the closest name',
      change: (book) => {
        book.getWorksheet('Assessment')!.getCell('A2').value = 'Atlas Globl Markets'
        book.getWorksheet('Interactions summary')!.getCell('A2').value = 'Atlass GM'
      },
      expect: [
        {
          field: 'rows.interactions.2.provider',
          message: "Provider 'Atlass GM' is not known. Did you mean 'Atlas Global Markets'?",
        },
        {
          field: 'rows.assessment.2.provider',
          message:
            "Provider 'Atlas Globl Markets' is not known. Did you mean 'Atlas Global Markets'?",
        },
      ],
    },
    {
      title: 'required values missing',
      change: (book) => {
        const providers = book.getWorksheet('Providers')!
        providers.getCell('A3').value = null
        providers.getCell('D3').value = null
      },
      expect: [
        { field: 'rows.providers.3.provider', message: 'Provider is required.' },
        { field: 'rows.providers.3.accessType', message: 'Access type is required.' },
      ],
    },
  ]

  for (const refusal of refusals) {
    test(`refuses ${refusal.title}, writing nothing`, async ({ client, assert }) => {
      const { collection, member } = await world()
      const before = {
        submissions: await countOf('data_collection_submissions'),
        rows: await countOf('rsa_submission_rows'),
      }
      const book = validBook()
      refusal.change(book)
      const response = await upload(client, member, collection, await toBuffer(book))
      response.assertStatus(422)
      const errors = errorsOf(response)
      const rowErrors = errors.filter((error) => error.field.startsWith('rows.'))
      if (rowErrors.length > 0) {
        const rowCount = new Set(rowErrors.map((error) => `${error.sheet}${error.row}`)).size
        assert.deepEqual(errors[0], {
          field: 'fileToUpload',
          message: `${rowCount} row${rowCount === 1 ? ' has' : 's have'} problems; nothing was saved. Correct ${rowCount === 1 ? 'it' : 'them'} and upload the file again.`,
          rule: 'dataCollection',
        })
      }
      assert.lengthOf(errors, refusal.expect.length + (rowErrors.length > 0 ? 1 : 0))
      for (const expected of refusal.expect) {
        const found = errors.find((error) => error.field === expected.field)
        assert.exists(found, `no error on ${expected.field}: ${JSON.stringify(errors)}`)
        assert.containSubset(found, expected)
      }
      await nothingWritten(assert, before)
    })
  }

  test('the page gets the refusal cell by cell', async ({ client, assert }) => {
    const { collection, member } = await world()
    const book = validBook()
    book.getWorksheet('Providers')!.getCell('L2').value = 'XYZ'
    const response = await client
      .post('/rsa/data-collection/upload')
      .loginAs(member)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/rsa/data-collection')
      .redirects(0)
      .file('fileToUpload', await toBuffer(book), { filename: 'research-spend.xlsx' })
      .field('dataCollectionId', String(collection))
      .field('deliveryDate', '2025-11-20')
    response.assertStatus(302)
    const bag = (response.flashMessages() as any).inputErrorsBag
    assert.deepEqual(bag['rows.providers.2.currency'], [
      "Currency 'XYZ' is not a known ISO 4217 code.",
    ])
    assert.match(bag.fileToUpload[0], /^1 row has problems; nothing was saved/)
  })

  test('refuses files that are no workbook, by their content', async ({ client, assert }) => {
    const { collection, member } = await world()
    const before = {
      submissions: await countOf('data_collection_submissions'),
      rows: await countOf('rsa_submission_rows'),
    }
    const KIND =
      'Completed template must be an .xlsx file: this one is empty, or its content is of another kind.'
    const UNREADABLE =
      'The file could not be read as an Excel workbook (.xlsx). Start from the downloaded template.'
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64'
    )
    const cases: [string, Buffer, string][] = [
      ['an empty file', Buffer.alloc(0), KIND],
      ['a picture renamed .xlsx', png, KIND],
      ['a short text renamed .xlsx', Buffer.from('Provider,Service\nAtlas,Research\n'), KIND],
      // Long enough for the name to be believed: the content check refuses it.
      ['a long text renamed .xlsx', Buffer.from('Provider,Service\n'.repeat(400)), UNREADABLE],
    ]
    for (const [what, file, message] of cases) {
      const response = await upload(client, member, collection, file)
      response.assertStatus(422)
      assert.deepEqual(
        errorsOf(response).map((error) => [error.field, error.message]),
        [['fileToUpload', message]],
        what
      )
    }
    const tooLarge = await upload(client, member, collection, Buffer.alloc(11 * 1024 * 1024, 1))
    tooLarge.assertStatus(422)
    assert.include(
      errorsOf(tooLarge).map((error) => error.message),
      'Completed template must be at most 10 MB.'
    )
    await nothingWritten(assert, before)
  })

  test("another team's collection or submission, and the other kind's, are not found", async ({
    client,
    assert,
  }) => {
    const { team, collection, member } = await world()
    const other = await rsaTeam()
    const foreignCollection = await makeCollection(other.team.id)
    const foreignSubmission = await makeSubmission(other.team.id, foreignCollection, {
      file: 'theirs.xlsx',
    })
    const ownMarketData = await makeCollection(team.id, { kind: 'market_data' })
    const ownMarketDataSubmission = await makeSubmission(team.id, ownMarketData, {
      file: 'contracts.xlsx',
    })
    const own = await makeSubmission(team.id, collection, { file: 'ours.xlsx' })
    const closed = await makeCollection(team.id, { status: 'closed' })
    const book = await toBuffer(validBook())

    for (const id of [foreignCollection, ownMarketData, 999_999]) {
      await expectStatus(upload(client, member, id, book), 404)
      await expectStatus(client.get(`/rsa/data-collection/${id}/template`).loginAs(member), 404)
    }
    await expectStatus(client.get(`/rsa/data-collection/${closed}/template`).loginAs(member), 404)
    const closedUpload = await upload(client, member, closed, book)
    closedUpload.assertStatus(422)
    assert.deepEqual(errorsOf(closedUpload)[0], {
      field: 'dataCollectionId',
      message: 'Choose one of the data collections open for your team.',
      rule: 'business',
    })
    for (const id of [foreignSubmission, ownMarketDataSubmission]) {
      await expectStatus(
        client.get(`/rsa/data-collection/submissions/${id}/file`).loginAs(member),
        404
      )
    }
    await expectStatus(
      client.get(`/rsa/data-collection/submissions/${own}/file`).loginAs(member),
      200
    )

    // And the other way round: the market data routes do not reach research spend records.
    const both = await makeTeam({ modules: [MODULES.marketDataDataCollection, MODULES.rsaBudgets] })
    const analyst = await rsaMember(both)
    const rsaCollection = await makeCollection(both.id)
    const rsaSubmission = await makeSubmission(both.id, rsaCollection, { file: 'rsa.xlsx' })
    await expectStatus(
      upload(client, analyst, rsaCollection, book, { url: '/market-data/templates/upload' }),
      404
    )
    await expectStatus(
      client.get(`/market-data/templates/${rsaCollection}/template`).loginAs(analyst),
      404
    )
    await expectStatus(
      client.get(`/market-data/templates/submissions/${rsaSubmission}/file`).loginAs(analyst),
      404
    )
    assert.equal(await countOf('rsa_submission_rows'), 0)
  })

  test('refuses a team without Research Spend Analytics', async ({ client }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataDataCollection] })
    const user = await makeUser({ teams: [team] })
    const collection = await makeCollection(team.id)
    await expectStatus(client.get('/rsa/data-collection').loginAs(user).withInertia(), 403)
    await expectStatus(client.get(`/rsa/data-collection/${collection}/template`).loginAs(user), 403)
    await expectStatus(upload(client, user, collection, await toBuffer(validBook())), 403)
  })

  test('the closest-name suggestion measures edits', ({ assert }) => {
    assert.equal(editDistance('atlas', 'atlas'), 0)
    assert.equal(editDistance('atlas globl markets', 'atlas global markets'), 1)
    assert.equal(editDistance('kitten', 'sitting'), 3)
  })
})
