import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string({ format: 'url', tld: false }),
  APP_NAME: Env.schema.string.optional(),
  HOST: Env.schema.string({ format: 'host' }),
  LOG_LEVEL: Env.schema.string(),

  SESSION_DRIVER: Env.schema.enum.optional(['database', 'memory', 'cookie', 'redis'] as const),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  SQLITE_FILE: Env.schema.string.optional(),
  // Where uploaded files are kept: `fs` (default), the directory UPLOADS_PATH (default
  // storage/uploads; tests: tmp/test-uploads), or `s3`, an S3-compatible bucket (S3_*).
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  UPLOADS_PATH: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optional(),
  // Reverse proxies whose X-Forwarded-For is believed: comma-separated addresses, CIDR ranges
  // or the names loopback, linklocal, uniquelocal (default: loopback).
  TRUSTED_PROXIES: Env.schema.string.optional(),
  DATABASE_URL: Env.schema.string.optional(),
  PG_HOST: Env.schema.string.optional({ format: 'host' }),
  PG_PORT: Env.schema.number.optional(),
  PG_USER: Env.schema.string.optional(),
  PG_PASSWORD: Env.schema.string.optional(),
  PG_DATABASE: Env.schema.string.optional(),
  // When the database cannot be reached (config/database.ts): ms to open a connection (default
  // 3000), to wait for a free connection (default 4000 for the web), and an optional limit on
  // any statement's run.
  DB_CONNECT_TIMEOUT_MS: Env.schema.number.optional(),
  DB_ACQUIRE_TIMEOUT_MS: Env.schema.number.optional(),
  DB_STATEMENT_TIMEOUT_MS: Env.schema.number.optional(),
  // How long a stopping process waits for its requests in flight or its running jobs (default
  // 30000; app/services/operations/shutdown.ts).
  SHUTDOWN_TIMEOUT_MS: Env.schema.number.optional(),

  // Where rate limits are counted: the database (default), this process's memory, or Redis
  // (shared by every instance; REDIS_* below).
  LIMITER_STORE: Env.schema.enum.optional(['database', 'memory', 'redis'] as const),
  // Each signed-in user's JSON API calls per minute (default 600).
  API_REQUESTS_PER_MINUTE: Env.schema.number.optional(),
  REDIS_HOST: Env.schema.string.optional({ format: 'host' }),
  REDIS_PORT: Env.schema.number.optional(),
  REDIS_PASSWORD: Env.schema.string.optional(),
  REDIS_DB: Env.schema.number.optional(),

  MAIL_MAILER: Env.schema.enum.optional(['outbox', 'smtp'] as const),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  MAIL_FROM_NAME: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),

  ASSETS_VERSION: Env.schema.string.optional(),
  // Adds `x-query-count` to every answer (tests and `npm run bench`); off in production.
  QUERY_COUNT_HEADER: Env.schema.boolean.optional(),
  // Where the request context cache lives: each process's memory, or Redis shared by instances.
  CACHE_STORE: Env.schema.enum.optional(['memory', 'redis'] as const),
  DEMO_PASSWORD: Env.schema.string.optional(),
  // Where background jobs wait: the database (default), Redis (REDIS_*), or inline (tests).
  QUEUE_DRIVER: Env.schema.enum.optional(['database', 'redis', 'sync'] as const),
  // How long a running job may go without its worker's heartbeat before another worker takes
  // it over (a duration: 30s, 2m …; default 2m).
  QUEUE_STALLED_THRESHOLD: Env.schema.string.optional(),
  QUEUE_MAIL_CONCURRENCY: Env.schema.number.optional(),
  // Shows each check's detail on GET /health/ready to a caller sending it as `x-health-token`;
  // without it nobody sees the detail.
  HEALTH_TOKEN: Env.schema.string.optional(),
  QUEUE_IMPORTS_CONCURRENCY: Env.schema.number.optional(),
})
