import { test } from '@japa/runner'
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider, rsaTeam } from '#tests/helpers/rsa'
import { rowXml, writeXlsx } from '#tests/helpers/xlsx_zip'
import {
  discardImport,
  previewImport,
  scratchPath,
  storeImportFile,
} from '#services/rsa/imports/imports'
import { ImportFileError } from '#services/rsa/imports/reader'
import { TableFileError, readTableFile } from '#services/imports/table_file'
import { readableError } from '#services/jobs/readable_error'
import { MAX_REFUSED_IMPORT_ROWS, MAX_REPORTED_IMPORT_PROBLEMS } from '#shared/rsa_imports'

const BASE = '/admin/research-spend-analytics'
const HEADER = 'external_ref,source_system,occurred_at,provider_key,interaction_type,duration_min'
const onSqlite = () => db.connection().dialect.name !== 'postgres'

/** A stored interactions file of `count` rows written by `row(index)`. */
async function storedFile(teamId: number, name: string, lines: () => Iterable<string>) {
  const path = await scratchPath('csv')
  const out = createWriteStream(path)
  for (const line of lines()) {
    if (!out.write(`${line}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return storeImportFile({
    kind: 'client_interactions',
    teamId,
    year: 2024,
    userId: null,
    source: 'web',
    originalFileName: name,
    path,
  })
}

test.group('Imports: a bad file is refused fast', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a 50 MB file of unknown providers is refused within a minute, the progress counting every row read', async ({
    assert,
  }) => {
    const { team } = await rsaTeam({ currency: 'USD' })
    await researchProvider('Oberhaus Equities', 'independent')
    // ~50 MB: every row names a provider nobody has, each a different one.
    const padding = 'x'.repeat(160)
    const imp = await storedFile(team.id, 'junk.csv', function* () {
      yield HEADER
      for (let index = 0; index < 250_000; index++) {
        yield `J-${index},crm,2024-03-15,unknown-house-${index}-${padding},analyst_call,30`
      }
    })
    assert.isAbove(Number(imp.file_size), 50 * 1000 * 1000)

    const seen: number[] = []
    const started = performance.now()
    const checked = await previewImport(imp.id, { onProgress: (rows) => void seen.push(rows) })
    const seconds = (performance.now() - started) / 1000

    assert.isBelow(seconds, 60)
    assert.equal(checked.status, 'refused')
    // The progress moved with the rows read, refused ones included (it said 0 before).
    assert.isAbove(seen.length, 1)
    assert.isAbove(seen.at(-1)!, seen[0])
    assert.equal(checked.processed_rows, MAX_REFUSED_IMPORT_ROWS + 1)
    const report = JSON.parse(checked.report!)
    assert.lengthOf(report.problems, MAX_REPORTED_IMPORT_PROBLEMS)
    assert.match(
      report.fileProblems.join(' '),
      /More than 1,000 rows were refused, so the check stopped at row 1,002: the first 200 problems are listed/
    )
    // No suggestion names a provider that shares nothing with the key.
    assert.notMatch(JSON.stringify(report), /Oberhaus/)
  }).timeout(120_000)

  test('an administrator stops a running check: the import is discarded and its file removed', async ({
    client,
    assert,
  }) => {
    const { team } = await rsaTeam({ currency: 'USD' })
    const provider = await researchProvider('Stoppable Research', 'independent')
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const imp = await storedFile(team.id, 'long.csv', function* () {
      yield HEADER
      for (let index = 0; index < 400_000; index++) {
        yield `S-${index},crm,2024-0${(index % 9) + 1}-15,${provider.key},analyst_call,30`
      }
    })
    const check = previewImport(imp.id)
    // Under way: rows counted.
    for (let tries = 0; tries < 400; tries++) {
      const row = await db.from('rsa_imports').where('id', imp.id).first()
      if (row.status === 'previewing' && row.processed_rows > 0) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const response = await client
      .post(`${BASE}/imports/${imp.id}/discard`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', `${BASE}/imports/${imp.id}`)
    const started = performance.now()
    const stopped = await check
    assert.isBelow((performance.now() - started) / 1000, 5)
    assert.equal(stopped.status, 'discarded')
    assert.isNull(stopped.stored_file_name)
    assert.isBelow(stopped.processed_rows, 400_000)
  }).timeout(120_000)

  test('a check whose process is gone shows as interrupted and can be discarded', async ({
    client,
    assert,
  }) => {
    const { team } = await rsaTeam({ currency: 'USD' })
    const provider = await researchProvider('Interrupted Research', 'independent')
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const imp = await storedFile(team.id, 'cut.csv', function* () {
      yield HEADER
      yield `I-1,crm,2024-03-15,${provider.key},analyst_call,30`
    })
    // A process that ran the check and is gone (its pid no longer answers).
    const gone = spawnSync(process.execPath, ['-e', '0'])
    await db.table('worker_processes').insert({
      id: 'gone-worker',
      kind: 'worker',
      hostname: hostname(),
      pid: gone.pid,
      description: 'jobs:work imports',
      started_at: Date.now() - 60_000,
      heartbeat_at: Date.now() - 1000,
      stopped_at: null,
    })
    await db
      .from('rsa_imports')
      .where('id', imp.id)
      .update({ status: 'previewing', processed_rows: 12, runner_id: 'gone-worker' })

    const page = await client.get(`${BASE}/imports/${imp.id}`).loginAs(admin).withInertia()
    page.assertStatus(200)
    assert.isTrue(page.body().props.current.interrupted)

    assert.equal(await discardImport(imp.id), 'discarded')
    const row = await db.from('rsa_imports').where('id', imp.id).first()
    assert.equal(row.status, 'discarded')
  })

  test('a UTF-16 CSV is refused with how to save it as CSV UTF-8', async ({ assert }) => {
    const { team } = await rsaTeam({ currency: 'USD' })
    const path = await scratchPath('csv')
    const text = `${HEADER}\r\nU-1,crm,2024-03-15,x,analyst_call,30\r\n`
    await writeFile(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
    const error = await storeImportFile({
      kind: 'client_interactions',
      teamId: team.id,
      year: 2024,
      userId: null,
      source: 'web',
      originalFileName: 'unicode.csv',
      path,
    }).catch((caught) => caught)
    assert.instanceOf(error, ImportFileError)
    assert.match(error.message, /UTF-16/)
    assert.match(error.message, /CSV UTF-8/)
    assert.notMatch(error.message, /binary/)
  })

  test('a database error reaches administrators as a sentence, not SQL', async ({ assert }) => {
    const locked = Object.assign(
      new Error(
        'insert into "rsa_interactions" ("id") values (1) - SQLITE_BUSY: database is locked'
      ),
      { code: 'SQLITE_BUSY' }
    )
    assert.equal(
      readableError(locked),
      'The database was busy with other writes for too long; what the job was doing was rolled back. Run it again.'
    )
    const constraint = Object.assign(
      new Error('update "rsa_imports" set "x" = 1 - SQLITE_CONSTRAINT: NOT NULL constraint failed'),
      { code: 'SQLITE_CONSTRAINT_NOTNULL' }
    )
    assert.notMatch(readableError(constraint), /update|rsa_imports/)
    assert.equal(readableError(new Error('The file is empty.')), 'The file is empty.')
  })
})

/*
 * Hostile files, each read by the import reader in a process of its own whose peak memory is
 * measured. Made at test time, removed after.
 */
test.group('Imports: hostile files are refused within a memory bound', (group) => {
  let directory: string
  group.setup(async () => {
    directory = await mkdtemp(join(tmpdir(), 'spendlens-hostile-'))
    return () => rm(directory, { recursive: true, force: true })
  })

  async function readInProcess(path: string, type: 'csv' | 'xlsx') {
    const child = spawn(
      process.execPath,
      ['--import=@poppinss/ts-exec', 'tests/helpers/read_import_file.ts', path, type],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    let errors = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (errors += chunk))
    const [code] = await once(child, 'exit')
    if (code !== 0) throw new Error(`The reader failed (${code}): ${errors}`)
    return JSON.parse(output) as {
      rows: number
      refused: string | null
      seconds: number
      peakMb: number
    }
  }

  /** Three million short rows, as one chunk of XML repeated (made in a few seconds). */
  function* manyRows() {
    yield rowXml(1, ['external_ref', 'duration_min'])
    for (let start = 2; start < 3_000_002; start += 50_000) {
      let chunk = ''
      for (let row = start; row < start + 50_000; row++)
        chunk += `<row r="${row}"><c r="A${row}"><v>1</v></c></row>`
      yield chunk
    }
  }

  test('a 60 MB CSV of one line', async ({ assert }) => {
    const path = join(directory, 'one_line.csv')
    const out = createWriteStream(path)
    out.write('external_ref,notes\nA-1,')
    const block = 'z'.repeat(1024 * 1024)
    for (let index = 0; index < 60; index++) {
      if (!out.write(block)) await once(out, 'drain')
    }
    out.end()
    await once(out, 'finish')
    const result = await readInProcess(path, 'csv')
    assert.match(result.refused ?? '', /longer than 100,000 characters/)
    assert.isBelow(result.peakMb, 300)
  }).timeout(60_000)

  test('a 200 KB workbook holding one 200 MB cell', async ({ assert }) => {
    const path = join(directory, 'big_cell.xlsx')
    const megabyte = 'y'.repeat(1024 * 1024)
    await writeXlsx(path, {
      rows: function* () {
        yield rowXml(1, ['external_ref', 'notes'])
        yield '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'
      },
      sharedStrings: function* () {
        yield '<si><t>'
        for (let index = 0; index < 200; index++) yield megabyte
        yield '</t></si>'
      },
    })
    const result = await readInProcess(path, 'xlsx')
    assert.match(result.refused ?? '', /unpacks to 200 MB from almost nothing/)
    assert.isBelow(result.peakMb, 300)
  }).timeout(60_000)

  test('a workbook cell longer than a column takes, packed as tightly as ordinary text', async ({
    assert,
  }) => {
    // Random letters do not compress far, so the unpack check lets the workbook through: the
    // cell itself is refused while it is read.
    const path = join(directory, 'long_cell.xlsx')
    const letters = randomBytes(300_000).toString('base64')
    await writeXlsx(path, {
      rows: function* () {
        yield rowXml(1, ['external_ref', 'notes'])
        yield rowXml(2, ['A-1', 'short'])
        yield rowXml(3, ['A-2', letters])
      },
    })
    const result = await readInProcess(path, 'xlsx')
    assert.match(result.refused ?? '', /^Row 3, column 2: a cell of more than 32,767 characters/)
    assert.isBelow(result.peakMb, 300)
  }).timeout(60_000)

  test('a CSV cell longer than a column takes, on a line within the line limit', async ({
    assert,
  }) => {
    const path = join(directory, 'long_cell.csv')
    await writeFile(path, `external_ref,notes\nA-1,short\nA-2,${'w'.repeat(40_000)}\n`)
    const result = await readInProcess(path, 'csv')
    assert.match(result.refused ?? '', /^Row 3, column 2: a cell of more than 32,767 characters/)
    assert.equal(result.rows, 1)
  }).timeout(60_000)

  test('the market data imports refuse the same workbook before reading it', async ({ assert }) => {
    const path = join(directory, 'big_cell_market.xlsx')
    const megabyte = 'y'.repeat(1024 * 1024)
    await writeXlsx(path, {
      rows: function* () {
        yield rowXml(1, ['Team', 'Provider key'])
        yield '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'
      },
      sharedStrings: function* () {
        yield '<si><t>'
        for (let index = 0; index < 100; index++) yield megabyte
        yield '</t></si>'
      },
    })
    const error = await readTableFile(path, 'xlsx').catch((caught) => caught)
    assert.instanceOf(error, TableFileError)
    assert.match(error.message, /unpacks to 100 MB from almost nothing/)
  }).timeout(60_000)

  test('a workbook of three million rows that says so', async ({ assert }) => {
    const path = join(directory, 'declared.xlsx')
    await writeXlsx(path, { rows: manyRows, dimension: 'A1:B3000001' })
    const result = await readInProcess(path, 'xlsx')
    assert.match(result.refused ?? '', /more than 250,000 rows: save it as CSV UTF-8/)
    assert.isBelow(result.seconds, 5)
    assert.isBelow(result.peakMb, 300)
  }).timeout(60_000)

  test('a workbook of three million rows that does not say so', async ({ assert }) => {
    // Read up to the bound (a quarter of a million rows, several seconds): once, on SQLite.
    if (!onSqlite()) return
    const path = join(directory, 'undeclared.xlsx')
    await writeXlsx(path, { rows: manyRows })
    const result = await readInProcess(path, 'xlsx')
    assert.match(result.refused ?? '', /more than 250,000 rows/)
    assert.equal(result.rows, 250_000)
    assert.isBelow(result.peakMb, 300)
  }).timeout(120_000)
})
