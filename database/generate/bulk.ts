import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** SQLite accepts at most 32,766 bound values in one statement; PostgreSQL 65,535. */
const MAX_VARIABLES = 32_000
const MAX_ROWS = 1_000

/**
 * Rows of one table, buffered and written as multi-row INSERTs of up to 1,000 rows. Ids are
 * handed out here (from the table's highest id), so that no row has to be read back.
 */
export class TableWriter {
  readonly table: string
  readonly columns: readonly string[]
  /** Rows written so far (flushed or buffered). */
  count = 0
  #lastId: number
  #buffer: unknown[] = []
  #rows = 0
  readonly #batchRows: number
  readonly #flush: (writer: TableWriter, values: unknown[], rows: number) => Promise<void>
  readonly #beforeFlush: (writer: TableWriter) => Promise<void>

  constructor(
    table: string,
    columns: readonly string[],
    lastId: number,
    flush: (writer: TableWriter, values: unknown[], rows: number) => Promise<void>,
    beforeFlush: (writer: TableWriter) => Promise<void>
  ) {
    this.table = table
    this.columns = columns
    this.#lastId = lastId
    this.#batchRows = Math.min(MAX_ROWS, Math.floor(MAX_VARIABLES / columns.length))
    this.#flush = flush
    this.#beforeFlush = beforeFlush
  }

  get batchRows() {
    return this.#batchRows
  }

  /** The id the next row of this table takes (for tables written with their ids). */
  nextId() {
    return ++this.#lastId
  }

  get lastId() {
    return this.#lastId
  }

  /** One row, its values in the order of `columns`. */
  async add(...values: unknown[]) {
    for (const value of values) this.#buffer.push(value)
    this.#rows++
    this.count++
    if (this.#rows >= this.#batchRows) await this.flush()
  }

  /** Writes the buffered rows (after those of the tables they may refer to). */
  async flush() {
    if (this.#rows === 0) return
    await this.#beforeFlush(this)
    const values = this.#buffer
    const rows = this.#rows
    this.#buffer = []
    this.#rows = 0
    await this.#flush(this, values, rows)
  }
}

/**
 * The generator's writes, all in the caller's transaction: one writer per table, flushed in
 * batches; on PostgreSQL the id sequences are moved past the ids handed out.
 */
export class BulkWriter {
  readonly trx: TransactionClientContract
  readonly isPostgres: boolean
  #writers = new Map<string, TableWriter>()
  #statements = new Map<string, string>()
  #withIds = new Set<string>()
  #types = new Map<string, string[]>()

  constructor(trx: TransactionClientContract) {
    this.trx = trx
    this.isPostgres = trx.dialect.name === 'postgres'
  }

  /**
   * The writer of a table. With `withIds`, the first column is `id` and `nextId()` numbers the
   * rows after the table's current highest id.
   */
  async table(name: string, columns: readonly string[], options: { withIds?: boolean } = {}) {
    const existing = this.#writers.get(name)
    if (existing) return existing
    let lastId = 0
    if (options.withIds) {
      if (columns[0] !== 'id') throw new Error(`${name}: the id must be the first column`)
      const row = await this.trx.from(name).max('id as id').first()
      lastId = Number(row?.id ?? 0)
      this.#withIds.add(name)
    }
    if (this.isPostgres) this.#types.set(name, await this.#columnTypes(name, columns))
    const writer = new TableWriter(
      name,
      columns,
      lastId,
      (target, values, rows) => this.#insert(target, values, rows),
      (target) => this.#flushBefore(target)
    )
    this.#writers.set(name, writer)
    return writer
  }

  /**
   * Tables are opened parents first (teams before users, contracts before their benchmarks):
   * the rows a batch may refer to are written before it, whatever the batch sizes.
   */
  async #flushBefore(writer: TableWriter) {
    for (const earlier of this.#writers.values()) {
      if (earlier === writer) return
      await earlier.flush()
    }
  }

  /** PostgreSQL's type of each column, for the arrays a batch is sent in. */
  async #columnTypes(table: string, columns: readonly string[]) {
    const rows: { column_name: string; udt_name: string }[] = await this.trx
      .from('information_schema.columns')
      .whereRaw('table_schema = current_schema()')
      .where('table_name', table)
      .select('column_name', 'udt_name')
    return columns.map((column) => {
      const type = rows.find((row) => row.column_name === column)?.udt_name
      if (!type) throw new Error(`${table}.${column}: no such column`)
      return type
    })
  }

