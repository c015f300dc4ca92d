import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { from as copyFrom } from 'pg-copy-streams'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { rateBetween, ratesForPeriod, type DatedExchangeRate } from '#shared/currency_conversion'
import { datedRate } from '#services/currencies/currencies'
import { insertReturningId } from '#services/db/insert'
import {
  budgetLineKey,
  type BudgetRecord,
  type ImportScope,
  type InteractionRecord,
  type PeerStatRecord,
} from '#services/rsa/imports/rows'

/**
 * How each import kind compares with what is stored and writes itself, and how a revert puts
 * things back. Budgets and peer statistics record every row they add (before = null) or change
 * (before = the row as it was) in `rsa_import_replaced_rows`; interactions, which come by the
 * million, record only the rows they replace (`rsa_import_replaced_interactions`) and are found
 * by their `import_id` otherwise.
 */

export class ImportWriteRefused extends Error {}

/*
|--------------------------------------------------------------------------
| Budgets
|--------------------------------------------------------------------------
*/

const BUDGET_LINE_COLUMNS = {
  budget_group: (r: BudgetRecord) => r.budgetGroup,
  asset_class: (r: BudgetRecord) => r.assetClass,
  region: (r: BudgetRecord) => r.region,
  price_type: (r: BudgetRecord) => r.priceType,
  access_type: (r: BudgetRecord) => r.accessType,
  seats: (r: BudgetRecord) => r.seats,
  contract_start: (r: BudgetRecord) => r.contractStart,
  contract_end: (r: BudgetRecord) => r.contractEnd,
  renewal_notice_days: (r: BudgetRecord) => r.renewalNoticeDays,
  budget_amount: (r: BudgetRecord) => r.budgetAmount,
  contracted_price: (r: BudgetRecord) => r.contractedPrice,
  currency_id: (r: BudgetRecord) => r.currencyId,
  payment_frequency: (r: BudgetRecord) => r.paymentFrequency,
  research_share_bps: (r: BudgetRecord) => r.researchShareBps,
  notes: (r: BudgetRecord) => r.notes,
}

