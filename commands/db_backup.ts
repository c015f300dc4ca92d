import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * One dated archive of the database and the uploaded files (see
 * app/services/operations/backup.ts). Run it nightly from cron or a scheduled task and copy the
 * archive off the machine.
 */
export default class DbBackup extends BaseCommand {
  static commandName = 'db:backup'
  static description =
    'Write one dated archive (tar.gz) of the database (SQLite online copy or pg_dump) and the uploads folder'
  static help = [
    '{{ binaryName }} db:backup',
    '{{ binaryName }} db:backup --out=/var/backups/spendlens',
    '{{ binaryName }} db:backup --database=tmp/other.sqlite3 --uploads=storage/uploads',
  ]
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Folder for the archive (default tmp/backups)' })
  declare out?: string

  @flags.string({
    description: 'Database connection to back up (sqlite or pg; default the configured one)',
  })
  declare connection?: string

  @flags.string({ description: 'SQLite only: this database file instead of the connection’s' })
  declare database?: string

  @flags.string({
    description: 'Uploads folder to include (default the `fs` disk’s folder; none with S3 storage)',
  })
  declare uploads?: string

  async run() {
    const { BackupError, backupPostgres, backupSqlite } =
      await import('#services/operations/backup')
    const target = await import('#services/operations/backup_target')
    try {
      const connection = target.connectionOf(this.connection)
      const outDir = this.app.makePath(this.out || target.DEFAULT_BACKUP_FOLDER)
      const uploadsDir = target.uploadsFolder(this.uploads)
      const result =
        connection.client === 'sqlite'
          ? await backupSqlite({
              databaseFile: target.sqliteFile(connection, this.database),
              uploadsDir,
              outDir,
            })
          : await backupPostgres({
              connection: target.pgConnection(connection, this.database),
              uploadsDir,
              outDir,
            })
      const size =
        result.bytes < 1024 * 1024
          ? `${Math.max(1, Math.round(result.bytes / 1024))} KB`
          : `${(result.bytes / 1024 / 1024).toFixed(1)} MB`
      this.logger.success(
        `Backed up the ${result.manifest.database === 'pg' ? 'PostgreSQL' : 'SQLite'} database${result.manifest.uploads ? ' and the uploads folder' : ' (no uploads folder on this machine)'} to ${result.archive} (${size}).`
      )
    } catch (error) {
      if (!(error instanceof BackupError)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
    }
  }
}
