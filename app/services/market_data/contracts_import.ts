import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { cell, missingHeaders, type TableRow } from '#services/imports/table_file'
import { MAX_REPORTED_ROW_ERRORS } from '#shared/data_collection'
import { toIsoDate } from '#services/market_data/benchmarks'

export const CONTRACT_COLUMNS = [
  'Team',
  'Provider key',
  'Contract reference',
  'License type',
  'Start date',
  'End date',
] as const

interface ContractRow {
  rowNumber: number
  teamId: number
  teamName: string
  providerId: number
  licenseTypeId: number
  reference: string
  startDate: string
  endDate: string
}

/** A row that contradicts the stored contracts (reported like a row problem). */
export class ContractImportConflict extends Error {}

const lower = (value: string) => value.trim().toLowerCase()

function isoDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const date = DateTime.fromISO(value)
  return date.isValid ? value : null
}

/**
 * Checks a contracts file (one row per contract; a contract is known by its team and
 * reference) and returns its rows or every problem, by row.
 */
export async function parseContractsTable(table: { headers: string[]; rows: TableRow[] }) {
  const missing = missingHeaders(table.headers, CONTRACT_COLUMNS)
  if (missing.length) {
    return {
      rows: [] as ContractRow[],
      problems: [
        `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')}.`,
      ],
    }
  }
  const [teams, providers, licenseTypes] = await Promise.all([
    db.from('teams').select('id', 'name'),
    db.from('providers').select('id', 'provider_key'),
    db.from('license_types').select('id', 'key', 'name'),
  ])
  // The file's teams' contracts: an existing contract keeps its provider (its benchmarks point
  // at that provider's products).
  const fileTeams = teams.filter((team) =>
    table.rows.some((row) => lower(cell(row, 'Team')) === lower(team.name))
  )
  const existing = fileTeams.length
    ? await db
        .from('contracts')
        .join('providers', 'providers.id', 'contracts.provider_id')
        .whereIn(
          'contracts.team_id',
          fileTeams.map((team) => team.id)
        )
        .select(
          'contracts.team_id',
          'contracts.reference',
          'contracts.provider_id',
          'providers.name'
        )
    : []
  const problems: string[] = []
  const rows: ContractRow[] = []
  const seen = new Map<string, number>()
  let failing = 0
  for (const row of table.rows) {
    const errors: string[] = []
    const teamName = cell(row, 'Team')
    const team = teams.find((entry) => lower(entry.name) === lower(teamName))
    if (!team) errors.push(teamName ? `Team '${teamName}' is not known` : 'Team is required')
    const providerKey = cell(row, 'Provider key')
    const provider = providers.find((entry) => entry.provider_key === lower(providerKey))
    if (!provider)
      errors.push(
        providerKey ? `Provider '${providerKey}' is not known` : 'Provider key is required'
      )
    const licenseName = cell(row, 'License type')
    const license = licenseTypes.find(
      (entry) => lower(entry.name) === lower(licenseName) || lower(entry.key) === lower(licenseName)
    )
    if (!license)
      errors.push(
        licenseName ? `License type '${licenseName}' is not known` : 'License type is required'
      )
    const reference = cell(row, 'Contract reference')
    if (!reference) errors.push('Contract reference is required')
    else if (reference.length > 80) errors.push('Contract reference is longer than 80 characters')
    const start = isoDate(cell(row, 'Start date'))
    const end = isoDate(cell(row, 'End date'))
    if (!start) errors.push('Start date must be a date (YYYY-MM-DD)')
    if (!end) errors.push('End date must be a date (YYYY-MM-DD)')
    if (start && end && end < start) errors.push('End date must not be before the start date')
    const stored = existing.find(
      (entry) => entry.team_id === team?.id && lower(entry.reference) === lower(reference)
    )
    if (stored && provider && stored.provider_id !== provider.id) {
      errors.push(
        `Contract '${reference}' of ${team!.name} is with ${stored.name}; an existing contract cannot move to another provider`
      )
    }
    const key = `${team?.id}|${lower(reference)}`
    if (team && reference && seen.has(key)) errors.push(`Repeats row ${seen.get(key)}`)
    if (errors.length) {
      failing++
      if (failing <= MAX_REPORTED_ROW_ERRORS)
        problems.push(`Row ${row.rowNumber}: ${errors.join('; ')}.`)
      continue
    }
    seen.set(key, row.rowNumber)
    rows.push({
      rowNumber: row.rowNumber,
      teamId: team!.id,
      teamName: team!.name,
      providerId: provider!.id,
      licenseTypeId: license!.id,
      reference,
      startDate: start!,
      endDate: end!,
    })
  }
  if (failing > MAX_REPORTED_ROW_ERRORS)
    problems.push(`…and ${failing - MAX_REPORTED_ROW_ERRORS} more rows with problems.`)
  if (failing)
    problems.unshift(
      `${failing} row${failing > 1 ? 's have' : ' has'} problems; nothing was imported.`
    )
  else if (!rows.length) problems.push('The file has no contract rows.')
  return { rows, problems }
}

/** A contract as the audit trail records it: the same fields before and after an import. */
function contractSnapshot(values: {
  team_id: number
  provider_id: number
  reference: string
  license_type_id: number
  start_date: unknown
  end_date: unknown
}) {
  return {
    team_id: values.team_id,
    provider_id: values.provider_id,
    reference: values.reference,
    license_type_id: values.license_type_id,
    start_date: toIsoDate(values.start_date),
    end_date: toIsoDate(values.end_date),
  }
}

/**
 * Creates or updates the contracts in one transaction: a team's contract with the same
 * reference is updated (license type, dates; never its provider), others are created. The
 * trail keeps each contract under the same name before and after, field by field, so that a
 * change reads as its old and new value (a new contract has no before).
 */
export async function importContracts(userId: number | null, rows: ContractRow[]) {
  return db.transaction(async (trx) => {
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    let created = 0
    let updated = 0
    const before: Record<string, ReturnType<typeof contractSnapshot>> = {}
    const after: Record<string, ReturnType<typeof contractSnapshot>> = {}
    for (const row of rows) {
      const values = {
        license_type_id: row.licenseTypeId,
        start_date: row.startDate,
        end_date: row.endDate,
        updated_at: now,
      }
      const existing = await trx
        .from('contracts')
        .where('team_id', row.teamId)
        .whereRaw('lower(reference) = ?', [lower(row.reference)])
        .first()
      if (existing && existing.provider_id !== row.providerId) {
        // Checked when the file was read; a contract created since is refused all the same.
        throw new ContractImportConflict(
          `Row ${row.rowNumber}: contract '${row.reference}' cannot move to another provider.`
        )
      }
      const label = `${row.teamName} · ${existing?.reference ?? row.reference}`
      if (existing) {
        before[label] = contractSnapshot(existing)
        await trx.from('contracts').where('id', existing.id).update(values)
        updated++
      } else {
        await trx.table('contracts').insert({
          ...values,
          provider_id: row.providerId,
          team_id: row.teamId,
          reference: row.reference,
          created_at: now,
        })
        created++
      }
      after[label] = contractSnapshot({
        team_id: row.teamId,
        provider_id: row.providerId,
        reference: existing?.reference ?? row.reference,
        license_type_id: row.licenseTypeId,
        start_date: row.startDate,
        end_date: row.endDate,
      })
    }
    await audit(trx, {
      userId,
      entityType: 'contract',
      entityId: null,
      action: 'import',
      summary: `Imported contracts: ${created} created, ${updated} updated${userId === null ? ' (command line)' : ''}`,
      before,
      after,
    })
    return { created, updated }
  })
}