function dateOnly(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

/** A stored value and a record's value as the same kind of thing, for "unchanged". */
function same(stored: unknown, wanted: unknown) {
  if (stored === null || stored === undefined) return wanted === null || wanted === undefined
  if (wanted === null || wanted === undefined) return false
  if (typeof wanted === 'number') return Math.abs(Number(stored) - wanted) < 0.005
  if (stored instanceof Date || /^\d{4}-\d{2}-\d{2}/.test(String(stored))) {
    return dateOnly(stored) === String(wanted)
  }
  return String(stored) === String(wanted)
}

async function budgetLinesOf(client: QueryClientContract, scope: ImportScope) {
  const rows = await client
    .from('rsa_budget_lines')
    .where('team_id', scope.teamId!)
    .where('year', scope.year)
    .select('*')
  return new Map(
    rows.map((row) => [budgetLineKey(row.provider_id, row.service_type, row.budget_group), row])
  )
}

async function paidByLine(client: QueryClientContract, lineIds: number[]) {
  const paid = new Map<number, number>()
  for (let index = 0; index < lineIds.length; index += 500) {
    const rows = await client
      .from('rsa_payments')
      .whereIn('budget_line_id', lineIds.slice(index, index + 500))
      .groupBy('budget_line_id')
      .select('budget_line_id')
      .sum('amount as paid')
    for (const row of rows) paid.set(row.budget_line_id, Number(row.paid))
  }
  return paid
}

function lineUnchanged(row: Record<string, any>, record: BudgetRecord, paid: number | undefined) {
  const columnsSame = Object.entries(BUDGET_LINE_COLUMNS).every(([column, read]) =>
    same(row[column], read(record))
  )
  const paidSame = record.paidAmount === null || Math.abs((paid ?? 0) - record.paidAmount) < 0.005
  return columnsSame && paidSame
}

/** Counts new, changed and unchanged budget lines against the team's stored budget. */
export async function compareBudgets(scope: ImportScope) {
  const existing = await budgetLinesOf(db.connection(), scope)
  const paid = await paidByLine(
    db.connection(),
    [...existing.values()].map((row) => row.id)
  )
  return async (records: unknown[]) => {
    let newRows = 0
    let updatedRows = 0
    let unchangedRows = 0
    for (const record of records as BudgetRecord[]) {
      const row = existing.get(
        budgetLineKey(record.providerId, record.serviceType, record.budgetGroup)
      )
      if (!row) newRows++
      else if (lineUnchanged(row, record, paid.get(row.id))) unchangedRows++
      else updatedRows++
    }
    return { newRows, updatedRows, unchangedRows }
  }
}

async function remember(
  trx: TransactionClientContract,
  importId: number,
  table: string,
  rowId: number,
  before: Record<string, unknown> | null
) {
  await trx.table('rsa_import_replaced_rows').insert({
    import_id: importId,
    table_name: table,
    row_id: rowId,
    before: before === null ? null : JSON.stringify(before),
  })
}

/** The rates of a fiscal year: the set dated on or before its last day, else the earliest. */
async function exchangeRates(
  trx: TransactionClientContract,
  year: number
): Promise<DatedExchangeRate[]> {
  const rows = await trx
    .from('exchange_rates')
    .select('from_currency_id', 'to_currency_id', 'exchange_rate', 'as_of')
  return ratesForPeriod(rows.map(datedRate), `${year}-12-31`)
}

/** The payment source that goes with the team's payment method. */
function paymentSource(paymentMethod: string | undefined) {
  if (paymentMethod?.startsWith('rpa')) return 'rpa'
  if (paymentMethod === 'csa_28e') return 'csa_sweep'
  if (paymentMethod === 'joint_payment') return 'joint'
  return 'p_and_l'
}

/**
 * Writes a budget file: the team's budget for the year (created when missing), each line added
 * or changed (lines the file does not mention are left alone), a line's payments replaced by
 * one payment when paid_amount is given, and the budget's total recomputed from its lines.
 */
export async function applyBudgets(
  trx: TransactionClientContract,
  importId: number,
  scope: ImportScope,
  records: BudgetRecord[],
  now: string
) {
  const teamId = scope.teamId!
  let budget = await trx
    .from('rsa_budgets')
    .where('team_id', teamId)
    .where('year', scope.year)
    .forUpdate()
    .first()
  if (!budget) {
    const team = await trx.from('teams').where('id', teamId).select('currency_id').firstOrFail()
    const id = await insertReturningId(trx, 'rsa_budgets', {
      team_id: teamId,
      year: scope.year,
      currency_id: records[0]?.currencyId ?? team.currency_id,
      status: 'draft',
      total_budget: 0,
      period_start: `${scope.year}-01-01`,
      period_end: `${scope.year}-12-31`,
      created_at: now,
      updated_at: now,
    })
    await remember(trx, importId, 'rsa_budgets', id, null)
    budget = await trx.from('rsa_budgets').where('id', id).first()
  } else {
    await remember(trx, importId, 'rsa_budgets', budget.id, budget)
  }
  const existing = await budgetLinesOf(trx, scope)
  const paid = await paidByLine(
    trx,
    [...existing.values()].map((row) => row.id)
  )
  const profile = await trx
    .from('rsa_team_profiles')
    .where('team_id', teamId)
    .where('year', scope.year)
    .select('payment_method')
    .first()
  const counts = { newRows: 0, updatedRows: 0, unchangedRows: 0 }
  for (const record of records) {
    const values = Object.fromEntries(
      Object.entries(BUDGET_LINE_COLUMNS).map(([column, read]) => [column, read(record)])
    )
    const row = existing.get(
      budgetLineKey(record.providerId, record.serviceType, record.budgetGroup)
    )
    let lineId: number
    if (!row) {
      lineId = await insertReturningId(trx, 'rsa_budget_lines', {
        ...values,
        budget_id: budget.id,
        team_id: teamId,
        year: scope.year,
        provider_id: record.providerId,
        service_type: record.serviceType,
        import_id: importId,
        created_at: now,
        updated_at: now,
      })
      await remember(trx, importId, 'rsa_budget_lines', lineId, null)
      counts.newRows++
    } else {
      lineId = row.id
      if (lineUnchanged(row, record, paid.get(row.id))) {
        counts.unchangedRows++
        continue
      }
      await remember(trx, importId, 'rsa_budget_lines', row.id, row)
      await trx
        .from('rsa_budget_lines')
        .where('id', row.id)
        .update({ ...values, import_id: importId, updated_at: now })
      counts.updatedRows++
    }
    if (record.paidAmount !== null) {
      const payments = await trx.from('rsa_payments').where('budget_line_id', lineId).select('*')
      for (const payment of payments) {
        await remember(trx, importId, 'rsa_payments', payment.id, payment)
      }
      await trx.from('rsa_payments').where('budget_line_id', lineId).delete()
      if (record.paidAmount > 0) {
        const end = record.contractEnd && record.contractEnd < `${scope.year}-12-31`
        const paymentId = await insertReturningId(trx, 'rsa_payments', {
          budget_line_id: lineId,
          team_id: teamId,
          paid_on:
            end && record.contractEnd! >= `${scope.year}-01-01`
              ? record.contractEnd
              : `${scope.year}-12-31`,
          amount: record.paidAmount,
          currency_id: record.currencyId,
          invoice_ref: `Import #${importId}`,
          source: paymentSource(profile?.payment_method),
          import_id: importId,
          created_at: now,
        })
        await remember(trx, importId, 'rsa_payments', paymentId, null)
      }
    }
  }
  await updateBudgetTotal(trx, budget, scope.year, now)
  return counts
}

/**
 * A budget's total is the sum of its lines, converted into the budget's currency at the year's
 * rates.
 */
async function updateBudgetTotal(
  trx: TransactionClientContract,
  budget: { id: number; currency_id: number },
  year: number,
  now: string
) {
  const sums = await trx
    .from('rsa_budget_lines')
    .where('budget_id', budget.id)
    .groupBy('currency_id')
    .select('currency_id')
    .sum('budget_amount as amount')
  const rates = sums.some((row) => row.currency_id !== budget.currency_id)
    ? await exchangeRates(trx, year)
    : []
  let total = 0
  for (const row of sums) {
    const rate =
      row.currency_id === budget.currency_id
        ? 1
        : rateBetween(rates, row.currency_id, budget.currency_id)
    if (rate === null) {
      throw new ImportWriteRefused(
        'A budget line is in a currency with no exchange rate to the budget’s currency; add the rate first.'
      )
    }
    total += Number(row.amount) * rate
  }
  await trx
    .from('rsa_budgets')
    .where('id', budget.id)
    .update({ total_budget: Math.round(total * 100) / 100, updated_at: now })
}

/*
|--------------------------------------------------------------------------
| Peer statistics
|--------------------------------------------------------------------------
*/

const peerKey = (row: {
  quarter: number
  peerGroup: string
  providerId: number
  interactionType: string
  sector: string
}) => `${row.quarter}|${row.peerGroup}|${row.providerId}|${row.interactionType}|${row.sector}`

async function peerStatsOf(client: QueryClientContract, year: number) {
  const rows = await client.from('rsa_peer_interaction_stats').where('year', year).select('*')
  return new Map(
    rows.map((row) => [
      peerKey({
        quarter: row.quarter,
        peerGroup: row.peer_group,
        providerId: row.provider_id,
        interactionType: row.interaction_type,
        sector: row.sector,
      }),
      row,
    ])
  )
}

const peerValues = (record: PeerStatRecord) => ({
  n_firms: record.nFirms,
  interactions_total: record.interactionsTotal,
  median_per_firm: record.medianPerFirm,
  median_per_bn_aum: record.medianPerBnAum,
  suppressed: record.suppressed,
})

function peerUnchanged(row: Record<string, any>, record: PeerStatRecord) {
  return Object.entries(peerValues(record)).every(([column, value]) =>
    typeof value === 'boolean' ? Boolean(row[column]) === value : same(row[column], value)
  )
}

export async function comparePeerStats(scope: ImportScope) {
  const existing = await peerStatsOf(db.connection(), scope.year)
  return async (records: unknown[]) => {
    let newRows = 0
    let updatedRows = 0
    let unchangedRows = 0
    for (const record of records as PeerStatRecord[]) {
      const row = existing.get(peerKey(record))
      if (!row) newRows++
      else if (peerUnchanged(row, record)) unchangedRows++
      else updatedRows++
    }
    return { newRows, updatedRows, unchangedRows }
  }
}

export async function applyPeerStats(
  trx: TransactionClientContract,
  importId: number,
  scope: ImportScope,
  records: PeerStatRecord[],
  now: string
) {
  const existing = await peerStatsOf(trx, scope.year)
  const counts = { newRows: 0, updatedRows: 0, unchangedRows: 0 }
  for (const record of records) {
    const row = existing.get(peerKey(record))
    if (!row) {
      const id = await insertReturningId(trx, 'rsa_peer_interaction_stats', {
        year: record.year,
        quarter: record.quarter,
        peer_group: record.peerGroup,
        provider_id: record.providerId,
        interaction_type: record.interactionType,
        sector: record.sector,
        ...peerValues(record),
        import_id: importId,
        created_at: now,
      })
      await remember(trx, importId, 'rsa_peer_interaction_stats', id, null)
      counts.newRows++
    } else if (peerUnchanged(row, record)) {
      counts.unchangedRows++
    } else {
      await remember(trx, importId, 'rsa_peer_interaction_stats', row.id, row)
      await trx
        .from('rsa_peer_interaction_stats')
        .where('id', row.id)
        .update({ ...peerValues(record), import_id: importId })
      counts.updatedRows++
    }
  }
  return counts
}

/**
 * Undoes what `applyBudgets` / `applyPeerStats` recorded, newest first: a row the import added
 * is deleted, a row it changed or deleted is put back as it was.
 */
export async function revertRows(trx: TransactionClientContract, importId: number) {
  const entries = await trx
    .from('rsa_import_replaced_rows')
    .where('import_id', importId)
    .orderBy('id', 'desc')
  let removed = 0
  let restored = 0
  for (const entry of entries) {
    if (entry.before === null) {
      await trx.from(entry.table_name).where('id', entry.row_id).delete()
      removed++
      continue
    }
    const before = JSON.parse(entry.before)
    for (const [key, value] of Object.entries(before)) {
      // Dates come back from JSON as ISO strings; the database takes them as they are.
      if (typeof value === 'boolean' && trx.dialect.name !== 'postgres') before[key] = value ? 1 : 0
    }
    const exists = await trx.from(entry.table_name).where('id', entry.row_id).first()
    if (exists) await trx.from(entry.table_name).where('id', entry.row_id).update(before)
    else await trx.table(entry.table_name).insert(before)
    restored++
  }
  await trx.from('rsa_import_replaced_rows').where('import_id', importId).delete()
  return { removed, restored }
}

/*
|--------------------------------------------------------------------------
| Client interactions
|--------------------------------------------------------------------------
*/

const INTERACTION_COLUMNS = [
  'team_id',
  'provider_id',
  'occurred_on',
  'interaction_type',
  'analyst_name',
  'analyst_id',
  'user_email',
  'user_id',
  'duration_min',
  'sector',
  'region',
  'asset_class',
  'source_system',
  'external_ref',
  'valued',
] as const

/** References looked up per statement. */
const LOOKUP_SLICE = 10_000

/** The stored ids of the team's interactions with the same source and reference, in order. */
export async function existingInteractionIds(
  client: QueryClientContract,
  teamId: number,
  records: InteractionRecord[]
): Promise<(number | null)[]> {
  const bySource = new Map<string, string[]>()
  for (const record of records) {
    const refs = bySource.get(record.source_system) ?? []
    refs.push(record.external_ref)
    bySource.set(record.source_system, refs)
  }
  const found = new Map<string, number>()
  for (const [source, refs] of bySource) {
    // In slices: a chunk of the file holds more references than a statement takes parameters
    // (32,766 on SQLite).
    for (let start = 0; start < refs.length; start += LOOKUP_SLICE) {
      const rows = await client
        .from('rsa_interactions')
        .where('team_id', teamId)
        .where('source_system', source)
        .whereIn('external_ref', refs.slice(start, start + LOOKUP_SLICE))
        .select('id', 'external_ref')
      for (const row of rows) found.set(`${source}\u0000${row.external_ref}`, row.id)
    }
  }
  return records.map(
    (record) => found.get(`${record.source_system}\u0000${record.external_ref}`) ?? null
  )
}

const STAGING_COLUMNS = ['import_id', ...INTERACTION_COLUMNS] as const

/**
 * Writes a chunk of checked interactions to the staging table, in one short transaction of
 * multi-row inserts built once per batch (the query builder's cost per row matters at a million
 * rows). Which stored rows they replace is settled when they are moved, in one statement.
 */
export async function stageInteractions(importId: number, records: InteractionRecord[]) {
  const client = db.connection()
  // Moved into place in this order: neighbouring rows land on neighbouring index pages.
  records.sort(byDateAndProvider)
  const columns = STAGING_COLUMNS.map((column) => `"${column}"`).join(', ')
  await client.transaction(async (trx) => {
    if (trx.dialect.name !== 'postgres') {
      // SQLite: one prepared statement run per row on the transaction's own connection
      // (better-sqlite3 is synchronous; this is the fastest way in).
      const connection = await (trx.getWriteClient() as any).client.acquireConnection()
      const statement = connection.prepare(
        `INSERT INTO "rsa_interaction_staging" (${columns}) VALUES (${STAGING_COLUMNS.map(() => '?').join(', ')})`
      )
      for (const record of records) {
        statement.run(
          importId,
          ...INTERACTION_COLUMNS.map((column) => {
            const value = record[column]
            return typeof value === 'boolean' ? Number(value) : value
          })
        )
      }
      return
    }
    // PostgreSQL: COPY, the bulk load path (far faster than inserts at this size).
    const connection = await (trx.getWriteClient() as any).client.acquireConnection()
    const lines = records.map(
      (record) =>
        `${importId},${INTERACTION_COLUMNS.map((column) => copyValue(record[column])).join(',')}\n`
    )
    await pipeline(
      Readable.from([lines.join('')]),
      connection.query(
        copyFrom(`COPY "rsa_interaction_staging" (${columns}) FROM STDIN WITH (FORMAT csv)`)
      )
    )
  })
}

const byDateAndProvider = (a: InteractionRecord, b: InteractionRecord) =>
  a.occurred_on < b.occurred_on
    ? -1
    : a.occurred_on > b.occurred_on
      ? 1
      : a.provider_id - b.provider_id

/** A value in COPY's CSV: unquoted empty is NULL, text is always quoted. */
function copyValue(value: unknown) {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value === 'number') return String(value)
  return `"${String(value).replaceAll('"', '""')}"`
}

