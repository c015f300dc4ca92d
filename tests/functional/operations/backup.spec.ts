import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import { openSqlite } from '#services/operations/sqlite_file'
import env from '#start/env'
import DbBackup from '#commands/db_backup'
import DbRestore from '#commands/db_restore'

/**
 * Backups and restores run against a SQLite file and an uploads folder of the test's own (never
 * the suite's database or uploads), through the `sqlite` connection's settings with `--database`
 * and `--uploads`: the same on either test database.
 */
async function workspace() {
  const root = app.tmpPath(`backup-test-${process.pid}-${Date.now()}`)
  const databaseFile = join(root, 'data', 'app.sqlite3')
  const uploads = join(root, 'uploads')
  const out = join(root, 'backups')
  await mkdir(join(root, 'data'), { recursive: true })
  await mkdir(join(uploads, 'contracts', '7'), { recursive: true })
  await writeFile(join(uploads, 'contracts', '7', 'terms.pdf'), 'original terms')
  const database = openSqlite(databaseFile)
  database.pragma('journal_mode = WAL')
  database.exec("create table notes (body text); insert into notes values ('before the backup')")
  database.close()
  return { root, databaseFile, uploads, out }
}

function notes(databaseFile: string) {
  const database = openSqlite(databaseFile, { readonly: true })
  try {
    return (database.prepare('select body from notes').all() as { body: string }[]).map(
      (row) => row.body
    )
  } finally {
    database.close()
  }
}

function target(space: { databaseFile: string; uploads: string }) {
  return ['--connection=sqlite', `--database=${space.databaseFile}`, `--uploads=${space.uploads}`]
}

test.group('db:backup and db:restore', (group) => {
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('a backup restored brings back the data and the uploads of its day', async ({
    assert,
    cleanup,
  }) => {
    const space = await workspace()
    cleanup(() => rm(space.root, { recursive: true, force: true }))

    const backup = await ace.create(DbBackup, [...target(space), `--out=${space.out}`])
    await backup.exec()
    backup.assertSucceeded()
    const written = await readdir(space.out)
    const archives = written.filter((name) => name.endsWith('.tar.gz'))
    assert.lengthOf(archives, 1)
    assert.match(archives[0], /^spendlens-backup-\d{8}-\d{6}\.tar\.gz$/)
    const archive = join(space.out, archives[0])
    const { mode } = await stat(archive)
    assert.equal(mode & 0o777, 0o600, 'readable by the account that wrote it only')
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n')
    assert.includeMembers(listed, [
      'manifest.json',
      'database.sqlite3',
      'uploads/contracts/7/terms.pdf',
    ])

    // Later changes: a row edited, a row added, a file replaced, a file added.
    const database = openSqlite(space.databaseFile)
    database.exec(
      "update notes set body = 'edited later'; insert into notes values ('added later')"
    )
    database.close()
    await writeFile(join(space.uploads, 'contracts', '7', 'terms.pdf'), 'replaced terms')
    await writeFile(join(space.uploads, 'contracts', '7', 'later.pdf'), 'a later file')

    // Not confirmed: refused, nothing changed.
    const unconfirmed = await ace.create(DbRestore, [archive, ...target(space)])
    await unconfirmed.exec()
    unconfirmed.assertFailed()
    unconfirmed.assertLog(
      '[ red(error) ] ' +
        `This replaces the database ${space.databaseFile} and the uploads folder ${space.uploads} with the archive's. Stop the web server and the workers, then run again with --force. Nothing was changed.`
    )
    assert.sameMembers(notes(space.databaseFile), ['edited later', 'added later'])

    const restore = await ace.create(DbRestore, [archive, ...target(space), '--force'])
    await restore.exec()
    restore.assertSucceeded()
    assert.deepEqual(notes(space.databaseFile), ['before the backup'])
    assert.equal(
      await readFile(join(space.uploads, 'contracts', '7', 'terms.pdf'), 'utf8'),
      'original terms'
    )
    assert.isFalse(existsSync(join(space.uploads, 'contracts', '7', 'later.pdf')))
    // Nothing of the restore is left beside the database or the uploads.
    assert.sameMembers(await readdir(join(space.root, 'data')), ['app.sqlite3'])
    assert.sameMembers(await readdir(space.root), ['data', 'uploads', 'backups'])
  })

  test('a file that is not a backup is refused and nothing changes', async ({
    assert,
    cleanup,
  }) => {
    const space = await workspace()
    cleanup(() => rm(space.root, { recursive: true, force: true }))
    const notAnArchive = join(space.root, 'notes.tar.gz')
    await writeFile(notAnArchive, 'plain text')

    const restore = await ace.create(DbRestore, [notAnArchive, ...target(space), '--force'])
    await restore.exec()
    restore.assertFailed()
    assert.deepEqual(notes(space.databaseFile), ['before the backup'])
    assert.equal(
      await readFile(join(space.uploads, 'contracts', '7', 'terms.pdf'), 'utf8'),
      'original terms'
    )

    const missing = await ace.create(DbRestore, [
      join(space.root, 'none.tar.gz'),
      ...target(space),
      '--force',
    ])
    await missing.exec()
    missing.assertFailed()
    assert.deepEqual(notes(space.databaseFile), ['before the backup'])
  })

  test('PostgreSQL is dumped with pg_dump into the archive', async ({ assert, cleanup }) => {
    const out = app.tmpPath(`backup-test-pg-${process.pid}-${Date.now()}`)
    const uploads = join(out, 'no-uploads-yet')
    cleanup(() => rm(out, { recursive: true, force: true }))
    const backup = await ace.create(DbBackup, [`--out=${out}`, `--uploads=${uploads}`])
    await backup.exec()
    backup.assertSucceeded()
    const written = await readdir(out)
    const [archive] = written.filter((name) => name.endsWith('.tar.gz'))
    const listed = execFileSync('tar', ['-tzf', join(out, archive)], { encoding: 'utf8' })
    assert.deepEqual(listed.split('\n').filter(Boolean).sort(), ['database.dump', 'manifest.json'])
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', join(out, archive), 'manifest.json'], { encoding: 'utf8' })
    )
    assert.containsSubset(manifest, { database: 'pg', uploads: false })
  }).skip(
    env.get('DB_CONNECTION') !== 'pg',
    'PostgreSQL only: the test database is SQLite (the SQLite backups are tested above)'
  )
})
