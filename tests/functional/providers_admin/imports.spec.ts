import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst, move, sectorIds } from '#tests/helpers/providers'
import ImportAnalysts from '#commands/import_analysts'
import ImportAnalystMoves from '#commands/import_analyst_moves'
import { providerYearFigures as figures } from '#tests/helpers/providers'

const BASE = '/admin/providers'
const providersAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })

const ROSTER_HEADER =
  'analyst_id,full_name,provider_key,title,seniority,industry_start_year,role_start_date,sectors_gics,regions,asset_class,is_lead,status,source,verified_at'
const MOVES_HEADER =
  'analyst_id,event_date,type,from_provider_key,to_provider_key,experience_years_at_event,sectors,regions,source'

const csv = (header: string, rows: string[]) => Buffer.from([header, ...rows].join('\r\n'))
// The smallest valid PNG (1×1 pixel).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

function upload(
  client: ApiClient,
  user: User,
  files: { roster?: [Buffer, string]; moves?: [Buffer, string] },
  options: { dryRun?: boolean; json?: boolean } = {}
) {
  const request = client.post(`${BASE}/import`).loginAs(user).withCsrfToken().redirects(0)
  if (options.json) request.header('accept', 'application/json')
  else request.withInertia()
  if (files.roster) request.file('roster', files.roster[0], { filename: files.roster[1] })
  if (files.moves) request.file('moves', files.moves[0], { filename: files.moves[1] })
  if (options.dryRun) request.field('dry_run', 'true')
  return request
}

interface Problem {
  field: string
  message: string
  file?: string
  row?: number | null
  column?: string | null
}
const problemsOf = (body: any) => body.errors as Problem[]

async function count(table: string) {
  const row = await db.from(table).count('* as n').firstOrFail()
  return Number(row.n)
}

async function coverageYearOf(analystId: number) {
  const row = await db.from('analyst_coverages').where('analyst_id', analystId).firstOrFail()
  return Number(row.year)
}
async function counts() {
  return {
    analysts: await count('analysts'),
    coverages: await count('analyst_coverages'),
    moves: await count('analyst_moves'),
    cells: await count('analyst_move_coverages'),
    audits: await count('audit_logs'),
    runs: await count('provider_stat_runs'),
  }
}

async function world() {
  const admin = await providersAdmin()
  const sectors = await sectorIds()
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  await db.table('provider_aliases').insert({
    provider_id: birch.id,
    alias: 'birch ir',
    created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  })
  return { admin, sectors, atlas, birch }
}

/** A stored date or timestamp's day, whichever database read it. */
const dayOf = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)

const analystByExternalId = (externalId: string) =>
  db.from('analysts').where('external_id', externalId).firstOrFail()

