import { resolve } from 'node:path'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Puts a `db:backup` archive back on SQLite: the database file and the uploads folder are
 * replaced by the archive's. Stop the web server and the workers first. PostgreSQL dumps are
 * restored with `pg_restore` (see the README).
 */
export default class DbRestore extends BaseCommand {
  static commandName = 'db:restore'
  static description =
    'Replace the SQLite database and the uploads folder with those of a db:backup archive (needs --force)'
  static help = [
    '{{ binaryName }} db:restore tmp/backups/spendlens-backup-20261128-021500.tar.gz --force',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The archive written by db:backup' })
  declare archive: string

  @flags.boolean({ description: 'Confirm: the current database and uploads are replaced' })
  declare force?: boolean

  @flags.string({ description: 'Database connection to restore (default the configured one)' })
  declare connection?: string

  @flags.string({ description: 'This SQLite database file instead of the connection’s' })
  declare database?: string

  @flags.string({ description: 'Uploads folder to replace (default the `fs` disk’s folder)' })
  declare uploads?: string

  async run() {
    const { BackupError, restoreSqlite } = await import('#services/operations/backup')
    const target = await import('#services/operations/backup_target')
    try {
      const connection = target.connectionOf(this.connection)
      if (connection.client !== 'sqlite') {
        throw new BackupError(
          'db:restore restores SQLite databases. For PostgreSQL, unpack the archive (tar -xzf) and run pg_restore --clean --if-exists --no-owner --dbname=<database> database.dump, then put uploads/ back in place.'
        )
      }
      const archive = resolve(this.archive)
      const databaseFile = target.sqliteFile(connection, this.database)
      const uploadsDir = target.uploadsFolder(this.uploads)
      if (!this.force) {
        throw new BackupError(
          `This replaces the database ${databaseFile}${uploadsDir ? ` and the uploads folder ${uploadsDir}` : ''} with the archive's. Stop the web server and the workers, then run again with --force. Nothing was changed.`
        )
      }
      // This process's own connections to the file are closed before it is replaced.
      if (target.isConnectionFile(connection, databaseFile)) {
        const { default: db } = await import('@adonisjs/lucid/services/db')
        await db.manager.closeAll()
      }
      const { manifest, uploadsRestored } = await restoreSqlite({
        archive,
        databaseFile,
        uploadsDir,
      })
      this.logger.success(
        `Restored the database ${databaseFile}${uploadsRestored ? ` and the uploads folder ${uploadsDir}` : ''} from the backup of ${manifest.createdAt}.`
      )
    } catch (error) {
      if (!(error instanceof BackupError)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
    }
  }
}
