import { copyFile, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import type { BaseCommand } from '@adonisjs/core/ace'
import db from '@adonisjs/lucid/services/db'
import { registerProcess } from '#services/jobs/worker_processes'
import { researchSpendTeams } from '#services/rsa/imports/teams'
import { actAsOperator, operatorOf, type Operator } from '#services/imports/operator'
import { yearProblem } from '#shared/years'
import { offeredYears } from '#services/calendar/years'
import { IMPORT_KINDS, KIND_HAS_TEAM, type ImportKind } from '#shared/rsa_imports'
import { ImportFileError, importLimits, sizeLimitLabel } from '#services/rsa/imports/reader'
import {
  ImportRefused,
  applyImport,
  discardImport,
  parseReport,
  previewImport,
  scratchPath,
  storeImportFile,
  type RsaImportRow,
} from '#services/rsa/imports/imports'

/**
 * The operators' imports (`import:budgets`, `import:client-interactions`,
 * `import:peer-interactions`): the same checks and writes as the upload wizard, run in this
 * process. The row report goes to stderr; exit status 0 when done (or, with --dry-run, when the
 * file is clean), 1 when refused — and then nothing was written.
 */
export async function runImportCommand(
  command: BaseCommand,
  kind: ImportKind,
  input: { file: string; team?: number; year?: number; dryRun?: boolean; as?: string }
) {
  const refuse = (message: string) => {
    process.stderr.write(`${message}\nNothing was written.\n`)
    command.exitCode = 1
  }
  if (!existsSync(input.file)) return refuse(`No such file: ${input.file}`)
  if (input.year === undefined) return refuse('--year is required (the fiscal year).')
  const yearRefused = yearProblem(
    await offeredYears('research_spend', { ahead: true, backfill: true }),
    input.year,
    '--year'
  )
  if (yearRefused) return refuse(yearRefused)
  let teamId: number | null = null
  if (KIND_HAS_TEAM[kind]) {
    if (input.team === undefined) return refuse('--team is required (the team id).')
    const team = await db.from('teams').where('id', input.team).select('id', 'name').first()
    if (!team) return refuse(`No team has the id ${input.team}.`)
    // The wizard's rule: only a team with Research Spend Analytics has research spend.
    const client = await researchSpendTeams().where('teams.id', team.id).first()
    if (!client) {
      return refuse(
        `Team ${team.id} (${team.name}) does not have Research Spend Analytics: its research spend cannot be imported. Add the product to the team first (Account Management → Teams).`
      )
    }
    teamId = team.id
  }
  const operator = await operatorOf(input.as)
  if ('refused' in operator) return refuse(operator.refused)
  const stopActing = actAsOperator(operator)
  try {
    await storeCheckAndCommit(
      command,
      kind,
      { file: input.file, year: input.year, dryRun: input.dryRun },
      teamId,
      operator,
      refuse
    )
  } finally {
    stopActing()
  }
}

async function storeCheckAndCommit(
  command: BaseCommand,
  kind: ImportKind,
  input: { file: string; year: number; dryRun?: boolean },
  teamId: number | null,
  operator: Operator,
  refuse: (message: string) => void
) {
  const { size } = await stat(input.file)
  if (size > importLimits.maxBytes) {
    return refuse(`The file is larger than ${sizeLimitLabel()}; split it into several files.`)
  }
  const path = await scratchPath(basename(input.file).split('.').pop() ?? 'csv')
  await copyFile(input.file, path)
  let imp: RsaImportRow
  try {
    imp = await storeImportFile({
      kind,
      teamId,
      year: input.year,
      userId: operator.userId,
      operator: operator.name,
      source: 'command_line',
      originalFileName: basename(input.file),
      path,
    })
  } catch (error) {
    if (error instanceof ImportFileError) return refuse(error.message)
    throw error
  }
  process.stderr.write(
    `${IMPORT_KINDS[kind]} import #${imp.id}: ${basename(input.file)}, run by ${operator.name}\n`
  )
  // This process runs the import: while it lives the import is not taken for interrupted.
  const registration = await registerProcess({
    kind: 'command',
    description: `${command.commandName} #${imp.id}`,
    heartbeatMs: 10_000,
  })
  try {
    await checkAndCommit(command, imp, input, operator.userId, refuse)
  } finally {
    await registration.stop()
  }
}

async function checkAndCommit(
  command: BaseCommand,
  imported: RsaImportRow,
  input: { file: string; dryRun?: boolean },
  userId: number | null,
  refuse: (message: string) => void
) {
  let imp = imported
  const bar = progressBar()
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
  if (input.dryRun) {
    imp = await previewImport(imp.id, { onProgress: (rows, share) => bar.rows(rows, share) })
    bar.done()
    if (imp.status === 'refused') {
      writeReport(imp)
      return refuse(`Refused: ${imp.rejected_rows} rejected row(s).`)
    }
    await discardImport(imp.id)
    command.logger.success(
      `Dry run, nothing written: ${imp.new_rows} new, ${imp.updated_rows} updated, ${imp.unchanged_rows} unchanged, 0 rejected (${imp.total_rows} rows, checked in ${seconds()} s).`
    )
    return
  }
  // The commit reads and checks every row itself and writes nothing unless all pass: no
  // separate preview pass is needed here.
  try {
    imp = await applyImport(imp.id, {
      userId,
      onProgress: (rows, share) => bar.rows(rows, share),
      onStep: (step) => {
        bar.done()
        process.stderr.write(`  ${step} (${seconds()} s)\n`)
      },
    })
  } catch (error) {
    bar.done()
    if (error instanceof ImportRefused) return refuse(error.message)
    throw error
  }
  bar.done()
  if (imp.status !== 'committed') {
    writeReport(imp)
    return refuse(`Refused: ${imp.rejected_rows} rejected row(s).`)
  }
  command.logger.success(
    `Import #${imp.id} committed in ${seconds()} s: ${imp.new_rows} new, ${imp.updated_rows} updated, ${imp.unchanged_rows} unchanged. Peer benchmarks recomputed.`
  )
}

function writeReport(imp: RsaImportRow) {
  const report = parseReport(imp)
  for (const problem of report.fileProblems) process.stderr.write(`file: ${problem}\n`)
  for (const problem of report.problems) {
    process.stderr.write(
      `row ${problem.row ?? '-'}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}\n`
    )
  }
  if (report.more) process.stderr.write(`… and ${report.more} more problem(s).\n`)
  for (const suggestion of report.aliasSuggestions) {
    process.stderr.write(
      `alias: '${suggestion.alias}' looks like ${suggestion.providerName} (${suggestion.providerKey}), ${suggestion.rows} row(s)\n`
    )
  }
}

/** A progress line on stderr (redrawn in place on a terminal, one line a step otherwise). */
function progressBar() {
  const tty = process.stderr.isTTY
  let drawn = false
  const draw = (text: string) => {
    drawn = true
    process.stderr.write(tty ? `\r${text}\u001b[K` : `${text}\n`)
  }
  return {
    rows(rows: number, share: number | null) {
      if (share === null) return draw(`  ${rows.toLocaleString('en-GB')} rows read`)
      const width = 30
      const filled = Math.round(share * width)
      draw(
        `  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(share * 100)}%  ${rows.toLocaleString('en-GB')} rows`
      )
    },
    done() {
      if (drawn && tty) process.stderr.write('\n')
      drawn = false
    },
  }
}
