import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, syncDestination, targets } from '@adonisjs/core/logger'

/**
 * What a log line must never carry, whoever logs it: credentials and session cookies in
 * headers, and request bodies (passwords, tokens, uploaded files' contents). Application code
 * logs ids, names and figures; these paths catch a request, a body or headers logged by
 * mistake or by a library. The app's request summary (app/middleware/request_id_middleware.ts)
 * holds none of them.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-health-token"]',
  'req.headers["x-csrf-token"]',
  'req.headers["x-xsrf-token"]',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-health-token"]',
  'headers["x-csrf-token"]',
  'headers["x-xsrf-token"]',
  'headers["set-cookie"]',
  'request.headers.cookie',
  'request.headers.authorization',
  'request.headers["x-health-token"]',
  'request.body',
  'body',
  'password',
  'passwordConfirmation',
  'currentPassword',
  'token',
  'secret',
  'cookie',
  'sessionId',
  '*.password',
  '*.passwordConfirmation',
  '*.password_confirmation',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.cookie',
  '*.sessionId',
  '*.body',
]

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: env.get('APP_NAME') || 'spendlens',
      level: env.get('LOG_LEVEL'),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      desination: !app.inProduction ? await syncDestination() : undefined,
      transport: { targets: [targets.file({ destination: 1 })] },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