export async function clearStaging(
  importId: number,
  client: QueryClientContract = db.connection()
) {
  // Alone in the table (the usual case), SQLite empties it at once rather than row by row.
  const other = async (operator: '<' | '>') =>
    client
      .from('rsa_interaction_staging')
      .where('import_id', operator, importId)
      .select('id')
      .first()
  const alone = !(await other('<')) && !(await other('>'))
  if (alone && client.dialect.name !== 'postgres') {
    await client.from('rsa_interaction_staging').delete()
  } else {
    await client.from('rsa_interaction_staging').where('import_id', importId).delete()
  }
}

/**
 * Moves the staged interactions into place in the caller's transaction: the rows they replace
 * are kept aside (for a revert), deleted, and written again under the same id with the new
 * values; new rows are added.
 */
export async function swapInteractions(
  trx: TransactionClientContract,
  importId: number,
  now: string
) {
  // The stored row each staged one replaces: same team, source system and reference (only
  // worth looking for when the team has interactions from one of the staged sources).
  const overlap = await trx
    .from('rsa_interactions as i')
    .whereIn(
      ['i.team_id', 'i.source_system'],
      trx
        .from('rsa_interaction_staging')
        .where('import_id', importId)
        .distinct('team_id', 'source_system')
    )
    .select('i.id')
    .first()
  if (overlap) {
    await trx.rawQuery(
      `UPDATE "rsa_interaction_staging" SET "existing_id" = (
         SELECT i."id" FROM "rsa_interactions" i
          WHERE i."team_id" = "rsa_interaction_staging"."team_id"
            AND i."source_system" = "rsa_interaction_staging"."source_system"
            AND i."external_ref" = "rsa_interaction_staging"."external_ref")
       WHERE "import_id" = ? AND EXISTS (
         SELECT 1 FROM "rsa_interactions" i
          WHERE i."team_id" = "rsa_interaction_staging"."team_id"
            AND i."source_system" = "rsa_interaction_staging"."source_system"
            AND i."external_ref" = "rsa_interaction_staging"."external_ref")`,
      [importId]
    )
  }
  const [{ replaced, total }] = await trx
    .from('rsa_interaction_staging')
    .where('import_id', importId)
    .select(trx.raw('count("existing_id") as replaced'), trx.raw('count(*) as total'))
  const columns = INTERACTION_COLUMNS.map((column) => `"${column}"`).join(', ')
  const staged = INTERACTION_COLUMNS.map((column) => `s."${column}"`).join(', ')
  const current = INTERACTION_COLUMNS.map((column) => `i."${column}"`).join(', ')
  await trx.rawQuery(
    `INSERT INTO "rsa_import_replaced_interactions" ("id", "replaced_by_import_id", ${columns}, "import_id", "created_at")
     SELECT i."id", ?, ${current}, i."import_id", i."created_at"
     FROM "rsa_interactions" i
     JOIN "rsa_interaction_staging" s ON s."existing_id" = i."id"
     WHERE s."import_id" = ?`,
    [importId, importId]
  )
  await trx.rawQuery(
    `DELETE FROM "rsa_interactions" WHERE "id" IN
       (SELECT "existing_id" FROM "rsa_interaction_staging" WHERE "import_id" = ? AND "existing_id" IS NOT NULL)`,
    [importId]
  )
  await trx.rawQuery(
    `INSERT INTO "rsa_interactions" ("id", ${columns}, "import_id", "created_at")
     SELECT s."existing_id", ${staged}, ?, ?
     FROM "rsa_interaction_staging" s
     WHERE s."import_id" = ? AND s."existing_id" IS NOT NULL`,
    [importId, now, importId]
  )
  await trx.rawQuery(
    `INSERT INTO "rsa_interactions" (${columns}, "import_id", "created_at")
     SELECT ${staged}, ?, ?
     FROM "rsa_interaction_staging" s
     WHERE s."import_id" = ? AND s."existing_id" IS NULL`,
    [importId, now, importId]
  )
  return { newRows: Number(total) - Number(replaced), updatedRows: Number(replaced) }
}

