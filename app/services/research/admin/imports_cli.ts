import { copyFile, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { basename, extname } from 'node:path'
import type { BaseCommand } from '@adonisjs/core/ace'
import { PERMISSIONS } from '#shared/permissions'
import { actAsOperator, operatorOf, type Operator } from '#services/imports/operator'
import { ImportFileError } from '#services/rsa/imports/reader'
import { scratchPath } from '#services/rsa/imports/imports'
import { registerProcess } from '#services/jobs/worker_processes'
import ProcessResearchDocumentJob from '#jobs/process_research_document_job'
import {
  DocumentImportRefused,
  commitDocumentImport,
  discardDocumentImport,
  findDocumentImport,
  markDocumentImportFailed,
  previewDocumentImport,
  queueDocumentImportCommit,
  storeDocumentImport,
} from '#services/research/admin/imports'
import {
  DOCUMENT_IMPORT_MAX_ARCHIVE_BYTES,
  DOCUMENT_IMPORT_MAX_ARCHIVE_LABEL,
  DOCUMENT_IMPORT_MAX_METADATA_BYTES,
  DOCUMENT_IMPORT_MAX_METADATA_LABEL,
  type DocumentImportReport,
} from '#shared/research_admin'

/**
 * `import:research-documents`: the page's upload, check and commit run in this process (the
 * documents' processing is queued for the workers). The report goes to stderr.
 */
export async function runDocumentImportCommand(
  command: BaseCommand,
  input: { archive: string; metadata: string; publish: boolean; dryRun: boolean; as?: string }
) {
  const refuse = (message: string) => {
    process.stderr.write(`${message}\nNothing was written.\n`)
    command.exitCode = 1
  }
  for (const file of [input.archive, input.metadata]) {
    if (!existsSync(file)) return refuse(`No such file: ${file}`)
  }
  const [archiveInfo, metadataInfo] = await Promise.all([stat(input.archive), stat(input.metadata)])
  if (archiveInfo.size > DOCUMENT_IMPORT_MAX_ARCHIVE_BYTES) {
    return refuse(
      `The archive is larger than ${DOCUMENT_IMPORT_MAX_ARCHIVE_LABEL}: split the import.`
    )
  }
  if (metadataInfo.size > DOCUMENT_IMPORT_MAX_METADATA_BYTES) {
    return refuse(`The table is larger than ${DOCUMENT_IMPORT_MAX_METADATA_LABEL}.`)
  }
  const operator = await operatorOf(
    input.as,
    PERMISSIONS.viewResearchDiscovery,
    'Research Discovery'
  )
  if ('refused' in operator) return refuse(operator.refused)
  const stopActing = actAsOperator(operator)
  try {
    await importAs(command, input, operator, refuse)
  } finally {
    stopActing()
  }
}

async function importAs(
  command: BaseCommand,
  input: { archive: string; metadata: string; publish: boolean; dryRun: boolean },
  operator: Operator,
  refuse: (message: string) => void
) {
  // The files are copied: the import moves its own copies into storage.
  const archivePath = await scratchPath('zip')
  const metadataPath = await scratchPath(extname(input.metadata).slice(1) || 'csv')
  await copyFile(input.archive, archivePath)
  await copyFile(input.metadata, metadataPath)
  let id: number
  try {
    id = await storeDocumentImport({
      userId: operator.userId,
      operator: operator.name,
      source: 'command_line',
      publishWhenProcessed: input.publish,
      archive: { path: archivePath, name: basename(input.archive) },
      metadata: { path: metadataPath, name: basename(input.metadata) },
    })
  } catch (error) {
    if (error instanceof ImportFileError) return refuse(error.message)
    throw error
  }
  process.stderr.write(
    `Research document import #${id}: ${basename(input.archive)} with ${basename(input.metadata)}, run by ${operator.name}\n`
  )
  const registration = await registerProcess({
    kind: 'command',
    description: `${command.commandName} #${id}`,
    heartbeatMs: 10_000,
  })
  // Stopped (Ctrl-C) or failed, the import says so rather than stay at work for ever.
  const stop = () => {
    markDocumentImportFailed(id, 'The command was stopped; nothing was written.').finally(() =>
      process.exit(130)
    )
  }
  process.once('SIGINT', stop)
  try {
    const tty = process.stderr.isTTY
    const checked = await previewDocumentImport(id, (processed, total) => {
      if (tty) process.stderr.write(`\r  ${processed} of ${total} rows checked\u001b[K`)
    })
    if (tty) process.stderr.write('\n')
    if (checked.status !== 'previewed') {
      writeReport(JSON.parse(checked.report ?? 'null'))
      if (checked.status === 'refused') {
        return refuse(`Refused: ${checked.rejected_rows} rejected row(s) of ${checked.row_count}.`)
      }
      return refuse(`The check did not finish: ${checked.error ?? checked.status}.`)
    }
    if (input.dryRun) {
      await discardDocumentImport(id)
      command.logger.success(
        `Dry run, nothing written: ${checked.document_count} documents would be imported.`
      )
      return
    }
    if (!(await queueDocumentImportCommit(id, operator.userId))) {
      return refuse(`Import #${id} is being committed elsewhere.`)
    }
    let documentIds: number[]
    try {
      ;({ documentIds } = await commitDocumentImport(id, operator.userId))
    } catch (error) {
      if (error instanceof DocumentImportRefused) return refuse(error.message)
      throw error
    }
    for (const documentId of documentIds) {
      await ProcessResearchDocumentJob.dispatch({ documentId }).run()
    }
    const done = await findDocumentImport(id)
    command.logger.success(
      `Import #${id} committed: ${done?.document_count ?? documentIds.length} documents, queued for processing${input.publish ? ' (published once processed)' : ' (drafts)'}.`
    )
  } catch (error) {
    await markDocumentImportFailed(id, error)
    throw error
  } finally {
    process.off('SIGINT', stop)
    await registration.stop()
  }
}

function writeReport(report: DocumentImportReport | null) {
  if (!report) return
  for (const problem of report.fileProblems) process.stderr.write(`file: ${problem}\n`)
  for (const problem of report.problems) {
    process.stderr.write(
      `row ${problem.row ?? '-'}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}\n`
    )
  }
  if (report.more) process.stderr.write(`… and ${report.more} more problem(s).\n`)
}