test.group('Providers admin: imports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the import page lists the formats; templates hold the header row', async ({
    client,
    assert,
  }) => {
    const { admin } = await world()
    const page = await client.get(`${BASE}/import`).loginAs(admin).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaComponent, 'admin/providers/import')
    const props = page.inertiaProps as any
    assert.equal(props.columns.roster.map((c: any) => c.header).join(','), ROSTER_HEADER)
    assert.equal(props.columns.moves.map((c: any) => c.header).join(','), MOVES_HEADER)
    assert.isNull(props.result)

    const roster = await client.get(`${BASE}/import/templates/roster`).loginAs(admin)
    roster.assertStatus(200)
    assert.include(roster.header('content-type'), 'text/csv')
    assert.equal(roster.text().trim(), ROSTER_HEADER)
    const moves = await client.get(`${BASE}/import/templates/moves`).loginAs(admin)
    assert.equal(moves.text().trim(), MOVES_HEADER)
    await client
      .get(`${BASE}/import/templates/budgets`)
      .loginAs(admin)
      .then((response) => response.assertStatus(404))
  })

  test('a roster and its moves, together: analysts, coverage, one move per leaver + joiner pair, employers and statistics; audited once', async ({
    client,
    assert,
  }) => {
    const { admin, sectors, atlas, birch } = await world()
    const roster = csv(ROSTER_HEADER, [
      `R-1,Harriet Vance,${atlas.key},Oil analyst,Director,2010,2019-04-01,Energy|55,UK|EU,Equity,Y,Active,Broker site,2024-06-30`,
      // A second coverage line of the same analyst: not lead there.
      `R-1,Harriet Vance,${atlas.key},Oil analyst,Director,2010,2019-04-01,Financials,US,Equity,N,Active,Broker site,2024-06-30`,
      // At Atlas when verified; moves to Birch (by its alias) in the moves file below.
      `R-2,Ian Iles,${atlas.key},,VP,2018,,Health Care,US,equities,,,,2024-01-15`,
      'R-3,Gone Gray,,,MD,1995,,,,,,left industry,,2023-01-15',
    ])
    const moves = csv(MOVES_HEADER, [
      // A leaver and a joiner on one date: one move from Atlas to Birch, experience derived.
      `R-2,2024-03-01,leaver,${atlas.key},,,Health Care,US,Press`,
      'R-2,2024-03-01,joiner,,birch ir,,,,Press',
      `R-3,2022-09-30,left_industry,${atlas.key},,27,,,`,
    ])
    const response = await upload(client, admin, {
      roster: [roster, 'roster.csv'],
      moves: [moves, 'moves.csv'],
    })
    response.assertStatus(302)
    assert.equal(response.header('location'), `${BASE}/import`)
    const result = (response.flashMessages() as any).analystImport
    assert.include(result, {
      dryRun: false,
      rosterRows: 4,
      moveRows: 3,
      analystsCreated: 3,
      analystsUpdated: 0,
      movesWritten: 2,
      pairsMerged: 1,
      movesReplaced: 0,
    })

    const harriet = await analystByExternalId('R-1')
    assert.equal(harriet.provider_id, atlas.id)
    assert.equal(harriet.seniority, 'director')
    assert.equal(dayOf(harriet.last_verified_at), '2024-06-30')
    const cells = await db
      .from('analyst_coverages')
      .where('analyst_id', harriet.id)
      .select('year', 'sector_id', 'region_code', 'is_lead')
    // Energy and Utilities (55) in UK and EU as lead, Financials/US not: the year of verified_at.
    assert.lengthOf(cells, 5)
    assert.isTrue(cells.every((cell) => Number(cell.year) === 2024))
    assert.lengthOf(
      cells.filter((cell) => Number(cell.sector_id) === sectors['Financials'] && !cell.is_lead),
      1
    )

    const ian = await analystByExternalId('R-2')
    assert.equal(ian.provider_id, birch.id)
    assert.equal(ian.seniority, 'vp')
    assert.equal(ian.asset_class, 'equity')
    // Verified in 2024: that year.
    assert.equal(await coverageYearOf(ian.id), 2024)
    const [ianMove] = await db.from('analyst_moves').where('analyst_id', ian.id)
    assert.include(ianMove, {
      type: 'joiner',
      from_provider_id: atlas.id,
      to_provider_id: birch.id,
    })
    assert.equal(Number(ianMove.experience_years), 6)
    assert.lengthOf(await db.from('analyst_move_coverages').where('move_id', ianMove.id), 1)

    const gone = await analystByExternalId('R-3')
    assert.isNull(gone.provider_id)
    assert.equal(gone.status, 'left_industry')

    assert.deepInclude(await figures(atlas.id), { start: 2, end: 1, leavers: 1, lost: 6 })
    assert.deepInclude(await figures(birch.id), { start: 0, end: 1, joiners: 1, gained: 6 })
    const audits = await db.from('audit_logs').where('entity_type', 'analyst_import')
    assert.lengthOf(audits, 1)
    assert.equal(audits[0].action, 'import')
    assert.equal(audits[0].user_id, admin.id)
    assert.include(audits[0].summary, 'roster.csv and moves.csv')

    // The page shows the outcome once.
    const page = await client.get(`${BASE}/import`).loginAs(admin).withInertia()
    assert.lengthOf((page.inertiaProps as any).imports, 1)

    // The same files again: nothing new, the moves of those dates replaced by the same.
    const again = await upload(client, admin, {
      roster: [roster, 'roster.csv'],
      moves: [moves, 'moves.csv'],
    })
    assert.include((again.flashMessages() as any).analystImport, {
      analystsCreated: 0,
      analystsUpdated: 0,
      analystsUnchanged: 3,
      movesReplaced: 2,
    })
    assert.equal(await count('analyst_moves'), 2)
  })

  test('an XLSX roster with date cells, then a moves file alone for existing analysts', async ({
    client,
    assert,
  }) => {
    const { admin, atlas, birch } = await world()
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Roster')
    sheet.addRow(ROSTER_HEADER.split(','))
    sheet.addRow([
      'X-1',
      'Xena Xu',
      atlas.key,
      null,
      'analyst',
      2016,
      new Date(Date.UTC(2021, 0, 4)),
      'Materials',
      'APAC',
      'Equity',
      'Y',
      'Active',
      'XLSX',
      new Date(Date.UTC(2023, 4, 2)),
    ])
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer())
    const first = await upload(client, admin, { roster: [xlsx, 'roster.xlsx'] })
    first.assertStatus(302)
    assert.include((first.flashMessages() as any).analystImport, { analystsCreated: 1 })
    const xena = await analystByExternalId('X-1')
    assert.equal(dayOf(xena.role_start_date), '2021-01-04')
    assert.equal(await coverageYearOf(xena.id), 2023)

    const moved = await upload(client, admin, {
      moves: [csv(MOVES_HEADER, [`X-1,2024-07-01,joiner,${atlas.key},${birch.key},,,,`]), 'm.csv'],
    })
    moved.assertStatus(302)
    const xenaAfter = await analystByExternalId('X-1')
    assert.equal(xenaAfter.provider_id, birch.id)
    assert.deepInclude(await figures(birch.id), { joiners: 1, gained: 8 })
  })

  test('checking only writes nothing and shows what the import would do', async ({
    client,
    assert,
  }) => {
    const { admin, atlas } = await world()
    const before = await counts()
    const response = await upload(
      client,
      admin,
      {
        roster: [
          csv(ROSTER_HEADER, [`D-1,Dry Dan,${atlas.key},,analyst,2015,,Energy,UK,,,,,`]),
          'roster.csv',
        ],
      },
      { dryRun: true }
    )
    response.assertStatus(302)
    assert.include((response.flashMessages() as any).analystImport, {
      dryRun: true,
      analystsCreated: 1,
      coverageCells: 1,
    })
    assert.deepEqual(await counts(), before)
  })

  test('refuses bad files as a whole, row by row, and writes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, atlas, birch } = await world()
    const known = await analyst({ name: 'Known Kim', provider: birch, startYear: 2012 })
    const knownRow = await db.from('analysts').where('id', known.id).firstOrFail()
    const knownId = String(knownRow.external_id)
    await move({
      analyst: known,
      date: '2023-01-10',
      type: 'joiner',
      from: atlas,
      to: birch,
      experience: 11,
    })
    const good = `G-1,Good Gail,${atlas.key},,analyst,2015,,Energy,UK,,,,,`
    const before = await counts()

    const refused = async (
      files: Parameters<typeof upload>[2],
      expected: { field: string; row?: number; column?: string; words: string }[]
    ) => {
      const response = await upload(client, admin, files, { json: true })
      assert.equal(response.status(), 422, JSON.stringify(expected))
      const problems = problemsOf(response.body())
      for (const want of expected) {
        const found = problems.find(
          (problem) =>
            problem.field.startsWith(want.field) &&
            (want.row === undefined || problem.row === want.row) &&
            (want.column === undefined || problem.column === want.column) &&
            problem.message.toLowerCase().includes(want.words.toLowerCase())
        )
        assert.isDefined(found, `${JSON.stringify(want)} in ${JSON.stringify(problems)}`)
      }
      assert.deepEqual(await counts(), before)
      return problems
    }

    // Not a CSV whatever its name.
    await refused({ roster: [PNG, 'roster.csv'] }, [{ field: 'roster', words: 'not csv text' }])
    await refused({ roster: [PNG, 'roster.xlsx'] }, [
      { field: 'roster', words: 'must be a .csv or .xlsx file' },
    ])
    await refused({ moves: [Buffer.from('a,b\u0000c'), 'moves.csv'] }, [
      { field: 'moves', words: 'binary' },
    ])
    await refused({}, [{ field: 'roster', words: 'roster file, a moves file or both' }])
    // Missing and unknown columns.
    await refused(
      { roster: [csv(ROSTER_HEADER.replace(',verified_at', ',verified'), [good]), 'r.csv'] },
      [
        { field: 'roster', words: 'missing column: verified_at' },
        { field: 'roster', words: 'unknown column: verified' },
      ]
    )
    await refused({ roster: [csv(ROSTER_HEADER, []), 'r.csv'] }, [
      { field: 'roster', words: 'no data rows' },
    ])
    // One bad row among good ones: nothing written, the row and column named.
    const problems = await refused(
      {
        roster: [
          csv(ROSTER_HEADER, [
            good,
            `G-2,Bad Key,nowhere-research,,analyst,2015,,Energy,UK,,,,,`,
            `G-3,Bad Date,${atlas.key},,analyst,2015,2021-02-30,Energy,UK,,,,,2099-01-01`,
            `G-4,Bad Words,${atlas.key},,intern,20x5,,Oil,MARS,crypto,maybe,retired,,`,
            `G-5,=cmd|' /C calc'!A0,${atlas.key},,analyst,2015,,,,,,,,`,
            `${knownId},Known Kim,${atlas.key},,analyst,2012,,,,,,,,`,
            `G-8,Evil \u202Eoxedni\u202C,${atlas.key},,analyst,2015,,,,,,,,`,
          ]),
          'roster.csv',
        ],
      },
      [
        { field: 'file', words: '6 rows have problems.' },
        {
          field: 'rows.roster.3.provider_key',
          row: 3,
          column: 'provider_key',
          words: "unknown provider key 'nowhere-research'",
        },
        { field: 'rows.roster.4', row: 4, column: 'role_start_date', words: 'yyyy-mm-dd' },
        { field: 'rows.roster.4', row: 4, column: 'verified_at', words: 'today' },
        { field: 'rows.roster.5', row: 5, column: 'seniority', words: 'one of' },
        { field: 'rows.roster.5', row: 5, column: 'industry_start_year', words: 'whole number' },
        { field: 'rows.roster.5', row: 5, column: 'sectors_gics', words: 'gics sector' },
        { field: 'rows.roster.5', row: 5, column: 'regions', words: 'region code' },
        { field: 'rows.roster.5', row: 5, column: 'asset_class', words: 'one of' },
        { field: 'rows.roster.5', row: 5, column: 'is_lead', words: 'y or n' },
        { field: 'rows.roster.5', row: 5, column: 'status', words: 'one of' },
        { field: 'rows.roster.6', row: 6, column: 'full_name', words: 'formula' },
        { field: 'rows.roster.7', row: 7, column: 'provider_key', words: 'follows the moves' },
        { field: 'rows.roster.8', row: 8, column: 'full_name', words: 'direction-changing' },
      ]
    )
    assert.notOk(problems.some((problem) => problem.row === 2))

    // Moves: unknown analyst, duplicates, type rules, dates, keys.
    await refused(
      {
        moves: [
          csv(MOVES_HEADER, [
            `${knownId},2024-02-01,internal_move,${birch.key},${birch.key},,,,`,
            `${knownId},2024-02-01,internal move,${birch.key},${birch.key},,,,`,
            `NOBODY,2024-02-01,joiner,,${birch.key},,,,`,
            `${knownId},2024-13-01,joiner,,${birch.key},,,,`,
            `${knownId},2024-04-01,joiner,${birch.key},${birch.key},,,,`,
            `${knownId},2024-05-01,left_industry,${birch.key},${atlas.key},,,,`,
            `${knownId},2024-06-01,returned,,unknown-key,,,,`,
            `${knownId},2024-07-01,leaver,${birch.key},,75,,,`,
            `${knownId},2024-08-01,leaver,${birch.key},,,Energy,,`,
            `${knownId},2011-08-01,leaver,${birch.key},,,,,`,
            `${knownId},2024-09-01,leaver,${birch.key},${atlas.key},,,,`,
            `${knownId},2024-09-01,joiner,${atlas.key},${birch.key},,,,`,
          ]),
          'moves.csv',
        ],
      },
      [
        { field: 'rows.moves.3', row: 3, column: 'type', words: 'duplicate: row 2' },
        {
          field: 'rows.moves.4',
          row: 4,
          column: 'analyst_id',
          words: "unknown analyst_id 'nobody'",
        },
        { field: 'rows.moves.5', row: 5, column: 'event_date', words: 'yyyy-mm-dd' },
        { field: 'rows.moves.6', row: 6, column: 'to_provider_key', words: 'must differ' },
        { field: 'rows.moves.7', row: 7, column: 'to_provider_key', words: 'joins no provider' },
        { field: 'rows.moves.8', row: 8, column: 'to_provider_key', words: 'unknown provider key' },
        { field: 'rows.moves.9', row: 9, column: 'experience_years_at_event', words: '0 to 60' },
        { field: 'rows.moves.10', row: 10, column: 'regions', words: 'give both' },
        { field: 'rows.moves.11', row: 11, column: 'event_date', words: 'before the analyst' },
        { field: 'rows.moves.13', row: 13, column: 'from_provider_key', words: 'disagree' },
      ]
    )
    // An analyst taking two rows that disagree.
    await refused(
      {
        roster: [
          csv(ROSTER_HEADER, [good, `G-1,Good Gail,${birch.key},,analyst,2015,,Energy,US,,,,,`]),
          'roster.csv',
        ],
      },
      [{ field: 'rows.roster.3', row: 3, column: 'provider_key', words: 'row 2 too' }]
    )
    // The statistics were never touched.
    assert.equal(await count('provider_stat_runs'), before.runs)
  })
})

