import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import {
  IMPORT_KINDS,
  IMPORT_STATUSES,
  MAX_REFUSED_IMPORT_ROWS,
  MAX_REPORTED_IMPORT_PROBLEMS,
  emptyReport,
  type AliasSuggestion,
  type ImportKind,
  type ImportReport,
} from '#shared/rsa_imports'
import {
  ImportFileError,
  checkFileType,
  tableRows,
  type FileType,
} from '#services/rsa/imports/reader'
import {
  checkHeader,
  checkRow,
  loadImportReference,
  type BudgetRecord,
  type CheckedRow,
  type ImportReference,
  type ImportScope,
  type InteractionRecord,
  type PeerStatRecord,
} from '#services/rsa/imports/rows'
import {
  applyBudgets,
  applyPeerStats,
  compareBudgets,
  comparePeerStats,
  existingInteractionIds,
  revertRows,
  stageInteractions,
  PostgresInteractionWriter,
  swapInteractions,
  revertInteractions,
  clearStaging,
} from '#services/rsa/imports/writers'
import { recomputeRsaStatistics } from '#services/rsa/benchmarks'
import { currentProcessId, liveProcessIds } from '#services/jobs/worker_processes'
import { affectedRows } from '#services/db/affected_rows'
import { readableError } from '#services/jobs/readable_error'
import { fileNameOnly } from '#services/http/stored_file'

/**
 * Research spend imports (budgets, client interactions, peer interactions), the same for the
 * upload wizard, its background jobs and the operators' ace commands:
 *
 * 1. `storeImportFile` checks what the file is (not its name), streams it into storage with its
 *    SHA-256 and records the import (who, when, file, checksum).
 * 2. `previewImport` reads it once without writing anything but the import's own row: how many
 *    rows are new, updated, unchanged or rejected, and every rejected row with its row number,
 *    column and message (up to a limit, the rest counted), plus the provider aliases worth adding.
 * 3. `applyImport` reads it again (the data may have moved since the preview) and writes it all
 *    or nothing: a file with any rejected row writes nothing. Interactions go through a staging
 *    table in short transactions and are moved in one; budgets and peer statistics are written in
 *    one transaction. Peer statistics are recomputed in that same transaction.
 * 4. `revertImport` puts back what the import replaced and removes what it added, in one
 *    transaction; only the latest import of a kind, team and year can be reverted.
 */

export class ImportRefused extends Error {}

/** An administrator stopped the check: the import is discarded. */
class ImportCancelled extends Error {}

export interface RsaImportRow {
  id: number
  kind: ImportKind
  team_id: number | null
  year: number
  user_id: number | null
  source: string
  submission_id: number | null
  original_file_name: string
  stored_file_name: string | null
  file_type: FileType
  file_size: number
  checksum: string
  status: string
  phase: string | null
  processed_rows: number
  total_rows: number
  new_rows: number
  updated_rows: number
  unchanged_rows: number
  rejected_rows: number
  report: string | null
  error: string | null
  job_id: string | null
  runner_id: string | null
  operator: string | null
  created_at: unknown
  committed_at: unknown
  reverted_at: unknown
}

const stamp = (client = db.connection()) => DateTime.utc().toFormat(client.dialect.dateTimeFormat)

export async function findImport(id: number, client = db.connection()) {
  const row = await client.from('rsa_imports').where('id', id).first()
  return (row ?? null) as RsaImportRow | null
}

async function updateImport(id: number, values: Record<string, unknown>) {
  await db
    .from('rsa_imports')
    .where('id', id)
    .update({ ...values, updated_at: stamp() })
}

/*
|--------------------------------------------------------------------------
| Files
|--------------------------------------------------------------------------
*/

const storageKey = (name: string) => `rsa-imports/${name}`

/** A scratch file under tmp/imports, removed by its user. */
export async function scratchPath(extension: string) {
  const directory = app.tmpPath('imports')
  await mkdir(directory, { recursive: true })
  return `${directory}/${randomUUID()}.${extension}`
}

export async function sha256File(path: string) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * The stored file as a local file to read: the file itself on the local disk, else a scratch
 * copy (storage may be a bucket). `done` removes what was copied.
 */
