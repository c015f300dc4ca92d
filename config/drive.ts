import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Uploaded files (contract documents, data collection submissions, provider logos) live on one
 * private disk: the local file system (`DRIVE_DISK=fs`, the default) or an S3-compatible bucket
 * (`DRIVE_DISK=s3`), which several instances share. Nothing is served from it directly and no
 * public or signed URL is ever made: every download goes through a route that checks the team
 * or the administrator's permission first, and streams the file itself.
 */
const diskName = env.get('DRIVE_DISK') === 's3' ? 's3' : 'uploads'

if (diskName === 's3' && !env.get('S3_BUCKET')) {
  throw new Error('DRIVE_DISK=s3 needs S3_BUCKET (and S3_REGION, S3_ENDPOINT … as required).')
}

const endpoint = env.get('S3_ENDPOINT') || undefined
const accessKeyId = env.get('S3_ACCESS_KEY_ID')
const secretAccessKey = env.get('S3_SECRET_ACCESS_KEY')

const driveConfig = defineConfig({
  default: diskName,
  services: {
    uploads: services.fs({
      location: app.makePath(env.get('UPLOADS_PATH') || 'storage/uploads'),
      serveFiles: false,
      visibility: 'private',
    }),
    s3: services.s3({
      bucket: env.get('S3_BUCKET') || '',
      region: env.get('S3_REGION') || 'us-east-1',
      // An S3-compatible service (MinIO, Ceph, R2 …); AWS itself needs none.
      endpoint,
      // Such services do not all read the checksum trailers the AWS SDK now adds to every
      // upload by default: with an endpoint, checksums are sent only where S3 requires them.
      ...(endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      forcePathStyle: env.get('S3_FORCE_PATH_STYLE') ?? false,
      // Without keys the AWS SDK looks for credentials itself (instance or task role …).
      credentials:
        accessKeyId && secretAccessKey
          ? { accessKeyId, secretAccessKey: secretAccessKey.release() }
          : undefined,
      visibility: 'private',
      // Objects are never given an ACL: the bucket stays private (block public access on) and
      // the app is its only reader.
      supportsACL: false,
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
