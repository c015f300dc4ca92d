/*
 * Settings of `npm run bench`: environment variables, command-line flags, ports, paths and
 * the performance targets. Everything the other bench modules need to agree on lives here.
 */
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'

function positiveNumber(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number (got "${raw}")`)
  }
  return value
}

const argv = process.argv.slice(2)
const flagValue = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]

export const ROOT = resolve(import.meta.dirname, '..')
export const OUT_DIR = join(ROOT, 'tmp', 'bench')

export const FLAGS = {
  /** Reuse build/ when it exists. */
  noBuild: argv.includes('--no-build'),
  /** Regenerate the prepared database even when its fingerprint matches. */
  fresh: argv.includes('--fresh'),
  /** Development aid: only the scenarios whose route name or path contains this text. */
  only: flagValue('only'),
  /** Print the scenarios and the routes not measured, then stop (no load). */
  planOnly: argv.includes('--plan'),
}

export const SETTINGS = {
  connections: positiveNumber('BENCH_CONNECTIONS', 32),
  seconds: positiveNumber('BENCH_SECONDS', 5),
  warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 1),
  scale: process.env.BENCH_SCALE || 'large',
  database: process.env.DB_CONNECTION === 'pg' ? 'pg' : 'sqlite',
  demoPassword: process.env.DEMO_PASSWORD || 'Demo-Password-2026!',
  /** Worker processes of the production set-up (the cluster mode reads WEB_CONCURRENCY). */
  productionWorkers: availableParallelism(),
  /** A header that costs less than this share of the dashboard's throughput stays on. */
  headerCostTolerance: 0.05,
}

export const PORTS = {
  baseline: 3350,
  app: 3351,
  appWithoutHeader: 3352,
  production: 3353,
}

/** Sent by the Inertia client on every visit; the server is started with the same version. */
export const ASSETS_VERSION = 'bench'

export const PERSONAS = {
  guest: { label: 'signed out' },
  analyst: {
    label: 'analyst',
    email: 'analyst@example.com',
    homeTeam: 'Northbridge Asset Management',
  },
  admin: { label: 'admin', email: 'admin@example.com' },
}

export const TARGETS = {
  dashboardVsBaselineOneProcess: 0.05,
  dashboardVsBaselineProduction: 0.1,
  signedOutVsBaseline: 0.1,
  dataVsDashboard: 0.7,
  dataP95Ms: 50,
  dataQueries: 10,
  firstLoadGzipBytes: 200 * 1024,
  pageChunkGzipBytes: 60 * 1024,
}
