import { test } from '@japa/runner'
import { createRequire } from 'node:module'
import { cachePreparedStatements } from '#services/db/statement_cache'

interface Statement {
  run(...values: unknown[]): unknown
  get(): unknown
  all(): unknown[]
}
interface Connection {
  prepare(sql: string): Statement
  exec(sql: string): void
}
// The driver Knex uses for SQLite (it ships no type declarations).
const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  file: string
) => Connection

function connection(size?: number) {
  const raw = new Database(':memory:')
  let compiled = 0
  const prepare = raw.prepare.bind(raw)
  raw.prepare = (sql: string) => {
    compiled++
    return prepare(sql)
  }
  const conn = cachePreparedStatements(raw, size)
  conn.exec('create table notes (id integer primary key, body text)')
  return { conn, compiled: () => compiled }
}

test.group('Prepared statement cache', () => {
  test('a query run twice is compiled once and answers with current data', ({ assert }) => {
    const { conn, compiled } = connection()
    conn.prepare('insert into notes (body) values (?)').run('first')
    conn.prepare('insert into notes (body) values (?)').run('second')
    const select = 'select body from notes order by id'
    assert.deepEqual(conn.prepare(select).all(), [{ body: 'first' }, { body: 'second' }])
    conn.prepare('delete from notes where body = ?').run('first')
    assert.deepEqual(conn.prepare(select).all(), [{ body: 'second' }])
    assert.equal(compiled(), 3)
  })

  test('schema changes, pragmas and transaction control are not kept', ({ assert }) => {
    const { conn, compiled } = connection()
    conn.prepare('create table tags (id integer primary key)').run()
    conn.prepare('drop table tags').run()
    conn.prepare('create table tags (id integer primary key)').run()
    conn.prepare('pragma user_version').get()
    conn.prepare('pragma user_version').get()
    assert.equal(compiled(), 5)
  })

  test('a kept statement follows a change of the table it reads', ({ assert }) => {
    const { conn } = connection()
    conn.prepare('insert into notes (body) values (?)').run('kept')
    const select = 'select * from notes'
    assert.deepEqual(conn.prepare(select).all(), [{ id: 1, body: 'kept' }])
    conn.exec('alter table notes add column pinned integer not null default 0')
    assert.deepEqual(conn.prepare(select).all(), [{ id: 1, body: 'kept', pinned: 0 }])
  })

  test('the least recently used statement is dropped beyond the size', ({ assert }) => {
    const { conn, compiled } = connection(2)
    const one = 'select 1 as n from notes'
    const two = 'select 2 as n from notes'
    const three = 'select 3 as n from notes'
    conn.prepare(one)
    conn.prepare(two)
    conn.prepare(one) // one is now the most recent
    conn.prepare(three) // drops two
    const before = compiled()
    conn.prepare(one)
    conn.prepare(three)
    assert.equal(compiled(), before)
    conn.prepare(two)
    assert.equal(compiled(), before + 1)
  })
})
