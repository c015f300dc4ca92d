import { existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { BaseCommand } from '@adonisjs/core/ace'
import {
  IMPORT_KINDS,
  ImportRefused,
  MAX_ANALYST_IMPORT_BYTES,
  importAnalystFiles,
  importSummary,
  type ImportKind,
} from '#services/providers/admin/imports'
import { OPERATOR_AREAS, runAsOperator } from '#services/imports/operator'

/**
 * The operators' analyst imports (`import:analysts`, `import:analyst-moves`): the same checks
 * and all-or-nothing write as the administration page. The row report goes to stderr; exit
 * status 0 when done (or, with --dry-run, when the file is clean), 1 when refused — and then
 * nothing was written.
 */
export async function runAnalystImportCommand(
  command: BaseCommand,
  kind: ImportKind,
  input: { file: string; dryRun?: boolean; as?: string }
) {
  const refuse = (message: string) => {
    process.stderr.write(`${message}\nNothing was written.\n`)
    command.exitCode = 1
  }
  if (!existsSync(input.file)) return refuse(`No such file: ${input.file}`)
  const { size } = await stat(input.file)
  if (size > MAX_ANALYST_IMPORT_BYTES) {
    return refuse(
      `The file is larger than ${MAX_ANALYST_IMPORT_BYTES / 1024 / 1024} MB; split it into several files.`
    )
  }
  const file = {
    path: input.file,
    extname: extname(input.file).replace(/^\./, ''),
    name: basename(input.file),
  }
  await runAsOperator(command, input.as, OPERATOR_AREAS.providers, (userId) =>
    importFile(command, kind, file, Boolean(input.dryRun), userId, refuse)
  )
}

async function importFile(
  command: BaseCommand,
  kind: ImportKind,
  file: { path: string; extname: string; name: string },
  dryRun: boolean,
  userId: number | null,
  refuse: (message: string) => void
) {
  const started = performance.now()
  try {
    const outcome = await importAnalystFiles({
      [kind]: file,
      dryRun,
      userId,
    })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const summary = importSummary(outcome)
    if (outcome.dryRun) {
      command.logger.success(`Dry run, nothing written: ${summary} (checked in ${seconds} s).`)
    } else {
      command.logger.success(
        `${IMPORT_KINDS[kind]} imported in ${seconds} s: ${summary}. Statistics recomputed for ${outcome.providersRefreshed} provider${outcome.providersRefreshed === 1 ? '' : 's'}.`
      )
    }
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error
    for (const problem of error.problems) {
      process.stderr.write(
        problem.row === null
          ? `file: ${problem.message}\n`
          : `row ${problem.row}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}\n`
      )
    }
    const more = error.total - error.problems.length
    if (more > 0) process.stderr.write(`… and ${more} more problem(s).\n`)
    refuse(`Refused. ${error.message}`)
  }
}
