import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import type { ImportKind, ImportReport } from '#shared/rsa_imports'
import { interruptedImportIds, parseReport, type RsaImportRow } from '#services/rsa/imports/imports'

/**
 * What the upload wizard shows of imports: the latest of a kind, and one with its report.
 * Each in two queries whatever the number of imports or rows.
 */

export interface ImportSummary {
  id: number
  kind: ImportKind
  teamId: number | null
  teamName: string | null
  year: number
  fileName: string
  fileType: string
  fileSize: number
  checksum: string
  source: string
  status: string
  phase: string | null
  processedRows: number
  totalRows: number
  newRows: number
  updatedRows: number
  unchangedRows: number
  rejectedRows: number
  uploadedBy: string | null
  committedBy: string | null
  revertedBy: string | null
  createdAt: string | null
  committedAt: string | null
  revertedAt: string | null
  error: string | null
  hasFile: boolean
  /** The latest committed import of its kind, team and year: the only one that can be reverted. */
  canRevert: boolean
  /** Checking or committing, but the process doing it is gone: it can be discarded. */
  interrupted: boolean
  /** An administrator asked the running check to stop. */
  cancelRequested: boolean
}

export interface ImportDetail extends ImportSummary {
  report: ImportReport
}

const LIST_SIZE = 25

const iso = (value: unknown) => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toISO()
  return DateTime.fromSQL(String(value), { zone: 'utc' }).toISO() ?? String(value)
}

function baseQuery() {
  return db
    .from('rsa_imports as i')
    .leftJoin('teams as t', 't.id', 'i.team_id')
    .leftJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('users as c', 'c.id', 'i.committed_by')
    .leftJoin('users as r', 'r.id', 'i.reverted_by')
    .select('i.*', 't.name as team_name', 'u.name as uploaded_by')
    .select('c.name as committed_by_name', 'r.name as reverted_by_name')
}

/** The latest committed import id per team and year of a kind. */
async function latestCommitted(kind: ImportKind) {
  const rows = await db
    .from('rsa_imports')
    .where('kind', kind)
    .where('status', 'committed')
    .groupBy('team_id', 'year')
    .select('team_id', 'year')
    .max('id as id')
  return new Set(rows.map((row) => Number(row.id)))
}

function summary(
  row: Record<string, any>,
  latest: Set<number>,
  interrupted: Set<number>
): ImportSummary {
  const imp = row as RsaImportRow & Record<string, any>
  return {
    id: imp.id,
    kind: imp.kind,
    teamId: imp.team_id,
    teamName: imp.team_name ?? null,
    year: imp.year,
    fileName: imp.original_file_name,
    fileType: imp.file_type,
    fileSize: Number(imp.file_size),
    checksum: imp.checksum,
    source: imp.source,
    status: imp.status,
    phase: imp.phase,
    processedRows: imp.processed_rows,
    totalRows: imp.total_rows,
    newRows: imp.new_rows,
    updatedRows: imp.updated_rows,
    unchangedRows: imp.unchanged_rows,
    rejectedRows: imp.rejected_rows,
    uploadedBy:
      imp.uploaded_by ??
      (imp.source === 'command_line'
        ? `Command line${imp.operator ? ` (${imp.operator})` : ''}`
        : null),
    committedBy: imp.committed_by_name ?? null,
    revertedBy: imp.reverted_by_name ?? null,
    createdAt: iso(imp.created_at),
    committedAt: iso(imp.committed_at),
    revertedAt: iso(imp.reverted_at),
    error: imp.error,
    hasFile: Boolean(imp.stored_file_name),
    canRevert: imp.status === 'committed' && latest.has(imp.id),
    interrupted: interrupted.has(imp.id),
    cancelRequested: imp.status === 'previewing' && Boolean(imp.cancel_requested_at),
  }
}

export async function importList(kind: ImportKind): Promise<ImportSummary[]> {
  const [rows, latest] = await Promise.all([
    baseQuery()
      .where('i.kind', kind)
      .whereNot('i.status', 'discarded')
      .orderBy('i.id', 'desc')
      .limit(LIST_SIZE),
    latestCommitted(kind),
  ])
  const interrupted = await interruptedImportIds(rows as RsaImportRow[])
  return rows.map((row) => summary(row, latest, interrupted))
}

export async function importView(id: number): Promise<ImportDetail | null> {
  const row = await baseQuery().where('i.id', id).first()
  if (!row) return null
  const [latest, interrupted] = await Promise.all([
    latestCommitted(row.kind),
    interruptedImportIds([row as RsaImportRow]),
  ])
  return { ...summary(row, latest, interrupted), report: parseReport(row) }
}

/**
 * Adds the alias suggestions of an import's report that the administrator chose, each as an
 * import alias of the provider it was matched to (audited). Aliases already held are skipped.
 * Returns the number added.
 */
export async function addImportAliases(imp: RsaImportRow, chosen: string[], userId: number) {
  const wanted = new Set(chosen.map((alias) => alias.toLowerCase()))
  const suggestions = parseReport(imp).aliasSuggestions.filter((suggestion) =>
    wanted.has(suggestion.alias.toLowerCase())
  )
  if (suggestions.length === 0) return 0
  return db.transaction(async (trx) => {
    const taken = await trx
      .from('provider_aliases')
      .whereIn(
        'alias',
        suggestions.map((suggestion) => suggestion.alias)
      )
      .select('alias')
    const held = new Set(taken.map((row) => String(row.alias).toLowerCase()))
    let added = 0
    for (const suggestion of suggestions) {
      if (held.has(suggestion.alias.toLowerCase())) continue
      const id = await insertReturningId(trx, 'provider_aliases', {
        provider_id: suggestion.providerId,
        alias: suggestion.alias.slice(0, 160),
        created_at: DateTime.utc().toFormat(trx.dialect.dateTimeFormat),
      })
      await audit(trx, {
        userId,
        entityType: 'provider_alias',
        entityId: id,
        action: 'create',
        summary: `Import alias '${suggestion.alias}' added to ${suggestion.providerName} (import #${imp.id})`,
        after: { alias: suggestion.alias, provider_id: suggestion.providerId },
      })
      added++
    }
    return added
  })
}
