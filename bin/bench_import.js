/*
 * `npm run bench:import`: how long a file of 1,000,000 client interactions takes to commit,
 * and how much memory the import needs, on SQLite and on PostgreSQL.
 *
 * For each database: a database of its own with the demo data (migrations + demo seed), a CSV
 * of one million interactions of one team for 2024, then the operators' command
 * `import:client-interactions` of the production build (it reads and checks every row, stages
 * them, moves them into place in one transaction and recomputes the peer statistics). The
 * command's wall time and its peak resident memory (VmHWM) are measured. Targets: under 60 s
 * and under 1 GB; the command exits non-zero when one is missed or the import fails.
 *
 *   npm run bench:import                  both databases
 *   npm run bench:import -- --only=sqlite (or --only=pg)
 *   npm run bench:import -- --no-build    reuse build/
 *   BENCH_IMPORT_ROWS=200000 npm run bench:import   a smaller file (development)
 *
 * Writes tmp/bench/import.json and tmp/bench/import.md, and prints the markdown.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { once } from 'node:events'
import pg from 'pg'
import Database from 'better-sqlite3'
import { build, log } from '../bench/setup.js'
import { OUT_DIR, ROOT } from '../bench/config.js'

const argv = process.argv.slice(2)
const only = argv.find((arg) => arg.startsWith('--only='))?.split('=')[1]
const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 1_000_000)
const TARGET_SECONDS = 60
const TARGET_MB = 1024
const WORK = join(ROOT, 'tmp', 'bench-import')
const PG_DATABASE = 'spendlens_bench_import'
const PG_ADMIN = {
  host: process.env.PG_HOST || '127.0.0.1',
  port: Number(process.env.PG_PORT || 5432),
  user: process.env.PG_USER || 'postgres',
  password: process.env.PG_PASSWORD || undefined,
}

mkdirSync(WORK, { recursive: true })
mkdirSync(OUT_DIR, { recursive: true })

function baseEnv(extra) {
  const env = { ...process.env }
  for (const name of ['SQLITE_FILE', 'PG_DATABASE', 'DATABASE_URL', 'DB_CONNECTION'])
    delete env[name]
  return {
    ...env,
    TZ: 'UTC',
    APP_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    MAIL_MAILER: 'outbox',
    QUEUE_DRIVER: 'sync',
    PORT: '3359',
    HOST: '127.0.0.1',
    APP_URL: 'http://127.0.0.1:3359',
    ...extra,
  }
}

function run(args, env, cwd = ROOT) {
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 2, 2], env, cwd })
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (exit ${result.status})`)
}

const DATABASES = {
  sqlite: {
    label: 'SQLite',
    async prepare() {
      const file = join(WORK, 'import.sqlite3')
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
      return { DB_CONNECTION: 'sqlite', SQLITE_FILE: file }
    },
    async query(env, sql) {
      const db = new Database(env.SQLITE_FILE, { readonly: true })
      try {
        return db.prepare(sql).all()
      } finally {
        db.close()
      }
    },
  },
  pg: {
    label: 'PostgreSQL',
    async prepare() {
      const admin = new pg.Client({ ...PG_ADMIN, database: 'postgres' })
      await admin.connect()
      try {
        await admin.query(`drop database if exists ${PG_DATABASE} with (force)`)
        await admin.query(`create database ${PG_DATABASE}`)
      } finally {
        await admin.end()
      }
      const auth = PG_ADMIN.password ? `:${encodeURIComponent(PG_ADMIN.password)}` : ''
      return {
        DB_CONNECTION: 'pg',
        DATABASE_URL: `postgres://${PG_ADMIN.user}${auth}@${PG_ADMIN.host}:${PG_ADMIN.port}/${PG_DATABASE}`,
      }
    },
    async query(env, sql) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL })
      await client.connect()
      try {
        return (await client.query(sql)).rows
      } finally {
        await client.end()
      }
    },
  },
}

const TYPES = ['report_read', 'model_download', 'analyst_call', 'one_to_one', 'group_meeting']
const SECTORS = ['Energy', 'Materials', 'Industrials', 'Financials', 'Health Care', 'Utilities']
const REGIONS = ['UK', 'Europe', 'North America', 'Global']

/** One million interactions of the team for 2024, with the columns of the format. */
async function writeFile(path, teamId, providerKeys, emails) {
  const out = createWriteStream(path)
  const write = (text) => (out.write(text) ? null : once(out, 'drain'))
  await write(
    'team_id,external_ref,source_system,occurred_at,provider_key,analyst_name,analyst_id,user_email,desk,interaction_type,duration_min,sector_gics,region,asset_class,valued,notes\n'
  )
  let seed = 42
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const pick = (list) => list[Math.floor(next() * list.length)]
  let buffer = ''
  for (let index = 0; index < ROWS; index++) {
    const month = String(1 + Math.floor(next() * 12)).padStart(2, '0')
    const day = String(1 + Math.floor(next() * 28)).padStart(2, '0')
    buffer += `${teamId},BENCH-${index},bench,2024-${month}-${day},${pick(providerKeys)},Analyst ${index % 400},,${pick(emails)},Equities,${pick(TYPES)},${5 + Math.floor(next() * 85)},${pick(SECTORS)},${pick(REGIONS)},equity,Y,\n`
    if (buffer.length > 1 << 20) {
      await write(buffer)
      buffer = ''
    }
  }
  await write(buffer)
  out.end()
  await once(out, 'finish')
}

