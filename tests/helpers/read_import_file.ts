/*
 * Reads an import file as an import does (file type, then every row) in a process of its own,
 * and prints what happened with the process's peak memory: the hostile-file tests measure the
 * reader alone, not the test runner around it.
 *
 *   node --import=@poppinss/ts-exec tests/helpers/read_import_file.ts <path> <csv|xlsx>
 */
import { checkFileType, tableRows, ImportFileError } from '#services/rsa/imports/reader'

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
    // maxRSS is in kilobytes.
    peakMb: process.resourceUsage().maxRSS / 1024,
  })
)
