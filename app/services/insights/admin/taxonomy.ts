import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { AdminTaxonomyProps } from '#shared/insights_reports'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { fieldError } from '#services/http/field_error'
import { ReportNotFound, sqlTime } from '#services/insights/visibility'
import { bumpReportsVersion } from '#services/insights/reports_cache'

/**
 * Categories and tags of insights reports, managed by administrators. Names are unique without
 * regard to case; one in use by a report cannot be deleted (rename it instead).
 */
export type TaxonomyKind = 'category' | 'tag'

const TABLES = {
  category: { table: 'insights_categories', usage: 'insights_reports', column: 'category_id' },
  tag: { table: 'insights_tags', usage: 'insights_report_tags', column: 'insights_tag_id' },
} as const

const LABEL = { category: 'category', tag: 'tag' } as const

export async function taxonomy(): Promise<AdminTaxonomyProps> {
  const list = async (kind: TaxonomyKind) => {
    const { table, usage, column } = TABLES[kind]
    const rows = await db
      .from(`${table} as x`)
      .leftJoin(`${usage} as u`, `u.${column}`, 'x.id')
      .groupBy('x.id', 'x.name')
      .orderBy('x.name')
      .select('x.id', 'x.name')
      .count(`u.${column} as reports`)
    return rows.map((row: any) => ({
      id: Number(row.id),
      name: row.name,
      reports: Number(row.reports),
    }))
  }
  const [categories, tags] = await Promise.all([list('category'), list('tag')])
  return { categories, tags }
}

/** Names compared as people read them: case and compatibility forms folded (É = é). */
const folded = (name: string) => name.normalize('NFKC').toLocaleLowerCase('en')

async function assertUnique(kind: TaxonomyKind, name: string, exceptId: number | null, trx: any) {
  // A few dozen names at most: compared here, where non-ASCII letters fold too.
  const rows: { id: number; name: string }[] = await trx
    .from(TABLES[kind].table)
    .select('id', 'name')
  const clash = rows.find(
    (row) => folded(row.name) === folded(name) && (exceptId === null || Number(row.id) !== exceptId)
  )
  if (clash) throw fieldError('name', `There is already a ${LABEL[kind]} called ${clash.name}.`)
}

export async function createTaxonomy(userId: number, kind: TaxonomyKind, name: string) {
  const created = await db.transaction(async (trx) => {
    await assertUnique(kind, name, null, trx)
    const now = sqlTime(trx, DateTime.utc())
    const id = await insertReturningId(trx, TABLES[kind].table, {
      name,
      created_at: now,
      updated_at: now,
    })
    await audit(trx, {
      userId,
      entityType: `insights_${kind}`,
      entityId: id,
      action: 'create',
      summary: `Created insights report ${LABEL[kind]} "${name}"`,
      after: { name },
    })
    return id
  })
  await bumpReportsVersion()
  return created
}

export async function renameTaxonomy(userId: number, kind: TaxonomyKind, id: number, name: string) {
  await db.transaction(async (trx) => {
    const row = await trx.from(TABLES[kind].table).where('id', id).first()
    if (!row) throw new ReportNotFound(`No such ${LABEL[kind]}`)
    await assertUnique(kind, name, id, trx)
    await trx
      .from(TABLES[kind].table)
      .where('id', id)
      .update({ name, updated_at: sqlTime(trx, DateTime.utc()) })
    await audit(trx, {
      userId,
      entityType: `insights_${kind}`,
      entityId: id,
      action: 'update',
      summary: `Renamed insights report ${LABEL[kind]} "${row.name}" to "${name}"`,
      before: { name: row.name },
      after: { name },
    })
  })
  await bumpReportsVersion()
}

export async function deleteTaxonomy(userId: number, kind: TaxonomyKind, id: number) {
  const name = await db.transaction(async (trx) => {
    const { table, usage, column } = TABLES[kind]
    const row = await trx.from(table).where('id', id).first()
    if (!row) throw new ReportNotFound(`No such ${LABEL[kind]}`)
    const used = await trx.from(usage).where(column, id).count('* as total').first()
    const count = Number(used?.total ?? 0)
    if (count > 0) {
      throw fieldError(
        'name',
        `The ${LABEL[kind]} ${row.name} is used by ${count} report${count === 1 ? '' : 's'}: rename it, or move the reports first.`
      )
    }
    await trx.from(table).where('id', id).delete()
    await audit(trx, {
      userId,
      entityType: `insights_${kind}`,
      entityId: id,
      action: 'delete',
      summary: `Deleted insights report ${LABEL[kind]} "${row.name}"`,
      before: { name: row.name },
    })
    return row.name as string
  })
  await bumpReportsVersion()
  return name
}
