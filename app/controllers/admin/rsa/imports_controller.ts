import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { isOfferedYear, yearProblem } from '#shared/years'
import { offeredYears } from '#services/calendar/years'
import { researchSpendTeams } from '#services/rsa/imports/teams'
import {
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_PAGES,
  KIND_HAS_TEAM,
  MAX_IMPORT_SIZE_LABEL,
  isImportKind,
  type ImportKind,
} from '#shared/rsa_imports'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { ImportFileError, importLimits, sizeLimitLabel } from '#services/rsa/imports/reader'
import {
  ImportRefused,
  discardImport,
  findImport,
  importFileKey,
  queueCommit,
  revertImport,
  scratchPath,
  storeImportFile,
} from '#services/rsa/imports/imports'
import { addImportAliases, importList, importView } from '#services/rsa/imports/admin_view'
import { budgetImportFromSubmission } from '#services/rsa/imports/from_submission'
import { sendStoredFile } from '#services/http/stored_file'
import PreviewRsaImportJob from '#jobs/preview_rsa_import_job'
import CommitRsaImportJob from '#jobs/commit_rsa_import_job'

const refused = (field: string, message: string) =>
  new errors.E_VALIDATION_ERROR([{ field, message, rule: 'import' }])

/**
 * The research spend upload wizard (budgets, client interactions, peer interactions): choose
 * the team and year → upload the file → preview (a dry run, in a background job) → commit (a
 * background job, with progress) — and the list of past imports, each revertable as a whole.
 */
export default class ImportsController {
  budgets(ctx: HttpContext) {
    return this.#wizard(ctx, 'budgets')
  }

  clientInteractions(ctx: HttpContext) {
    return this.#wizard(ctx, 'client_interactions')
  }

  peerInteractions(ctx: HttpContext) {
    return this.#wizard(ctx, 'peer_interactions')
  }