/** Removes an interactions import's rows and puts back the rows it replaced. */
export async function revertInteractions(trx: TransactionClientContract, importId: number) {
  const columns = INTERACTION_COLUMNS.map((column) => `"${column}"`).join(', ')
  const [{ total }] = await trx
    .from('rsa_interactions')
    .where('import_id', importId)
    .count('* as total')
  await trx.from('rsa_interactions').where('import_id', importId).delete()
  const [{ restored }] = await trx
    .from('rsa_import_replaced_interactions')
    .where('replaced_by_import_id', importId)
    .count('* as restored')
  await trx.rawQuery(
    `INSERT INTO "rsa_interactions" ("id", ${columns}, "import_id", "created_at")
     SELECT "id", ${columns}, "import_id", "created_at"
     FROM "rsa_import_replaced_interactions" WHERE "replaced_by_import_id" = ?`,
    [importId]
  )
  await trx
    .from('rsa_import_replaced_interactions')
    .where('replaced_by_import_id', importId)
    .delete()
  return { removed: Number(total) - Number(restored), restored: Number(restored) }
}

/*
|--------------------------------------------------------------------------
| Client interactions on PostgreSQL
|--------------------------------------------------------------------------
*/

/**
 * On PostgreSQL an import of interactions is one transaction from the first row to the last
 * (its readers keep seeing the data as it was until the commit, and a stopped worker's
 * connection rolls it all back): new rows go straight into `rsa_interactions` by COPY, and a
 * chunk's COPY runs while the next chunk is read and checked; rows that replace stored ones are
 * moved as on SQLite, kept aside for a revert.
 */
