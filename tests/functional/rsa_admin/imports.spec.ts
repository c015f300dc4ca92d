import { test } from '@japa/runner'
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import {
  rsaBudget,
  rsaMember,
  rsaTeam,
  researchProvider,
  rsaInteractions,
} from '#tests/helpers/rsa'
import { importLimits } from '#services/rsa/imports/reader'
import ImportBudgets from '#commands/import_budgets'
import ImportClientInteractions from '#commands/import_client_interactions'
import ImportPeerInteractions from '#commands/import_peer_interactions'

const BASE = '/admin/research-spend-analytics'
const rsaAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })

const BUDGET_HEADER =
  'team_id,fiscal_year,provider_key,service_type,price_type,access_type,contract_start,contract_end,budget_amount,contracted_price,paid_amount,currency,notes'
const INTERACTION_HEADER =
  'external_ref,source_system,occurred_at,provider_key,user_email,interaction_type,duration_min,sector_gics,region,valued'
const PEER_HEADER =
  'period,peer_group_id,provider_key,interaction_type,sector_gics,n_firms,interactions_total,median_per_firm,median_per_bn_aum'

const csv = (header: string, rows: string[]) => Buffer.from([header, ...rows].join('\r\n'))

async function world() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const viewer = await rsaTeam({ currency: 'GBP' })
  const admin = await rsaAdmin()
  return { atlas, birch, viewer, admin }
}

async function upload(
  client: ApiClient,
  admin: User,
  kind: string,
  query: string,
  content: Buffer,
  filename = 'file.csv'
) {
  return client
    .post(`${BASE}/imports/${kind}?${query}`)
    .loginAs(admin)
    .withCsrfToken()
    .withInertia()
    .file('file', content, { filename })
    .redirects(0)
}

async function statusOf(id: number) {
  const row = await db.from('rsa_imports').where('id', id).select('status').firstOrFail()
  return row.status as string
}

const latestImport = () => db.from('rsa_imports').orderBy('id', 'desc').first()
const lineCount = (teamId: number) =>
  db
    .from('rsa_budget_lines')
    .where('team_id', teamId)
    .count('* as n')
    .first()
    .then((row) => Number(row!.n))
const interactionCount = (teamId: number) =>
  db
    .from('rsa_interactions')
    .where('team_id', teamId)
    .count('* as n')
    .first()
    .then((row) => Number(row!.n))

/** The validation errors a refused request flashed, by field (the first message of each). */
function errorsOf(response: { flashMessages: () => unknown }) {
  const bag = ((response.flashMessages() as any)?.inputErrorsBag ?? {}) as Record<string, string[]>
  return Object.fromEntries(Object.entries(bag).map(([field, messages]) => [field, messages[0]]))
}