  async #wizard({ inertia, request }: HttpContext, kind: ImportKind) {
    const qs = request.qs()
    const [teams, range] = await Promise.all([
      KIND_HAS_TEAM[kind] ? clientTeams() : [],
      offeredYears('research_spend', { ahead: true, backfill: true }),
    ])
    const year = isOfferedYear(range, Number(qs.year)) ? Number(qs.year) : null
    const teamId = teams.find((team) => team.id === Number(qs.team))?.id ?? null
    return inertia.render('admin/rsa/import_wizard', {
      ...this.#common(kind, range.years),
      teams,
      selected: { teamId, year },
      imports: () => importList(kind),
      current: null,
    })
  }

  /** Imports accept every year offered, next year's budgets included. */
  #common(kind: ImportKind, years: number[]) {
    return {
      kind,
      kindTitle: IMPORT_KINDS[kind],
      page: IMPORT_PAGES[kind],
      hasTeam: KIND_HAS_TEAM[kind],
      columns: IMPORT_COLUMNS[kind],
      years,
      maxSize: MAX_IMPORT_SIZE_LABEL,
    }
  }

  /** One import: its preview, its progress while a job works on it, its outcome. */
  async show({ inertia, params }: HttpContext) {
    const imp = await findImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    const [teams, range] = await Promise.all([
      KIND_HAS_TEAM[imp.kind] ? clientTeams() : [],
      offeredYears('research_spend', { ahead: true, backfill: true }),
    ])
    return inertia.render('admin/rsa/import_wizard', {
      ...this.#common(imp.kind, range.years),
      teams,
      selected: { teamId: imp.team_id, year: imp.year },
      imports: () => importList(imp.kind),
      current: () => importView(imp.id),
    })
  }

  /** A header-only CSV of the format (with the column descriptions as a second, comment row). */
  async template({ params, response }: HttpContext) {
    if (!isImportKind(params.kind)) throw new NotFoundForTeam('Unknown import')
    const columns = IMPORT_COLUMNS[params.kind]
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header(
      'Content-Disposition',
      `attachment; filename="${params.kind.replace('_', '-')}-template.csv"`
    )
    return `${columns.map((column) => column.header).join(',')}\r\n`
  }

  /**
   * The upload, streamed to a scratch file with its checksum (never held in memory, stopped at
   * the size limit), then checked for what it is and recorded; the preview runs as a job.
   */
  async store({ auth, params, request, response }: HttpContext) {
    const kind = params.kind
    if (!isImportKind(kind)) throw new NotFoundForTeam('Unknown import')
    const qs = request.qs()
    const year = Number(qs.year)
    const problem = yearProblem(
      await offeredYears('research_spend', { ahead: true, backfill: true }),
      qs.year
    )
    if (problem) throw refused('year', problem)
    let teamId: number | null = null
    if (KIND_HAS_TEAM[kind]) {
      const team = await researchSpendTeams()
        .where('teams.id', Number(qs.team) || 0)
        .first()
      if (!team) {
        throw refused('team', 'Choose a team with Research Spend Analytics for this file.')
      }
      teamId = team.id
    }

    const path = await scratchPath('upload')
    const hash = createHash('sha256')
    let fileName: string | null = null
    request.multipart.onFile('file', {}, async (part, reportChunk) => {
      fileName = part.file.clientName
      await pipeline(
        part,
        new Transform({
          transform(chunk, _encoding, callback) {
            reportChunk(chunk)
            hash.update(chunk)
            callback(null, chunk)
          },
        }),
        createWriteStream(path)
      )
    })
    try {
      await request.multipart.process({ limit: importLimits.maxBytes + 64 * 1024 })
    } catch (error) {
      await rm(path, { force: true })
      if ((error as { status?: number }).status === 413) {
        throw refused(
          'file',
          `The file is larger than ${sizeLimitLabel()}; split it into several files.`
        )
      }
      throw refused('file', 'The upload did not arrive whole; try again.')
    }
    if (!fileName) {
      await rm(path, { force: true })
      throw refused('file', 'Choose a CSV or XLSX file.')
    }
    const name = fileName as string
    if (!/\.(csv|xlsx)$/i.test(name)) {
      await rm(path, { force: true })
      throw refused('file', 'Upload a CSV or XLSX file.')
    }
    let imp
    try {
      imp = await storeImportFile({
        kind,
        teamId,
        year,
        userId: auth.user!.id,
        source: 'web',
        originalFileName: name,
        path,
        checksum: hash.digest('hex'),
      })
    } catch (error) {
      if (error instanceof ImportFileError) throw refused('file', error.message)
      throw error
    }
    await this.#dispatchPreview(imp.id)
    return response.redirect(`/admin/research-spend-analytics/imports/${imp.id}`)
  }

  async #dispatchPreview(importId: number) {
    const { jobId } = await PreviewRsaImportJob.dispatch({ importId }).run()
    await db
      .from('rsa_imports')
      .where('id', importId)
      .update({ job_id: jobId ?? null })
  }

  async commit({ auth, params, response, session }: HttpContext) {
    const imp = await findImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    try {
      if (await queueCommit(imp.id, auth.user!.id)) {
        const { jobId } = await CommitRsaImportJob.dispatch({
          importId: imp.id,
          userId: auth.user!.id,
        }).run()
        await db
          .from('rsa_imports')
          .where('id', imp.id)
          .update({ job_id: jobId ?? null })
      }
    } catch (error) {
      if (error instanceof ImportRefused) throw refused('import', error.message)
      throw error
    }
    session.flash('success', `Import #${imp.id} is being committed.`)
    return response.redirect(`/admin/research-spend-analytics/imports/${imp.id}`)
  }

  async revert({ auth, params, response, session }: HttpContext) {
    const imp = await findImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    try {
      await revertImport(imp.id, auth.user!.id)
    } catch (error) {
      if (error instanceof ImportRefused) throw refused('import', error.message)
      throw error
    }
    session.flash('success', `Import #${imp.id} was reverted; peer benchmarks were recomputed.`)
    return response.redirect().back()
  }

  async discard({ params, response, session }: HttpContext) {
    const imp = await findImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    let outcome: Awaited<ReturnType<typeof discardImport>>
    try {
      outcome = await discardImport(imp.id)
    } catch (error) {
      if (error instanceof ImportRefused) throw refused('import', error.message)
      throw error
    }
    if (outcome === 'cancelling') {
      session.flash('success', `The check of import #${imp.id} is stopping; it is then discarded.`)
      return response.redirect(`/admin/research-spend-analytics/imports/${imp.id}`)
    }
    session.flash('success', `Import #${imp.id} was discarded.`)
    const query = imp.team_id ? `?team=${imp.team_id}&year=${imp.year}` : `?year=${imp.year}`
    return response.redirect(
      `/admin/research-spend-analytics/${IMPORT_PAGES[imp.kind].path}${query}`
    )
  }

  /**
   * "Offer the alias match": the unknown provider keys of a refused file added as import aliases
   * of the providers they were matched to, then the file is checked again.
   */
  async aliases({ auth, params, request, response, session }: HttpContext) {
    const imp = await findImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    if (imp.status !== 'refused' && imp.status !== 'previewed') {
      throw refused('import', 'Aliases can be added from a checked file only.')
    }
    const wanted = [request.input('aliases', [])].flat().map(String).slice(0, 50)
    const added = await addImportAliases(imp, wanted, auth.user!.id)
    if (added === 0) throw refused('aliases', 'Choose at least one alias to add.')
    await db.from('rsa_imports').where('id', imp.id).update({ status: 'uploaded' })
    await this.#dispatchPreview(imp.id)
    session.flash('success', `${added} alias(es) added; the file is being checked again.`)
    return response.redirect(`/admin/research-spend-analytics/imports/${imp.id}`)
  }

  /**
   * "Apply" of an accepted research spend submission: its provider lines go through the budget
   * import (preview first, then the administrator commits).
   */
  async applySubmission({ auth, params, response }: HttpContext) {
    let imp
    try {
      imp = await budgetImportFromSubmission(Number(params.id), auth.user!.id)
    } catch (error) {
      if (error instanceof ImportRefused) throw refused('submission', error.message)
      throw error
    }
    await this.#dispatchPreview(imp.id)
    return response.redirect(`/admin/research-spend-analytics/imports/${imp.id}`)
  }

  /** The file as uploaded. */
  async file({ params, response }: HttpContext) {
    const imp = await findImport(Number(params.id))
    const key = imp ? importFileKey(imp) : null
    if (!imp || !key) throw new NotFoundForTeam('Import not found')
    return sendStoredFile(response, key, imp.original_file_name)
  }
}

async function clientTeams() {
  const rows = await researchSpendTeams().orderBy('teams.name')
  return rows.map((row) => ({ id: row.id as number, name: row.name as string }))
}