/** Runs the command, sampling its peak resident memory; returns its time, memory and output. */
function measure(args, env, cwd) {
  return new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => {
      output += chunk
      process.stderr.write(chunk)
    })
    let peakKb = 0
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        const match = /VmHWM:\s+(\d+) kB/.exec(status)
        if (match) peakKb = Math.max(peakKb, Number(match[1]))
      } catch {}
    }
    const timer = setInterval(sample, 200)
    child.on('exit', (code) => {
      clearInterval(timer)
      resolve({
        code,
        seconds: (performance.now() - started) / 1000,
        peakMb: peakKb / 1024,
        output,
      })
    })
  })
}

async function benchOne(kind) {
  const database = DATABASES[kind]
  log(`\n${database.label}: preparing a database with the demo data…`)
  const uploads = join(WORK, `uploads-${kind}`)
  rmSync(uploads, { recursive: true, force: true })
  const env = baseEnv({ ...(await database.prepare()), UPLOADS_PATH: uploads })
  const dataEnv = { ...env, NODE_ENV: 'development' }
  run(['ace.js', 'migration:run', '--force'], dataEnv)
  run(['ace.js', 'db:seed'], dataEnv)
  const [team] = await database.query(
    env,
    "select id from teams where name = 'Pacific Crest Investors'"
  )
  const providers = await database.query(
    env,
    "select provider_key from providers where provider_type = 'research' order by id"
  )
  const members = await database.query(
    env,
    `select u.email from users u join team_user t on t.user_id = u.id where t.team_id = ${Number(team.id)}`
  )
  const file = join(WORK, `interactions-${ROWS}.csv`)
  log(`Writing ${ROWS.toLocaleString('en-GB')} interactions to ${file}…`)
  await writeFile(
    file,
    team.id,
    providers.map((row) => row.provider_key),
    [...members.map((row) => row.email), 'unmapped@elsewhere.example']
  )
  log(`Importing (${database.label}, production build)…`)
  const result = await measure(
    [
      join(ROOT, 'build', 'ace.js'),
      'import:client-interactions',
      file,
      `--team=${team.id}`,
      '--year=2024',
    ],
    { ...env, NODE_ENV: 'production' },
    join(ROOT, 'build')
  )
  const [{ n }] = await database.query(
    env,
    `select count(*) as n from rsa_interactions where team_id = ${Number(team.id)} and source_system = 'bench'`
  )
  const committed = result.code === 0 && Number(n) === ROWS
  return {
    database: database.label,
    rows: ROWS,
    seconds: Math.round(result.seconds * 10) / 10,
    peakMemoryMb: Math.round(result.peakMb),
    committed,
    withinTime: result.seconds < TARGET_SECONDS,
    withinMemory: result.peakMb < TARGET_MB,
  }
}

async function main() {
  build()
  const kinds = only ? [only] : ['sqlite', 'pg']
  const results = []
  for (const kind of kinds) {
    if (!DATABASES[kind]) throw new Error(`Unknown database ${kind}: use sqlite or pg`)
    results.push(await benchOne(kind))
  }
  const lines = [
    `# Import of ${ROWS.toLocaleString('en-GB')} client interactions`,
    '',
    `Measured ${new Date().toISOString()} on ${process.platform}, ${process.versions.node}: \`import:client-interactions\` of the production build (read, check, stage, move, recompute).`,
    '',
    '| database | rows | wall time | peak memory | committed | under 60 s | under 1 GB |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.rows.toLocaleString('en-GB')} | ${r.seconds} s | ${r.peakMemoryMb} MB | ${r.committed ? 'yes' : 'no'} | ${r.withinTime ? 'yes' : 'no'} | ${r.withinMemory ? 'yes' : 'no'} |`
    ),
    '',
  ]
  writeFileSync(join(OUT_DIR, 'import.json'), JSON.stringify(results, null, 2))
  writeFileSync(join(OUT_DIR, 'import.md'), lines.join('\n'))
  process.stdout.write(lines.join('\n'))
  const failed = results.some((r) => !r.committed || !r.withinTime || !r.withinMemory)
  process.exitCode = failed ? 1 : 0
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