async function localCopy(imp: RsaImportRow) {
  if (!imp.stored_file_name) throw new ImportRefused('The file of this import is no longer kept.')
  const key = storageKey(imp.stored_file_name)
  const disk = drive.use()
  if (disk.driver instanceof FSDriver) {
    const location = disk.driver.options.location
    const root = location instanceof URL ? fileURLToPath(location) : location
    return { path: join(root, key), done: async () => {} }
  }
  const path = await scratchPath(imp.file_type)
  await pipeline(await disk.getStream(key), createWriteStream(path))
  return { path, done: () => rm(path, { force: true }) }
}

export interface NewImport {
  kind: ImportKind
  teamId: number | null
  year: number
  userId: number | null
  source: 'web' | 'command_line' | 'submission'
  /** A command-line import run for no user: the system user and host that ran it. */
  operator?: string | null
  submissionId?: number | null
  originalFileName: string
  /** A local file, moved into storage. */
  path: string
  checksum?: string
}

/**
 * Checks what the file is and records the import. A file that is empty, binary, of another type
 * than its name says, or too large is refused with an ImportFileError and nothing is recorded.
 */
export async function storeImportFile(input: NewImport) {
  const extension = input.originalFileName.split('.').pop() ?? ''
  let fileType: FileType
  try {
    fileType = await checkFileType(input.path, extension)
  } catch (error) {
    await rm(input.path, { force: true })
    throw error
  }
  const { size } = await stat(input.path)
  const checksum = input.checksum ?? (await sha256File(input.path))
  const storedName = `${randomUUID()}.${fileType}`
  await drive.use().moveFromFs(input.path, storageKey(storedName))
  const id = await insertReturningId(db.connection(), 'rsa_imports', {
    kind: input.kind,
    team_id: input.teamId,
    year: input.year,
    user_id: input.userId,
    source: input.source,
    operator: input.operator?.slice(0, 160) ?? null,
    submission_id: input.submissionId ?? null,
    original_file_name: fileNameOnly(input.originalFileName).slice(0, 255),
    stored_file_name: storedName,
    file_type: fileType,
    file_size: size,
    checksum,
    status: 'uploaded',
    created_at: stamp(),
  })
  return (await findImport(id))!
}

export const importFileKey = (imp: { stored_file_name: string | null }) =>
  imp.stored_file_name ? storageKey(imp.stored_file_name) : null

/*
|--------------------------------------------------------------------------
| Reading and checking
|--------------------------------------------------------------------------
*/

type AnyRecord = BudgetRecord | InteractionRecord | PeerStatRecord

export interface ScanResult {
  rows: number
  rejected: number
  report: ImportReport
}

/** Rows read so far, and the share of the file read when it can be told (CSV). */
export type Progress = (processed: number, share: number | null) => Promise<void> | void

/** Calls `report` at most once a second, and once at the end. */
function throttled(report: Progress | undefined, share: () => number | null) {
  let last = 0
  return {
    async tick(processed: number) {
      const now = Date.now()
      if (!report || now - last < 1000) return
      last = now
      await report(processed, share())
    },
  }
}

/** Valid rows handed on at a time (one staging transaction each for interactions). */
const CHUNK = 50_000

/**
 * Reads the file once: header, then every row checked, duplicates of a key within the file
 * rejected, valid records handed to `onChunk` a thousand at a time. The report holds the file's
 * problems, the rejected rows (up to a limit) and the alias suggestions.
 */