test.group('RSA admin imports: budgets', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('preview counts, commit writes all lines and the client sees them; revert puts back', async ({
    client,
    assert,
  }) => {
    const { atlas, birch, viewer, admin } = await world()
    const file = csv(BUDGET_HEADER, [
      `${viewer.team.id},2024,${atlas.key},written_research,fixed_fee,full,2024-01-01,2024-12-31,160000.00,150000,120000,GBP,Renewed`,
      `,,${birch.key},analyst_access,pay_per_use,analyst_only,,,50000,,,GBP,`,
    ])
    const response = await upload(
      client,
      admin,
      'budgets',
      `team=${viewer.team.id}&year=2024`,
      file,
      'budget.csv'
    )
    response.assertStatus(302)
    const imp = await latestImport()
    assert.equal(response.header('location'), `${BASE}/imports/${imp.id}`)
    assert.equal(imp.status, 'previewed')
    assert.equal(imp.new_rows, 2)
    assert.equal(imp.updated_rows, 0)
    assert.equal(imp.rejected_rows, 0)
    assert.equal(imp.checksum.length, 64)
    // The preview wrote nothing.
    assert.equal(await lineCount(viewer.team.id), 0)

    const page = await client.get(`${BASE}/imports/${imp.id}`).loginAs(admin).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('admin/rsa/import_wizard')
    assert.equal(page.inertiaProps.current.newRows, 2)

    const runsBefore = await db.from('rsa_benchmark_runs').count('* as n').first()
    const commit = await client
      .post(`${BASE}/imports/${imp.id}/commit`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    commit.assertStatus(302)
    const committed = await db.from('rsa_imports').where('id', imp.id).first()
    assert.equal(committed.status, 'committed')
    assert.equal(committed.committed_by, admin.id)
    assert.equal(await lineCount(viewer.team.id), 2)
    const line = await db
      .from('rsa_budget_lines')
      .where({ team_id: viewer.team.id, provider_id: atlas.id })
      .first()
    assert.equal(Number(line.budget_amount), 160000)
    assert.equal(line.notes, 'Renewed')
    const payments = await db.from('rsa_payments').where('budget_line_id', line.id)
    assert.lengthOf(payments, 1)
    assert.equal(Number(payments[0].amount), 120000)
    const budget = await db
      .from('rsa_budgets')
      .where({ team_id: viewer.team.id, year: 2024 })
      .first()
    assert.equal(Number(budget.total_budget), 210000)
    const runsAfter = await db.from('rsa_benchmark_runs').count('* as n').first()
    assert.isAbove(Number(runsAfter!.n), Number(runsBefore!.n))
    const trail = await db
      .from('audit_logs')
      .where({ entity_type: 'rsa_import', entity_id: imp.id })
    assert.lengthOf(trail, 1)
    assert.equal(trail[0].user_id, admin.id)

    // The client's budgets page shows the imported lines.
    const member = await rsaMember(viewer.team)
    const budgets = await client.get('/rsa/budgets?year=2024').loginAs(member).withInertia()
    budgets.assertStatus(200)
    assert.include(JSON.stringify(budgets.inertiaProps), 'Birch Independent Research')

    // Revert: the lines, payments and the budget the import created are gone.
    const revert = await client
      .post(`${BASE}/imports/${imp.id}/revert`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    revert.assertStatus(302)
    assert.equal(await lineCount(viewer.team.id), 0)
    assert.isNull(
      await db.from('rsa_budgets').where({ team_id: viewer.team.id, year: 2024 }).first()
    )
    assert.equal(await statusOf(imp.id), 'reverted')
  })

  test('a second file updates and adds; only the latest import can be reverted, and restores the lines as they were', async ({
    client,
    assert,
  }) => {
    const { atlas, birch, viewer, admin } = await world()
    await rsaBudget(viewer.team, viewer.currencyId, [
      { provider: atlas, price: 150_000, budget: 150_000, paid: [100_000] },
    ])
    const original = await db
      .from('rsa_budget_lines')
      .where({ team_id: viewer.team.id, provider_id: atlas.id })
      .first()

    const first = csv(BUDGET_HEADER, [
      `,,${atlas.key},written_research,fixed_fee,full,2024-01-01,2024-12-31,175000,170000,,GBP,`,
      `,,${birch.key},written_research,fixed_fee,full,,,40000,40000,,GBP,`,
    ])
    await upload(client, admin, 'budgets', `team=${viewer.team.id}&year=2024`, first)
    const imp = await latestImport()
    assert.deepInclude(imp, { new_rows: 1, updated_rows: 1, unchanged_rows: 0 })
    await client.post(`${BASE}/imports/${imp.id}/commit`).loginAs(admin).withCsrfToken()

    const second = csv(BUDGET_HEADER, [
      `,,${atlas.key},written_research,fixed_fee,full,2024-01-01,2024-12-31,175000,170000,,GBP,`,
    ])
    await upload(client, admin, 'budgets', `team=${viewer.team.id}&year=2024`, second)
    const later = await latestImport()
    assert.deepInclude(later, { new_rows: 0, updated_rows: 0, unchanged_rows: 1 })
    await client.post(`${BASE}/imports/${later.id}/commit`).loginAs(admin).withCsrfToken()

    const refused = await client
      .post(`${BASE}/imports/${imp.id}/revert`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(302)
    assert.match(String(errorsOf(refused).import), new RegExp(`#${later.id}.*revert it first`))
    assert.equal(await statusOf(imp.id), 'committed')

    await client.post(`${BASE}/imports/${later.id}/revert`).loginAs(admin).withCsrfToken()
    await client.post(`${BASE}/imports/${imp.id}/revert`).loginAs(admin).withCsrfToken()
    const restored = await db.from('rsa_budget_lines').where('id', original.id).first()
    assert.equal(Number(restored.budget_amount), 150000)
    assert.equal(Number(restored.contracted_price), 150000)
    assert.equal(await lineCount(viewer.team.id), 1)
    const payments = await db.from('rsa_payments').where('budget_line_id', original.id)
    assert.lengthOf(payments, 1)
  })
})

test.group('RSA admin imports: interactions and peer statistics', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('client interactions: new and replaced rows, unmapped emails, revert restores the replaced ones', async ({
    client,
    assert,
  }) => {
    const { atlas, birch, viewer, admin } = await world()
    const member = await rsaMember(viewer.team)
    await rsaInteractions(viewer.team, atlas, { analyst_call: 2 })
    const existing = await db.from('rsa_interactions').where('team_id', viewer.team.id).first()
    const file = csv(INTERACTION_HEADER, [
      `${existing.external_ref},${existing.source_system},2024-06-01,${birch.key},${member.email},one_to_one,45,Energy,UK,Y`,
      `CRM-1,crm,2024-03-02T10:15:00Z,${atlas.key},someone@elsewhere.example,report_read,,,Global,N`,
      `CRM-2,crm,2024-03-03,${atlas.key},,analyst_call,30,Financials,Europe,`,
    ])
    await upload(client, admin, 'client_interactions', `team=${viewer.team.id}&year=2024`, file)
    const imp = await latestImport()
    assert.deepInclude(imp, { status: 'previewed', new_rows: 2, updated_rows: 1 })
    await client.post(`${BASE}/imports/${imp.id}/commit`).loginAs(admin).withCsrfToken()
    assert.equal(await statusOf(imp.id), 'committed')
    assert.equal(await interactionCount(viewer.team.id), 4)
    const replaced = await db.from('rsa_interactions').where('id', existing.id).first()
    assert.equal(replaced.provider_id, birch.id)
    assert.equal(replaced.user_id, member.id)
    const unmapped = await db
      .from('rsa_interactions')
      .where({ team_id: viewer.team.id, external_ref: 'CRM-1' })
      .first()
    assert.isNull(unmapped.user_id)
    assert.equal(
      unmapped.occurred_on instanceof Date
        ? unmapped.occurred_on.toISOString().slice(0, 10)
        : String(unmapped.occurred_on).slice(0, 10),
      '2024-03-02'
    )
    assert.equal(
      await db
        .from('rsa_interaction_staging')
        .where('import_id', imp.id)
        .count('* as n')
        .first()
        .then((row) => Number(row!.n)),
      0
    )

    await client.post(`${BASE}/imports/${imp.id}/revert`).loginAs(admin).withCsrfToken()
    assert.equal(await interactionCount(viewer.team.id), 2)
    const back = await db.from('rsa_interactions').where('id', existing.id).first()
    assert.equal(back.provider_id, atlas.id)
    assert.equal(back.interaction_type, 'analyst_call')
  })

  test('peer interactions: stored per quarter, fewer than 5 firms flagged suppressed', async ({
    client,
    assert,
  }) => {
    const { atlas, admin } = await world()
    const file = csv(PEER_HEADER, [
      `2024-Q1,10-50,${atlas.key},analyst_call,Energy,12,480,38,1.4`,
      `2024-Q1,all,${atlas.key},analyst_call,,4,60,15,`,
    ])
    await upload(client, admin, 'peer_interactions', 'year=2024', file)
    const imp = await latestImport()
    assert.equal(imp.status, 'previewed')
    assert.isNull(imp.team_id)
    await client.post(`${BASE}/imports/${imp.id}/commit`).loginAs(admin).withCsrfToken()
    const rows = await db
      .from('rsa_peer_interaction_stats')
      .where('provider_id', atlas.id)
      .orderBy('n_firms')
    assert.lengthOf(rows, 2)
    assert.isTrue(Boolean(rows[0].suppressed))
    assert.isFalse(Boolean(rows[1].suppressed))
    assert.equal(rows[1].peer_group, '10-50')
  })
})

test.group('RSA admin imports: bad files change nothing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    importLimits.maxBytes = importLimits.defaultMaxBytes
  })

  async function refusedUpload(
    client: ApiClient,
    admin: User,
    teamId: number,
    content: Buffer,
    filename = 'file.csv'
  ) {
    const response = await upload(
      client,
      admin,
      'client_interactions',
      `team=${teamId}&year=2024`,
      content,
      filename
    )
    return response
  }

  test('files refused as a whole, with the reason', async ({ client, assert }) => {
    const { atlas, viewer, admin } = await world()
    const before = await db.from('rsa_imports').count('* as n').first()
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.alloc(0), 'empty.csv', /empty/],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
        'image.csv',
        /binary/,
      ],
      [Buffer.from('PK\u0003\u0004 not really'), 'renamed.csv', /Excel workbook named \.csv/],
      [Buffer.from('external_ref,source_system\nA,crm\n'), 'notes.xlsx', /not an Excel workbook/],
      [Buffer.from('%PDF-1.7 …'), 'report.csv', /PDF/],
      [Buffer.from('hello'), 'notes.txt', /CSV or XLSX/],
    ]
    for (const [content, filename, message] of cases) {
      const response = await refusedUpload(client, admin, viewer.team.id, content, filename)
      response.assertStatus(302)
      assert.match(String(errorsOf(response).file), message, filename)
    }
    const after = await db.from('rsa_imports').count('* as n').first()
    assert.equal(Number(after!.n), Number(before!.n))
    assert.equal(await interactionCount(viewer.team.id), 0)
    void atlas
  })

  test('only teams with Research Spend Analytics are offered, and a file for another team is refused', async ({
    client,
    assert,
  }) => {
    const { viewer, admin } = await world()
    const marketDataOnly = await makeTeam({ modules: [MODULES.marketDataContracts] })
    const wizard = await client.get(`${BASE}/budget-upload?year=2024`).loginAs(admin).withInertia()
    wizard.assertStatus(200)
    const offered = (wizard.inertiaProps.teams as { id: number }[]).map((team) => team.id)
    assert.include(offered, viewer.team.id)
    assert.notInclude(offered, marketDataOnly.id)

    const before = await db.from('rsa_imports').count('* as n').first()
    const response = await refusedUpload(
      client,
      admin,
      marketDataOnly.id,
      csv(INTERACTION_HEADER, ['R-1,crm,2024-03-01,atlas,a@example.com,call,30,,UK,yes'])
    )
    response.assertStatus(302)
    assert.match(String(errorsOf(response).team), /team with Research Spend Analytics/)
    const after = await db.from('rsa_imports').count('* as n').first()
    assert.equal(Number(after!.n), Number(before!.n))
  })

  test('a file over the size limit is stopped while it streams', async ({ client, assert }) => {
    const { viewer, admin } = await world()
    importLimits.maxBytes = 64 * 1024
    const big = csv(
      INTERACTION_HEADER,
      Array.from({ length: 3000 }, (_, i) => `R${i},crm,2024-01-01,x,,report_read,,,,Y`)
    )
    const response = await refusedUpload(client, admin, viewer.team.id, big)
    response.assertStatus(302)
    assert.match(String(errorsOf(response).file), /larger than/)
    assert.isNull(await db.from('rsa_imports').where('team_id', viewer.team.id).first())
  })

  test('rows refused one by one: columns, encoding, formulas, duplicates, unknown providers, dates; alias offer', async ({
    client,
    assert,
  }) => {
    const { atlas, viewer, admin } = await world()
    // Wrong columns.
    await refusedUpload(client, admin, viewer.team.id, csv('external_ref,when,provider', ['A,B,C']))
    let imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.match(
      imp.report,
      /lacks the column\(s\): source_system, occurred_at, provider_key, interaction_type/
    )
    assert.match(imp.report, /Unknown column\(s\): when, provider/)

    // Not UTF-8 (Latin-1 é).
    const latin1 = Buffer.concat([
      Buffer.from(`${INTERACTION_HEADER}\r\nA,crm,2024-01-01,${atlas.key},caf`),
      Buffer.from([0xe9]),
      Buffer.from('@x.com,report_read,,,,Y\r\n'),
    ])
    await refusedUpload(client, admin, viewer.team.id, latin1)
    imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.match(imp.report, /not UTF-8/)

    // Row problems, each with row number and column.
    const rows = csv(INTERACTION_HEADER, [
      `A1,crm,2024-01-05,${atlas.key},,analyst_call,30,Energy,UK,Y`,
      `A1,crm,2024-01-06,${atlas.key},,analyst_call,30,Energy,UK,Y`,
      `A2,crm,2023-12-31,${atlas.key},,analyst_call,30,Energy,UK,Y`,
      `A3,crm,2024-02-30,${atlas.key},,analyst_call,30,Energy,UK,Y`,
      `A4,crm,2024-01-05,=HYPERLINK("http://x"),,analyst_call,30,Energy,UK,Y`,
      `A5,crm,2024-01-05,atlas-global-markets,,analyst_call,-5,Energy,UK,Y`,
      `A6,crm,2024-01-05,${atlas.key},,coffee,30,Energy,Mars,maybe`,
    ])
    await refusedUpload(client, admin, viewer.team.id, rows)
    imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.equal(imp.rejected_rows, 6)
    const report = JSON.parse(imp.report)
    const at = (row: number) =>
      report.problems
        .filter((problem: any) => problem.row === row)
        .map((p: any) => `${p.column}: ${p.message}`)
    assert.match(at(3).join(), /external_ref: Row 3 repeats the key of row 2/)
    assert.match(at(4).join(), /occurred_at: occurred_at 2023-12-31 is outside 2024/)
    assert.match(at(5).join(), /not a date written YYYY-MM-DD/)
    assert.match(at(6).join(), /provider_key: provider_key holds a formula/)
    assert.match(at(7).join(), /Unknown provider_key 'atlas-global-markets'.*Did you mean/)
    assert.match(at(7).join(), /duration_min/)
    assert.match(at(8).join(), /interaction_type 'coffee'/)
    assert.match(at(8).join(), /region 'Mars'/)
    assert.match(at(8).join(), /valued 'maybe' must be Y or N/)
    assert.deepEqual(
      report.aliasSuggestions.map((s: any) => [s.alias, s.providerId]),
      [['atlas-global-markets', atlas.id]]
    )
    assert.equal(await interactionCount(viewer.team.id), 0)
    const commit = await client
      .post(`${BASE}/imports/${imp.id}/commit`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    assert.match(String(errorsOf(commit).import), /rejected rows/)
    assert.equal(await interactionCount(viewer.team.id), 0)

    // The alias offer: the unknown key becomes an alias and the file is checked again.
    const good = csv(INTERACTION_HEADER, [
      `B1,crm,2024-01-05,atlas-global-markets,,analyst_call,30,Energy,UK,Y`,
    ])
    await refusedUpload(client, admin, viewer.team.id, good)
    imp = await latestImport()
    assert.equal(imp.status, 'refused')
    await client
      .post(`${BASE}/imports/${imp.id}/aliases`)
      .loginAs(admin)
      .withCsrfToken()
      .form({ aliases: ['atlas-global-markets'] })
    imp = await db.from('rsa_imports').where('id', imp.id).first()
    assert.equal(imp.status, 'previewed')
    assert.equal(imp.new_rows, 1)
    const alias = await db.from('provider_aliases').where('alias', 'atlas-global-markets').first()
    assert.equal(alias.provider_id, atlas.id)
  })

  test('an XLSX with a formula cell is refused at that cell', async ({ client, assert }) => {
    const { atlas, viewer, admin } = await world()
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Interactions')
    sheet.addRow(INTERACTION_HEADER.split(','))
    sheet.addRow([
      'X1',
      'crm',
      '2024-04-01',
      atlas.key,
      '',
      'analyst_call',
      30,
      'Energy',
      'UK',
      'Y',
    ])
    sheet.addRow([
      'X2',
      'crm',
      '2024-04-02',
      atlas.key,
      '',
      'analyst_call',
      { formula: 'G2*2' },
      'Energy',
      'UK',
      'Y',
    ])
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer())
    await refusedUpload(client, admin, viewer.team.id, buffer, 'interactions.xlsx')
    const imp = await latestImport()
    assert.equal(imp.file_type, 'xlsx')
    assert.equal(imp.status, 'refused')
    const report = JSON.parse(imp.report)
    assert.deepEqual(report.fileProblems, [])
    assert.deepEqual(report.problems, [
      {
        row: 3,
        column: 'duration_min',
        message: 'duration_min holds a formula; upload values only.',
      },
    ])
  })
})

