/*
 * The README's test command (`npm test`): every suite (unit, functional, browser) on the
 * embedded SQLite database. The browser suite needs Chromium; it is installed from Debian when
 * missing and possible, and otherwise the run stops with an instruction — never skipped.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const chromium = process.env.CHROME_PATH || '/usr/bin/chromium'

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  return result.status ?? 1
}

if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = run('sh', ['-c', 'command -v apt-get >/dev/null'], { stdio: 'ignore' }) === 0
  if (isRoot && hasApt) {
    console.log(`Chromium not found at ${chromium}: installing Debian's chromium package…`)
    if (run('apt-get', ['update']) !== 0 || run('apt-get', ['install', '-y', 'chromium']) !== 0) {
      console.error(
        'Installing chromium failed. Install it (apt-get install -y chromium) and run npm test again.'
      )
      process.exit(1)
    }
  } else {
    console.error(
      `Chromium not found at ${chromium}. Install it (sudo apt-get install -y chromium) or set CHROME_PATH, then run npm test again.`
    )
    process.exit(1)
  }
}

mkdirSync('tmp', { recursive: true })
if (!process.env.DB_CONNECTION || process.env.DB_CONNECTION === 'sqlite') {
  // A fresh test database each run: a crashed earlier run leaves nothing behind.
  for (const suffix of ['', '-wal', '-shm']) rmSync(`tmp/test.sqlite3${suffix}`, { force: true })
}

process.exit(run(process.execPath, ['ace.js', 'test', ...process.argv.slice(2)]))