export class PostgresInteractionWriter {
  /** COPYs sent and not yet done, oldest first (the connection runs them one after another). */
  #pending: Promise<unknown>[] = []
  #connection: any = null
  #sources: Set<string> | null = null
  newRows = 0
  updatedRows = 0

  constructor(
    private readonly trx: TransactionClientContract,
    private readonly importId: number,
    private readonly teamId: number,
    private readonly now: string
  ) {}

  async write(records: InteractionRecord[]) {
    if (!this.#connection) {
      this.#connection = await (this.trx.getWriteClient() as any).client.acquireConnection()
      const rows = await this.trx
        .from('rsa_interactions')
        .where('team_id', this.teamId)
        .distinct('source_system')
      this.#sources = new Set(rows.map((row) => row.source_system as string))
    }
    const candidates = records.filter((record) => this.#sources!.has(record.source_system))
    if (candidates.length) await this.#settle()
    const ids = candidates.length
      ? await existingInteractionIds(this.trx, this.teamId, candidates)
      : []
    const replacing = new Map<InteractionRecord, number>()
    candidates.forEach((record, index) => {
      if (ids[index] !== null) replacing.set(record, ids[index]!)
    })
    if (replacing.size) {
      await this.#settle()
      await this.#replace(replacing)
    }
    const fresh = replacing.size ? records.filter((record) => !replacing.has(record)) : records
    this.newRows += fresh.length
    if (fresh.length === 0) return
    const columns = [...INTERACTION_COLUMNS, 'import_id', 'created_at']
      .map((column) => `"${column}"`)
      .join(', ')
    const tail = `,${this.importId},"${this.now}"\n`
    // In date and provider order, the rows land on neighbouring index pages (a quarter less work
    // for the database than the file's order).
    fresh.sort(byDateAndProvider)
    const lines = fresh.map(
      (record) => INTERACTION_COLUMNS.map((column) => copyValue(record[column])).join(',') + tail
    )
    // Not awaited: the database takes these rows in while the next chunk is read. Each COPY
    // starts when the one before it is done (one statement at a time on a connection), its rows
    // already prepared; at most a few chunks wait, so that memory stays bounded.
    const data = lines.join('')
    const previous = this.#pending.at(-1) ?? Promise.resolve()
    const copy = previous.then(() =>
      pipeline(
        Readable.from([data]),
        this.#connection.query(
          copyFrom(`COPY "rsa_interactions" (${columns}) FROM STDIN WITH (FORMAT csv)`)
        )
      )
    )
    // A failure is raised when it is awaited; keep it from being reported as unhandled.
    copy.catch(() => {})
    this.#pending.push(copy)
    if (this.#pending.length > 2) await this.#pending.shift()
  }

  async #settle() {
    const pending = this.#pending
    this.#pending = []
    await Promise.all(pending)
  }

  /** Keeps the stored rows aside, removes them, and writes the new values under their ids. */
  async #replace(replacing: Map<InteractionRecord, number>) {
    const ids = [...replacing.values()]
    const columns = INTERACTION_COLUMNS.map((column) => `"${column}"`).join(', ')
    await this.trx.rawQuery(
      `INSERT INTO "rsa_import_replaced_interactions" ("id", "replaced_by_import_id", ${columns}, "import_id", "created_at")
       SELECT "id", ?, ${columns}, "import_id", "created_at" FROM "rsa_interactions"
        WHERE "id" IN (${ids.map(() => '?').join(', ')})`,
      [this.importId, ...ids]
    )
    await this.trx.from('rsa_interactions').whereIn('id', ids).delete()
    const rows = [...replacing].map(([record, id]) => ({
      id,
      ...record,
      import_id: this.importId,
      created_at: this.now,
    }))
    for (let index = 0; index < rows.length; index += 1000) {
      await this.trx.table('rsa_interactions').insert(rows.slice(index, index + 1000))
    }
    this.updatedRows += replacing.size
  }

  async finish() {
    await this.#settle()
    return { newRows: this.newRows, updatedRows: this.updatedRows }
  }
}