test.group('RSA admin imports: permissions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('clients and administrators without the permission are refused on every route', async ({
    client,
    assert,
  }) => {
    const { viewer, admin } = await world()
    const member = await rsaMember(viewer.team)
    const mdAdmin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    await upload(client, admin, 'peer_interactions', 'year=2024', csv(PEER_HEADER, []))
    const imp = await latestImport()
    const gets = [
      `${BASE}/budget-upload`,
      `${BASE}/client-interactions-upload`,
      `${BASE}/peer-interactions-upload`,
      `${BASE}/imports/templates/budgets`,
      `${BASE}/imports/${imp.id}`,
      `${BASE}/imports/${imp.id}/file`,
    ]
    const posts = [
      `${BASE}/imports/budgets?team=${viewer.team.id}&year=2024`,
      `${BASE}/imports/${imp.id}/commit`,
      `${BASE}/imports/${imp.id}/revert`,
      `${BASE}/imports/${imp.id}/discard`,
      `${BASE}/imports/${imp.id}/aliases`,
    ]
    for (const user of [member, mdAdmin]) {
      for (const url of gets) {
        const response = await client.get(url).loginAs(user).redirects(0)
        assert.oneOf(response.status(), [302, 403, 404], `${user.email} GET ${url}`)
        if (response.status() === 302) assert.notInclude(response.header('location'), BASE)
      }
      for (const url of posts) {
        const response = await client.post(url).loginAs(user).withCsrfToken().redirects(0)
        assert.oneOf(response.status(), [302, 403, 404], `${user.email} POST ${url}`)
        if (response.status() === 302) assert.notInclude(response.header('location'), BASE)
      }
    }
    assert.equal(await statusOf(imp.id), 'refused')

    const allowed = await client.get(`${BASE}/budget-upload`).loginAs(admin).withInertia()
    allowed.assertStatus(200)
    allowed.assertInertiaComponent('admin/rsa/import_wizard')
    const template = await client.get(`${BASE}/imports/templates/budgets`).loginAs(admin)
    template.assertStatus(200)
    assert.match(template.text(), /^team_id,fiscal_year,budget_group,provider_key/)
  })
})

