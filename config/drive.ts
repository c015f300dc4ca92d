import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Uploaded files (contract documents, data collection submissions) live on one private disk.
 * Nothing is served from it directly: every download goes through a route that checks the
 * team or the administrator's permission first.
 */
const driveConfig = defineConfig({
  default: 'uploads',
  services: {
    uploads: services.fs({
      location: app.makePath(env.get('UPLOADS_PATH') || 'storage/uploads'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
