import { createRequire } from 'node:module'

/** The few calls of better-sqlite3 (the driver Knex uses; it ships no type declarations). */
export interface SqliteFile {
  prepare(sql: string): {
    run(...parameters: unknown[]): unknown
    all(...parameters: unknown[]): unknown[]
  }
  exec(sql: string): void
  pragma(sql: string, options?: { simple?: boolean }): unknown
  close(): void
}

const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean }
) => SqliteFile

/** A connection of its own to a SQLite file, outside the application's pools. */
export function openSqlite(
  file: string,
  options: { readonly?: boolean; fileMustExist?: boolean } = {}
) {
  return new Database(file, options)
}