test.group('ace import:budgets, import:client-interactions, import:peer-interactions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('exit 0 when done, 1 when refused (nothing written); --dry-run writes nothing', async ({
    assert,
  }) => {
    const { atlas, viewer } = await world()
    const dir = mkdtempSync(join(tmpdir(), 'spendlens-import-'))
    const good = join(dir, 'budget.csv')
    writeFileSync(
      good,
      csv(BUDGET_HEADER, [`,,${atlas.key},written_research,fixed_fee,full,,,90000,90000,,GBP,`])
    )
    const bad = join(dir, 'bad.csv')
    writeFileSync(bad, csv(BUDGET_HEADER, [`,,nobody,written_research,fixed_fee,full,,,1,1,,XXX,`]))
    const huge = join(dir, 'huge.csv')
    writeFileSync(huge, '')
    // Two gigabytes of nothing (a sparse file): refused on its size before it is read.
    truncateSync(huge, 2 * 1024 * 1024 * 1024)

    const dry = await ace.create(ImportBudgets, [
      good,
      `--team=${viewer.team.id}`,
      '--year=2024',
      '--dry-run',
    ])
    await dry.exec()
    dry.assertSucceeded()
    assert.equal(await lineCount(viewer.team.id), 0)

    for (const args of [
      [bad, `--team=${viewer.team.id}`, '--year=2024'],
      [huge, `--team=${viewer.team.id}`, '--year=2024'],
      [good, '--year=2024'],
      [good, `--team=${viewer.team.id}`, '--year=2019'],
      [join(dir, 'missing.csv'), `--team=${viewer.team.id}`, '--year=2024'],
    ]) {
      const refused = await ace.create(ImportBudgets, args)
      await refused.exec()
      assert.equal(refused.exitCode, 1, args.join(' '))
    }
    assert.equal(await lineCount(viewer.team.id), 0)

    const run = await ace.create(ImportBudgets, [good, `--team=${viewer.team.id}`, '--year=2024'])
    await run.exec()
    run.assertSucceeded()
    assert.equal(await lineCount(viewer.team.id), 1)
    const imp = await latestImport()
    assert.equal(imp.source, 'command_line')
    assert.isNull(imp.user_id)

    const interactions = join(dir, 'interactions.csv')
    writeFileSync(
      interactions,
      csv(INTERACTION_HEADER, [`C1,crm,2024-05-05,${atlas.key},,analyst_call,30,Energy,UK,Y`])
    )
    const second = await ace.create(ImportClientInteractions, [
      interactions,
      `--team=${viewer.team.id}`,
      '--year=2024',
    ])
    await second.exec()
    second.assertSucceeded()
    assert.equal(await interactionCount(viewer.team.id), 1)

    const peers = join(dir, 'peers.csv')
    writeFileSync(peers, csv(PEER_HEADER, [`2024-Q2,all,${atlas.key},analyst_call,,8,100,12,`]))
    const third = await ace.create(ImportPeerInteractions, [peers, '--year=2024'])
    await third.exec()
    third.assertSucceeded()
    assert.isNotNull(
      await db.from('rsa_peer_interaction_stats').where('provider_id', atlas.id).first()
    )
  })
})