  async #insert(writer: TableWriter, values: unknown[], rows: number) {
    if (this.isPostgres) return this.#insertArrays(writer, values, rows)
    const key = `${writer.table}:${rows}`
    let sql = this.#statements.get(key)
    const reused = rows === writer.batchRows
    if (!sql) {
      const columns = writer.columns.map((column) => `"${column}"`).join(', ')
      const width = writer.columns.length
      const tuples: string[] = []
      let position = 0
      for (let row = 0; row < rows; row++) {
        const marks: string[] = []
        for (let column = 0; column < width; column++) {
          // PostgreSQL takes numbered parameters; SQLite question marks.
          marks.push(this.isPostgres ? `$${++position}` : '?')
        }
        tuples.push(`(${marks.join(', ')})`)
      }
      sql = `insert into "${writer.table}" (${columns}) values ${tuples.join(', ')}`
      if (reused) this.#statements.set(key, sql)
    }
    await this.#run(sql, values, reused)
  }

  /**
   * On PostgreSQL a batch travels as one array per column, unnested into rows: a statement
   * with a handful of parameters, planned in no time, whatever the number of rows.
   */
  async #insertArrays(writer: TableWriter, values: unknown[], rows: number) {
    const types = this.#types.get(writer.table)!
    const width = writer.columns.length
    const arrays = types.map(() => new Array(rows))
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < width; column++) {
        arrays[column][row] = values[row * width + column] ?? null
      }
    }
    let sql = this.#statements.get(writer.table)
    if (!sql) {
      const columns = writer.columns.map((column) => `"${column}"`).join(', ')
      const parameters = types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')
      sql = `insert into "${writer.table}" (${columns}) select * from unnest(${parameters})`
      this.#statements.set(writer.table, sql)
    }
    const connection = await this.#connection()
    await connection.query(sql, arrays)
  }

  /**
   * Straight to the driver: the statement is complete, so the query builder's rewriting of
   * placeholders (a scan of every value) is skipped.
   */
  async #run(sql: string, values: unknown[], reused: boolean) {
    const connection = await this.#connection()
    if (this.isPostgres) {
      await connection.query(sql, values)
    } else {
      const statement = this.#prepared.get(sql) ?? connection.prepare(sql)
      if (reused) this.#prepared.set(sql, statement)
      statement.run(values.map(sqliteValue))
    }
  }

  #prepared = new Map<string, any>()
  #driverConnection: any

  async #connection() {
    if (!this.#driverConnection) {
      // The transaction's own connection: what runs here is part of the transaction.
      const knexTrx = this.trx.knexClient as any
      this.#driverConnection = await knexTrx.client.acquireConnection()
      knexTrx.client.releaseConnection(this.#driverConnection)
    }
    return this.#driverConnection
  }

  /**
   * Drops the secondary indexes of a table that is about to receive far more rows than it
   * holds (millions), and returns what recreates them: building an index once from the loaded
   * rows is several times faster than maintaining it row by row. Both happen in the caller's
   * transaction, so a failed run leaves the indexes as they were. Indexes behind constraints
   * (PostgreSQL) are kept.
   */
  async deferIndexes(table: string) {
    let indexes: { name: string; definition: string }[]
    if (this.isPostgres) {
      const result = await this.trx.rawQuery(
        `select indexname as name, indexdef as definition from pg_indexes
         where schemaname = current_schema() and tablename = ?
         and not exists (select 1 from pg_constraint where conname = indexname)`,
        [table]
      )
      indexes = result.rows
    } else {
      indexes = await this.trx
        .from('sqlite_master')
        .where({ type: 'index', tbl_name: table })
        .whereNotNull('sql')
        .select('name', 'sql as definition')
    }
    for (const index of indexes) await this.trx.rawQuery(`drop index "${index.name}"`)
    return async () => {
      await this.#writers.get(table)?.flush()
      for (const index of indexes) await this.trx.rawQuery(index.definition)
    }
  }

  async flushAll() {
    for (const writer of this.#writers.values()) await writer.flush()
  }

  /** Rows written per table. */
  counts() {
    return Object.fromEntries([...this.#writers].map(([name, writer]) => [name, writer.count]))
  }

  /** PostgreSQL's id sequences continue after the ids written here. */
  async finish() {
    await this.flushAll()
    if (!this.isPostgres) return
    for (const table of this.#withIds) {
      await this.trx.rawQuery(
        `select setval(pg_get_serial_sequence(?, 'id'), (select coalesce(max(id), 1) from "${table}"))`,
        [table]
      )
    }
  }
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null only. */
function sqliteValue(value: unknown) {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value === undefined) return null
  return value
}
