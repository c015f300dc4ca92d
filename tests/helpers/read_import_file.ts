/*
 * Reads an import file as an import does (file type, then every row) in a process of its own,
 * and prints what happened with the process's peak memory: the hostile-file tests measure the
 * reader alone, not the test runner around it.
 *
 *   node --import=@poppinss/ts-exec tests/helpers/read_import_file.ts <path> <csv|xlsx>
 */
import { readFileSync } from 'node:fs'
import { checkFileType, tableRows, ImportFileError } from '#services/rsa/imports/reader'

/**
 * This process's own peak resident memory in MB. Linux's VmHWM counts from this program's
 * start; getrusage's maxRSS also carries the high-water mark of the process it was forked
 * from (the test runner), so it is only the fallback elsewhere.
 */
function peakMb() {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (match) return Number(match[1]) / 1024
  } catch {
    // Not Linux: the rusage figure below.
  }
  // maxRSS is in kilobytes.
  return process.resourceUsage().maxRSS / 1024
}

const [path, extension] = process.argv.slice(2)
let rows = 0
let refused: string | null = null
const started = performance.now()
try {
  const type = await checkFileType(path, extension)
  for await (const row of tableRows(path, type, () => {})) if (row) rows++
} catch (error) {
  if (!(error instanceof ImportFileError)) throw error
  refused = error.message
}
process.stdout.write(
  JSON.stringify({
    rows,
    refused,
    seconds: (performance.now() - started) / 1000,
    peakMb: peakMb(),
  })
)
