import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { fieldError } from '#services/http/field_error'
import type { RegionOption, SectorOption } from '#shared/providers'

/*
 * What the analyst administration reads besides analysts and moves: the GICS sectors and the
 * regions (one query), and the research providers an analyst may work at.
 */

export const AUDIT_ANALYST = 'analyst'
export const AUDIT_MOVE = 'analyst_move'
export const AUDIT_IMPORT = 'analyst_import'
/** What the providers administration writes to the audit trail, and its page shows. */
export const PROVIDERS_AUDIT_ENTITIES = [AUDIT_ANALYST, AUDIT_MOVE, AUDIT_IMPORT] as const

export const PER_PAGE = 25

export const isTrue = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 't'

export const stamp = (client: QueryClientContract) =>
  DateTime.now().toFormat(client.dialect.dateTimeFormat)

export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`

/** A stored date (text on SQLite, a Date on PostgreSQL) as YYYY-MM-DD. */
export function isoDay(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()
  return String(value).slice(0, 10)
}

/** A stored timestamp as an ISO instant. */
export function isoInstant(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  const text = String(value)
  const parsed = DateTime.fromSQL(text)
  return parsed.isValid ? parsed.toUTC().toISO() : DateTime.fromISO(text).toUTC().toISO()
}

/** The GICS sectors and the regions, in their order, in one query. */
export async function sectorsAndRegions(client: QueryClientContract = db.connection()) {
  const rows = await client
    .from('sectors')
    .select(client.raw("'sector' as kind"), 'id', 'name', 'gics_code as code', 'icon', 'sort_order')
    .unionAll((query) =>
      query
        .from('regions')
        .select(
          client.raw("'region' as kind"),
          'id',
          'name',
          'code',
          client.raw("'' as icon"),
          'sort_order'
        )
    )
  const sorted = [...rows].sort(
    (a, b) => Number(a.sort_order) - Number(b.sort_order) || Number(a.id) - Number(b.id)
  )
  const sectors: (SectorOption & { gicsCode: string })[] = sorted
    .filter((row) => row.kind === 'sector')
    .map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      gicsCode: String(row.code),
      icon: String(row.icon),
    }))
  const regions: RegionOption[] = sorted
    .filter((row) => row.kind === 'region')
    .map((row) => ({
      id: Number(row.id),
      code: row.code as RegionOption['code'],
      name: String(row.name),
    }))
  return { sectors, regions }
}

export type SectorsAndRegions = Awaited<ReturnType<typeof sectorsAndRegions>>

/** The research providers as choices: id, name and key, by name. */
export async function providerChoices(client: QueryClientContract = db.connection()) {
  const rows = await client
    .from('providers')
    .where('provider_type', 'research')
    .select('id', 'name', 'provider_key')
    .orderByRaw('lower(name)')
    .orderBy('id')
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    providerKey: String(row.provider_key),
  }))
}

/**
 * The names of the research providers among `ids`; a field error naming the first id that is
 * not one (`fields` says which form field each id came from).
 */
export async function researchProviderNames(
  client: QueryClientContract,
  fields: { field: string; id: number | null }[]
) {
  const ids = [
    ...new Set(
      fields.map((entry) => entry.id).filter((id): id is number => id !== null && id !== undefined)
    ),
  ]
  const names = new Map<number, string>()
  if (ids.length === 0) return names
  const rows = await client
    .from('providers')
    .whereIn('id', ids)
    .where('provider_type', 'research')
    .select('id', 'name')
  for (const row of rows) names.set(Number(row.id), String(row.name))
  for (const entry of fields) {
    if (entry.id !== null && entry.id !== undefined && !names.has(entry.id)) {
      throw fieldError(entry.field, 'Choose a research provider from the list.')
    }
  }
  return names
}

/** A fixed-size chunking of a list, for `where in` lists within both databases' limits. */
export function chunks<T>(list: readonly T[], size = 500): T[][] {
  const out: T[][] = []
  for (let index = 0; index < list.length; index += size) out.push(list.slice(index, index + size))
  return out
}