async function scan(
  path: string,
  fileType: FileType,
  scope: ImportScope,
  reference: ImportReference,
  onChunk: (records: CheckedRow<AnyRecord>[]) => Promise<void>,
  progress?: Progress
): Promise<ScanResult> {
  const report = emptyReport()
  let headers: string[] = []
  let headerProblems: string[] = []
  const seen = new Map<string, number>()
  const suggestions = new Map<string, AliasSuggestion>()
  let rows = 0
  let rejected = 0
  let chunk: CheckedRow<AnyRecord>[] = []
  const { size } = await stat(path)
  const meter = { bytes: 0 }
  const ticker = throttled(progress, () =>
    fileType === 'csv' && size > 0 ? Math.min(1, meter.bytes / size) : null
  )
  const addProblem = (row: number | null, column: string | null, message: string) => {
    if (report.problems.length < MAX_REPORTED_IMPORT_PROBLEMS) {
      report.problems.push({ row, column, message })
    } else report.more++
  }
  try {
    for await (const raw of tableRows(
      path,
      fileType,
      (found) => {
        headers = found
        headerProblems = checkHeader(scope.kind, found)
      },
      meter
    )) {
      if (headerProblems.length) break
      rows++
      // Every row read counts, refused or not: the progress moves whatever the file holds.
      await ticker.tick(rows)
      const checked = checkRow(scope, headers, raw, reference)
      if (checked.key !== null) {
        const first = seen.get(checked.key)
        if (first !== undefined) {
          checked.problems.push({
            column: scope.kind === 'client_interactions' ? 'external_ref' : 'provider_key',
            message: `Row ${raw.rowNumber} repeats the key of row ${first} (${describeKey(scope.kind)}).`,
          })
          checked.record = null
        } else seen.set(checked.key, raw.rowNumber)
      }
      if (checked.problems.length) {
        rejected++
        if (rejected > MAX_REFUSED_IMPORT_ROWS) {
          // The file is refused whatever follows: reading on would only keep the worker busy.
          rejected--
          report.fileProblems.push(
            `More than ${MAX_REFUSED_IMPORT_ROWS.toLocaleString('en-GB')} rows were refused, so the check stopped at row ${raw.rowNumber.toLocaleString('en-GB')}: the first ${MAX_REPORTED_IMPORT_PROBLEMS} problems are listed. Correct the file (is it the right file for this import?) and upload it again.`
          )
          break
        }
        for (const problem of checked.problems) {
          addProblem(raw.rowNumber, problem.column, problem.message)
        }
        const unknown = checked.unknownProvider
        if (unknown?.suggestion) {
          const entry = suggestions.get(unknown.alias.toLowerCase())
          if (entry) entry.rows++
          else if (suggestions.size < 50) {
            suggestions.set(unknown.alias.toLowerCase(), {
              alias: unknown.alias,
              providerId: unknown.suggestion.id,
              providerName: unknown.suggestion.name,
              providerKey: unknown.suggestion.key,
              rows: 1,
            })
          }
        }
        continue
      }
      // Once a row is rejected nothing will be written: only keep checking.
      if (rejected === 0) {
        chunk.push(checked)
        if (chunk.length >= CHUNK) {
          await onChunk(chunk)
          chunk = []
        }
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) {
      report.fileProblems.push(error.message)
      return { rows, rejected, report }
    }
    throw error
  }
  if (headerProblems.length) {
    report.fileProblems.push(...headerProblems)
    return { rows: 0, rejected: 0, report }
  }
  if (rows === 0) report.fileProblems.push('The file has a header but no rows.')
  if (chunk.length && rejected === 0) await onChunk(chunk)
  report.aliasSuggestions = [...suggestions.values()]
  if (progress) await progress(rows, 1)
  return { rows, rejected, report }
}

function describeKey(kind: ImportKind) {
  switch (kind) {
    case 'budgets':
      return 'budget_group, provider and service_type'
    case 'client_interactions':
      return 'source_system and external_ref'
    default:
      return 'period, peer group, provider, interaction type and sector'
  }
}

const isRefused = (result: ScanResult) =>
  result.report.fileProblems.length > 0 || result.rejected > 0

function scopeOf(imp: RsaImportRow): ImportScope {
  return { kind: imp.kind, teamId: imp.team_id, year: imp.year }
}

/*
|--------------------------------------------------------------------------
| Preview
|--------------------------------------------------------------------------
*/

export interface Counts {
  newRows: number
  updatedRows: number
  unchangedRows: number
}

/**
 * The dry run: reads and checks the file, counts what a commit would add, change and leave, and
 * stores the counts and the report on the import. Nothing else is written.
 */
export async function previewImport(id: number, options: { onProgress?: Progress } = {}) {
  const imp = await findImport(id)
  if (!imp) throw new ImportRefused('This import does not exist.')
  if (!['uploaded', 'previewing', 'previewed', 'refused', 'failed'].includes(imp.status)) return imp
  await updateImport(id, {
    status: 'previewing',
    phase: 'reading',
    processed_rows: 0,
    error: null,
    runner_id: currentProcessId(),
    cancel_requested_at: null,
  })
  const file = await localCopy(imp)
  const path = file.path
  try {
    const scope = scopeOf(imp)
    const reference = await loadImportReference(imp.team_id)
    const counts: Counts = { newRows: 0, updatedRows: 0, unchangedRows: 0 }
    const compare = await comparerFor(scope)
    const result = await scan(
      path,
      imp.file_type,
      scope,
      reference,
      async (chunk) => {
        const partial = await compare(chunk.map((row) => row.record!))
        counts.newRows += partial.newRows
        counts.updatedRows += partial.updatedRows
        counts.unchangedRows += partial.unchangedRows
      },
      async (processed, share) => {
        // While checking, the total is an estimate from the share of the file read. The
        // update misses once an administrator asked the check to stop.
        const written = await db
          .from('rsa_imports')
          .where('id', id)
          .whereNull('cancel_requested_at')
          .update({
            processed_rows: processed,
            total_rows: share ? Math.round(processed / share) : 0,
            updated_at: stamp(),
          })
        if (affectedRows(written) === 0) throw new ImportCancelled()
        await options.onProgress?.(processed, share)
      }
    )
    const refused = isRefused(result)
    await updateImport(id, {
      status: refused ? 'refused' : 'previewed',
      phase: null,
      processed_rows: result.rows,
      total_rows: result.rows,
      new_rows: refused ? 0 : counts.newRows,
      updated_rows: refused ? 0 : counts.updatedRows,
      unchanged_rows: refused ? 0 : counts.unchangedRows,
      rejected_rows: result.rejected,
      report: JSON.stringify(result.report),
      previewed_at: stamp(),
    })
    return (await findImport(id))!
  } catch (error) {
    if (!(error instanceof ImportCancelled)) throw error
    await file.done()
    await dropImport(id)
    return (await findImport(id))!
  } finally {
    await file.done()
  }
}

async function comparerFor(scope: ImportScope) {
  if (scope.kind === 'budgets') return compareBudgets(scope)
  if (scope.kind === 'peer_interactions') return comparePeerStats(scope)
  // Only references of a source system the team already has can match a stored row.
  const sources = await db
    .from('rsa_interactions')
    .where('team_id', scope.teamId!)
    .distinct('source_system')
  const known = new Set(sources.map((row) => row.source_system as string))
  return async (records: AnyRecord[]) => {
    const candidates = (records as InteractionRecord[]).filter((record) =>
      known.has(record.source_system)
    )
    const existing = candidates.length
      ? await existingInteractionIds(db.connection(), scope.teamId!, candidates)
      : []
    const updated = existing.filter((value) => value !== null).length
    return { newRows: records.length - updated, updatedRows: updated, unchangedRows: 0 }
  }
}

/*
|--------------------------------------------------------------------------
| Commit
|--------------------------------------------------------------------------
*/

/**
 * Hands a previewed, clean import to the commit job: refused when the preview found problems,
 * or when the import is not in a state to be committed. Returns false when it was already
 * queued or committed (a second click).
 */
export async function queueCommit(id: number, userId: number | null) {
  return db.transaction(async (trx) => {
    const imp = await trx.from('rsa_imports').where('id', id).forUpdate().first()
    if (!imp) throw new ImportRefused('This import does not exist.')
    if (['queued', 'committing', 'committed'].includes(imp.status)) return false
    if (imp.status !== 'previewed') {
      throw new ImportRefused(
        imp.status === 'refused'
          ? 'The file has rejected rows: correct them and upload the file again. Nothing was written.'
          : `An import that is ${imp.status} cannot be committed.`
      )
    }
    await trx
      .from('rsa_imports')
      .where('id', id)
      .update({ status: 'queued', committed_by: userId, updated_at: stamp(trx) })
    return true
  })
}

/**
 * Writes the import, all or nothing. Idempotent: a committed import is left alone, and an
 * attempt cut short (a stopped worker) is started again from the file.
 */
export async function applyImport(
  id: number,
  options: {
    userId?: number | null
    onProgress?: Progress
    /** Told when each step ends: rows read and staged, moved into place, statistics. */
    onStep?: (step: string) => void
    /**
     * Told once the transaction that writes the data has begun: until it commits, the data is
     * as it was (a stopped process rolls it back).
     */
    onWriting?: () => void
    /** Awaited at the end of that transaction, everything written, just before it commits. */
    onWritten?: () => Promise<void> | void
  } = {}
) {
  const imp = await findImport(id)
  if (!imp) throw new ImportRefused('This import does not exist.')
  // Discarded meanwhile (an interrupted commit an administrator dropped): nothing to do.
  if (['committed', 'reverted', 'discarded'].includes(imp.status)) return imp
  if (!['uploaded', 'queued', 'committing', 'previewed', 'failed'].includes(imp.status)) {
    throw new ImportRefused(`An import that is ${imp.status} cannot be committed.`)
  }
  const userId = options.userId === undefined ? imp.user_id : options.userId
  await updateImport(id, {
    status: 'committing',
    phase: 'reading',
    processed_rows: 0,
    error: null,
    runner_id: currentProcessId(),
  })
  const file = await localCopy(imp)
  const path = file.path
  const scope = scopeOf(imp)
  try {
    const reference = await loadImportReference(imp.team_id)
    if (scope.kind === 'client_interactions' && db.connection().dialect.name === 'postgres') {
      const outcome = await commitInteractionsOnPostgres(
        imp,
        scope,
        path,
        reference,
        userId,
        options
      )
      if (outcome) return outcome
    } else if (scope.kind === 'client_interactions') {
      await clearStaging(id)
      const result = await scan(
        path,
        imp.file_type,
        scope,
        reference,
        async (chunk) => {
          await stageInteractions(
            id,
            chunk.map((row) => row.record as InteractionRecord)
          )
        },
        async (processed, share) => {
          await updateImport(id, { processed_rows: processed, phase: 'staging' })
          await options.onProgress?.(processed, share)
        }
      )
      if (isRefused(result)) {
        await clearStaging(id)
        return refuseAtCommit(id, result)
      }
      options.onStep?.(`${result.rows.toLocaleString('en-GB')} rows read, checked and staged`)
      await updateImport(id, { phase: 'applying', processed_rows: result.rows })
      await db.transaction(async (trx) => {
        options.onWriting?.()
        const counts = await swapInteractions(trx, id, stamp(trx))
        options.onStep?.('moved into place')
        await finishCommit(trx, imp, userId, { rows: result.rows, ...counts, unchangedRows: 0 })
        options.onStep?.('peer statistics recomputed')
        // The staged rows go with the commit: none are left once it says committed.
        await clearStaging(id, trx)
        await options.onWritten?.()
      })
    } else {
      const records: AnyRecord[] = []
      const result = await scan(
        path,
        imp.file_type,
        scope,
        reference,
        async (chunk) => {
          for (const row of chunk) records.push(row.record!)
        },
        async (processed, share) => {
          await updateImport(id, { processed_rows: processed })
          await options.onProgress?.(processed, share)
        }
      )
      if (isRefused(result)) return refuseAtCommit(id, result)
      await updateImport(id, { phase: 'applying', processed_rows: result.rows })
      await db.transaction(async (trx) => {
        options.onWriting?.()
        const counts =
          scope.kind === 'budgets'
            ? await applyBudgets(trx, id, scope, records as BudgetRecord[], stamp(trx))
            : await applyPeerStats(trx, id, scope, records as PeerStatRecord[], stamp(trx))
        await finishCommit(trx, imp, userId, { rows: result.rows, ...counts })
        await options.onWritten?.()
      })
    }
    return (await findImport(id))!
  } finally {
    await file.done()
  }
}

/** A refused file rolls back what was written of it: this carries the report out. */
class RefusedInTransaction extends Error {
  constructor(readonly result: ScanResult) {
    super('refused')
  }
}

/**
 * Client interactions on PostgreSQL: read, checked and written in one transaction (see
 * PostgresInteractionWriter); a refused file rolls it all back. Returns the import when refused.
 */
async function commitInteractionsOnPostgres(
  imp: RsaImportRow,
  scope: ImportScope,
  path: string,
  reference: ImportReference,
  userId: number | null,
  options: {
    onProgress?: Progress
    onStep?: (step: string) => void
    onWriting?: () => void
    onWritten?: () => Promise<void> | void
  }
) {
  try {
    await db.transaction(async (trx) => {
      options.onWriting?.()
      const now = stamp(trx)
      const writer = new PostgresInteractionWriter(trx, imp.id, scope.teamId!, now)
      const result = await scan(
        path,
        imp.file_type,
        scope,
        reference,
        (chunk) => writer.write(chunk.map((row) => row.record as InteractionRecord)),
        async (processed, share) => {
          await updateImport(imp.id, { processed_rows: processed, phase: 'staging' })
          await options.onProgress?.(processed, share)
        }
      )
      const counts = await writer.finish()
      if (isRefused(result)) throw new RefusedInTransaction(result)
      options.onStep?.(`${result.rows.toLocaleString('en-GB')} rows read, checked and written`)
      await updateImport(imp.id, { phase: 'recomputing', processed_rows: result.rows })
      await finishCommit(trx, imp, userId, { rows: result.rows, ...counts, unchangedRows: 0 })
      options.onStep?.('peer statistics recomputed')
      await options.onWritten?.()
    })
  } catch (error) {
    if (error instanceof RefusedInTransaction) return refuseAtCommit(imp.id, error.result)
    throw error
  }
  return null
}

async function refuseAtCommit(id: number, result: ScanResult) {
  await updateImport(id, {
    status: 'refused',
    phase: null,
    rejected_rows: result.rejected,
    report: JSON.stringify(result.report),
  })
  return (await findImport(id))!
}

async function finishCommit(
  trx: TransactionClientContract,
  imp: RsaImportRow,
  userId: number | null,
  counts: Counts & { rows: number }
) {
  // Peer statistics move with the data, in the same transaction (peer interactions are
  // shown as uploaded and feed no recomputed figure).
  if (imp.kind !== 'peer_interactions') {
    await recomputeRsaStatistics({ years: [imp.year], trigger: 'import' }, trx)
  }
  await trx
    .from('rsa_imports')
    .where('id', imp.id)
    .update({
      status: 'committed',
      phase: null,
      processed_rows: counts.rows,
      total_rows: counts.rows,
      new_rows: counts.newRows,
      updated_rows: counts.updatedRows,
      unchanged_rows: counts.unchangedRows,
      rejected_rows: 0,
      committed_at: stamp(trx),
      committed_by: userId,
      updated_at: stamp(trx),
    })
  await audit(trx, {
    userId,
    entityType: 'rsa_import',
    entityId: imp.id,
    action: 'import',
    summary: `${IMPORT_KINDS[imp.kind]} import #${imp.id} committed: ${counts.newRows} new, ${counts.updatedRows} updated (${imp.original_file_name})${imp.operator && userId === null ? `, from the command line by ${imp.operator}` : ''}`,
    after: {
      ...(imp.operator ? { operator: imp.operator } : {}),
      kind: imp.kind,
      team_id: imp.team_id,
      year: imp.year,
      file: imp.original_file_name,
      checksum: imp.checksum,
      rows: counts.rows,
      new: counts.newRows,
      updated: counts.updatedRows,
      unchanged: counts.unchangedRows,
    },
  })
}

/** Marks an import failed for good (its job ran out of attempts); nothing of it was written. */
export async function markImportFailed(id: number, error: unknown) {
  await clearStaging(id)
  await db
    .from('rsa_imports')
    .where('id', id)
    .whereNotIn('status', ['committed', 'reverted', 'discarded'])
    .update({
      status: 'failed',
      phase: null,
      error: readableError(error),
      updated_at: stamp(),
    })
}

/*
|--------------------------------------------------------------------------
| Revert and discard
|--------------------------------------------------------------------------
*/

/** The committed import of the same kind, team and year after this one, if any. */
async function laterImport(trx: TransactionClientContract, imp: RsaImportRow) {
  const query = trx
    .from('rsa_imports')
    .where('kind', imp.kind)
    .where('year', imp.year)
    .where('status', 'committed')
    .where('id', '>', imp.id)
  if (imp.team_id === null) query.whereNull('team_id')
  else query.where('team_id', imp.team_id)
  return query.orderBy('id', 'desc').select('id').first()
}

/**
 * Undoes a committed import in one transaction: rows it added are removed, rows it replaced are
 * put back as they were, and peer statistics are recomputed. Only the latest committed import
 * of a kind, team and year can be reverted (a later one may have changed the same rows).
 */
export async function revertImport(id: number, userId: number | null) {
  return db.transaction(async (trx) => {
    const imp = (await trx.from('rsa_imports').where('id', id).forUpdate().first()) as
      RsaImportRow | undefined
    if (!imp) throw new ImportRefused('This import does not exist.')
    if (imp.status !== 'committed') {
      throw new ImportRefused(`Only a committed import can be reverted; this one is ${imp.status}.`)
    }
    const later = await laterImport(trx, imp)
    if (later) {
      throw new ImportRefused(
        `Import #${later.id} of the same data came after this one: revert it first.`
      )
    }
    const removed =
      imp.kind === 'client_interactions'
        ? await revertInteractions(trx, id)
        : await revertRows(trx, id)
    if (imp.kind !== 'peer_interactions') {
      await recomputeRsaStatistics({ years: [imp.year], trigger: 'revert' }, trx)
    }
    await trx
      .from('rsa_imports')
      .where('id', id)
      .update({
        status: 'reverted',
        reverted_at: stamp(trx),
        reverted_by: userId,
        updated_at: stamp(trx),
      })
    await audit(trx, {
      userId,
      entityType: 'rsa_import',
      entityId: id,
      action: 'delete',
      summary: `${IMPORT_KINDS[imp.kind]} import #${id} reverted (${imp.original_file_name})`,
      before: { status: 'committed', new: imp.new_rows, updated: imp.updated_rows },
      after: { status: 'reverted', ...removed },
    })
  })
}

/**
 * Whether a check or a commit was cut short: the process running it (a worker, an import
 * command) is gone, and no other worker took it over. Such an import can be discarded.
 */
export async function isInterrupted(imp: Pick<RsaImportRow, 'status' | 'runner_id'>) {
  if (!['previewing', 'committing'].includes(imp.status) || !imp.runner_id) return false
  const alive = await liveProcessIds([imp.runner_id])
  return !alive.has(imp.runner_id)
}

/** The ids among these imports whose check or commit was cut short (one query at most). */
export async function interruptedImportIds(
  imports: Pick<RsaImportRow, 'id' | 'status' | 'runner_id'>[]
) {
  const working = imports.filter(
    (imp) => ['previewing', 'committing'].includes(imp.status) && imp.runner_id
  )
  if (working.length === 0) return new Set<number>()
  const alive = await liveProcessIds(working.map((imp) => imp.runner_id!))
  return new Set(working.filter((imp) => !alive.has(imp.runner_id!)).map((imp) => imp.id))
}

async function dropImport(id: number) {
  const imp = await findImport(id)
  if (!imp) return
  await clearStaging(id)
  const key = importFileKey(imp)
  if (key) await drive.use().delete(key)
  await updateImport(id, { status: 'discarded', phase: null, stored_file_name: null })
}

/**
 * Drops an import that was not committed, and its file. A check under way is asked to stop
 * (it drops the import at its next progress step, within a second or so: 'cancelling'); a check
 * or commit whose process is gone is dropped at once (nothing of a commit is written before
 * its last transaction).
 */
export async function discardImport(id: number): Promise<'discarded' | 'cancelling'> {
  const imp = await findImport(id)
  if (!imp) throw new ImportRefused('This import does not exist.')
  if (
    ['uploaded', 'previewed', 'refused', 'failed'].includes(imp.status) ||
    (await isInterrupted(imp))
  ) {
    await dropImport(id)
    return 'discarded'
  }
  if (imp.status === 'previewing') {
    await updateImport(id, { cancel_requested_at: stamp() })
    return 'cancelling'
  }
  throw new ImportRefused(
    imp.status === 'committing' || imp.status === 'queued'
      ? 'The import is being committed: it cannot be discarded now. Once committed it can be reverted.'
      : `An import that is ${IMPORT_STATUSES[imp.status as keyof typeof IMPORT_STATUSES] ?? imp.status} cannot be discarded.`
  )
}

export function parseReport(imp: { report: string | null }): ImportReport {
  if (!imp.report) return emptyReport()
  try {
    return { ...emptyReport(), ...JSON.parse(imp.report) }
  } catch {
    return emptyReport()
  }
}