test.group('RSA admin imports: apply a submission', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an accepted submission goes through the budget import; twice or unaccepted is refused', async ({
    client,
    assert,
  }) => {
    const { atlas, birch, viewer, admin } = await world()
    const collection = await makeCollection(viewer.team.id, { year: 2024 })
    const accepted = await makeSubmission(viewer.team.id, collection, { status: 'completed' })
    const pending = await makeSubmission(viewer.team.id, collection, { status: 'submitted' })
    const line = (provider: { id: number; name: string }, amount: number) =>
      JSON.stringify({
        providerId: provider.id,
        provider: provider.name,
        serviceType: 'written_research',
        priceType: 'fixed_fee',
        accessType: 'full',
        contractStart: '2024-01-01',
        contractEnd: '2024-12-31',
        budgetAmount: amount,
        contractedPrice: amount,
        paidAmount: null,
        currency: 'GBP',
        notes: 'From the template, "as sent"',
      })
    await db.table('rsa_submission_rows').multiInsert([
      { submission_id: accepted, sheet: 'providers', row_number: 2, payload: line(atlas, 90000) },
      { submission_id: accepted, sheet: 'providers', row_number: 3, payload: line(birch, 30000) },
    ])
    const url = (id: number) => `${BASE}/data-collection-submissions/${id}/apply`
    const response = await client.post(url(accepted)).loginAs(admin).withCsrfToken().redirects(0)
    response.assertStatus(302)
    const imp = await latestImport()
    assert.equal(response.header('location'), `${BASE}/imports/${imp.id}`)
    assert.deepInclude(imp, {
      kind: 'budgets',
      source: 'submission',
      submission_id: accepted,
      team_id: viewer.team.id,
      status: 'previewed',
      new_rows: 2,
    })
    await client.post(`${BASE}/imports/${imp.id}/commit`).loginAs(admin).withCsrfToken()
    const notes = await db.from('rsa_budget_lines').where('team_id', viewer.team.id).select('notes')
    assert.deepEqual(
      notes.map((row) => row.notes),
      ['From the template, "as sent"', 'From the template, "as sent"']
    )

    const again = await client.post(url(accepted)).loginAs(admin).withCsrfToken().redirects(0)
    assert.match(String(errorsOf(again).submission), new RegExp(`already import #${imp.id}`))
    const early = await client.post(url(pending)).loginAs(admin).withCsrfToken().redirects(0)
    assert.match(String(errorsOf(early).submission), /Only a completed submission/)
    const total = await db.from('rsa_imports').count('* as n').first()
    assert.equal(Number(total!.n), 1)
  })
})