test.group('ace import:analysts and import:analyst-moves', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('exit 0 when done, 1 when refused (nothing written); --dry-run writes nothing', async ({
    assert,
  }) => {
    const { atlas, birch } = await world()
    const dir = mkdtempSync(join(tmpdir(), 'spendlens-analysts-'))
    const roster = join(dir, 'roster.csv')
    writeFileSync(
      roster,
      csv(ROSTER_HEADER, [`C-1,Cli Carter,${atlas.key},,analyst,2014,,Energy,UK,,Y,,cli,`])
    )
    const bad = join(dir, 'bad.csv')
    writeFileSync(bad, csv(ROSTER_HEADER, [`C-2,Bad Bob,nobody,,analyst,2014,,,,,,,,`]))
    const png = join(dir, 'logo.csv')
    writeFileSync(png, PNG)
    const moves = join(dir, 'moves.csv')
    writeFileSync(moves, csv(MOVES_HEADER, [`C-1,2024-02-01,joiner,${atlas.key},${birch.key},,,,`]))

    const dry = await ace.create(ImportAnalysts, [roster, '--dry-run'])
    await dry.exec()
    dry.assertSucceeded()
    assert.equal(await count('analysts'), 0)

    for (const args of [[bad], [png], [join(dir, 'missing.csv')]]) {
      const refused = await ace.create(ImportAnalysts, args)
      await refused.exec()
      assert.equal(refused.exitCode, 1, args.join(' '))
    }
    // Moves for an analyst not imported yet.
    const early = await ace.create(ImportAnalystMoves, [moves])
    await early.exec()
    assert.equal(early.exitCode, 1)
    assert.equal(await count('analysts'), 0)
    assert.equal(await count('analyst_moves'), 0)

    // --as must name an administrator of the providers: a member is refused, nothing written.
    const member = await makeUser({})
    const notAdmin = await ace.create(ImportAnalysts, [roster, `--as=${member.email}`])
    await notAdmin.exec()
    assert.equal(notAdmin.exitCode, 1)
    assert.equal(await count('analysts'), 0)

    const run = await ace.create(ImportAnalysts, [roster])
    await run.exec()
    run.assertSucceeded()
    assert.equal(await count('analysts'), 1)
    const admin = await providersAdmin()
    const second = await ace.create(ImportAnalystMoves, [moves, `--as=${admin.email}`])
    await second.exec()
    second.assertSucceeded()
    const carter = await analystByExternalId('C-1')
    assert.equal(carter.provider_id, birch.id)
    const audit = await db.from('audit_logs').where('entity_type', 'analyst_import').orderBy('id')
    assert.lengthOf(audit, 2)
    // Without --as: the system user running the command; with it: the administrator named.
    assert.isNull(audit[0].user_id)
    assert.equal(audit[0].source, 'command_line')
    assert.equal(audit[0].operator, `system user ${userInfo().username} on ${hostname()}`)
    assert.equal(audit[1].user_id, admin.id)
    assert.equal(audit[1].source, 'command_line')
    assert.equal(audit[1].operator, `${admin.name} <${admin.email}>`)
  })
})
