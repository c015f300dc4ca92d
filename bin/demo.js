/*
 * `npm run demo`: prepares the embedded SQLite database with demo data and serves the app on
 * http://localhost:3333. Safe to run again: migrations and seeding only add what is missing.
 * The demo data is dated from the day it is seeded; `npm run demo -- --fresh` empties the
 * database and seeds it again for today.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { spawn, spawnSync } from 'node:child_process'

function ace(...args) {
  const result = spawnSync(process.execPath, ['ace.js', ...args], { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`\n"ace ${args.join(' ')}" failed; the demo cannot start.`)
    process.exit(result.status ?? 1)
  }
}

if (!existsSync('.env')) {
  copyFileSync('.env.example', '.env')
  const key = randomBytes(32).toString('base64url')
  writeFileSync('.env', readFileSync('.env', 'utf8').replace(/^APP_KEY=.*$/m, `APP_KEY=${key}`))
  console.log('Created .env with a new APP_KEY.')
}
mkdirSync('tmp', { recursive: true })

const fresh = process.argv.includes('--fresh')
const seededBefore = existsSync(process.env.SQLITE_FILE || 'tmp/db.sqlite3')
if (fresh) {
  console.log('--fresh: the demo database is emptied and seeded again for today.')
  ace('migration:fresh', '--force')
} else {
  ace('migration:run', '--force')
}
ace('db:seed')
ace('demo:accounts')
if (seededBefore && !fresh) {
  console.log(
    "\nThe demo data is dated from the day it was first seeded. To bring it to today (this week's research, this year's budgets so far): npm run demo -- --fresh"
  )
}

const server = spawn(process.execPath, ['ace.js', 'serve'], { stdio: 'inherit' })
// Background jobs run next to the server: `jobs:work` starts one worker per pool (mails and
// small jobs, imports), so a mail never waits behind an import.
const worker = spawn(process.execPath, ['ace.js', 'jobs:work'], {
  stdio: 'inherit',
})
// The dev server stops cleanly on SIGINT (not SIGTERM): pass both on as SIGINT. The workers
// finish the jobs they are running first.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill('SIGINT')
    worker.kill('SIGTERM')
  })
}
server.on('exit', (code) => {
  worker.kill('SIGTERM')
  process.exit(code ?? 0)
})
worker.on('exit', (code) => {
  if (code) console.error(`The background worker stopped (exit ${code}); imports will wait.`)
})
