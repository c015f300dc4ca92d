import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import { DateTime } from 'luxon'
import {
  dataCollectionUploadValidator,
  submissionsPageValidator,
} from '#validators/data_collection'
import {
  collectionOfTeam,
  openCollectionOfTeam,
  openCollections,
} from '#services/data_collection/collections'
import { sendSubmissionFile, submissionsForTeam } from '#services/data_collection/submissions'
import { readUploadedWorkbook, sendTemplateWorkbook } from '#services/data_collection/workbook'
import {
  loadRsaReference,
  parseRsaWorkbook,
  recordCounts,
  refusal,
  rsaTemplateWorkbook,
  storeRsaSubmission,
} from '#services/rsa/data_collection'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { DEFAULT_SUBMISSION_STATUS } from '#shared/data_collection'

const KIND = 'rsa' as const

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * Research Spend Analytics data collection for the current team (rsaDataCollection): the open
 * collections with their template, the upload of the completed file, and the team's
 * submissions by status (Completed by default, as for market data).
 */
export default class DataCollectionController {
  async index({ inertia, request, teamContext }: HttpContext) {
    const { status } = await request.validateUsing(submissionsPageValidator, {
      data: request.qs(),
    })
    const teamId = teamContext!.currentTeam!.id
    const activeStatus = status ?? DEFAULT_SUBMISSION_STATUS
    const [collections, submissions] = await Promise.all([
      openCollections(teamId, KIND),
      loadListPage(
        request.qs().page,
        (page) => submissionsForTeam(teamId, KIND, activeStatus, page),
        (result) => result.pagination
      ),
    ])
    return inertia.render('rsa/data_collection', {
      collections,
      status: activeStatus,
      ...submissions,
      today: DateTime.now().toISODate(),
    })
  }

  /** The collection's template, pre-filled with the team's latest profile and budget lines. */
  async template({ params, response, teamContext }: HttpContext) {
    const team = teamContext!.currentTeam!
    const collection = await collectionOfTeam(team.id, KIND, Number(params.id))
    if (collection.status !== 'open') throw new NotFoundForTeam('Data collection not found')
    const buffer = await rsaTemplateWorkbook({ id: team.id, name: team.name }, collection)
    sendTemplateWorkbook(response, buffer, collection.name, 'research-spend')
  }

  /**
   * All or nothing: the file is checked (kind by content, size, sheets, version, every row of
   * every sheet) before anything is written; problems come back cell by cell.
   */
  async upload({ auth, request, response, session, teamContext }: HttpContext) {
    const teamId = teamContext!.currentTeam!.id
    const payload = await request.validateUsing(dataCollectionUploadValidator)
    const collection = await openCollectionOfTeam(teamId, KIND, payload.dataCollectionId)

    const [workbook, reference] = await Promise.all([
      readUploadedWorkbook(payload.fileToUpload),
      loadRsaReference(),
    ])
    const { records, report } = parseRsaWorkbook(workbook, reference)
    if (report.hasProblems) throw refusal(report)

    await storeRsaSubmission({
      teamId,
      userId: auth.user!.id,
      collectionId: collection.id,
      file: payload.fileToUpload,
      additionalComments: payload.additionalComments ?? null,
      deliveryDate: DateTime.fromJSDate(payload.deliveryDate).toISODate()!,
      records,
    })
    const counts = recordCounts(records)
    session.flash(
      'success',
      `Thank you: your profile, ${plural(counts.providers, 'provider line', 'provider lines')}, ${plural(counts.interactions, 'interaction count', 'interaction counts')} and ${plural(counts.assessment, 'score', 'scores')} were received for ${collection.name}. We will review the file and let you know when it is completed.`
    )
    return response.redirect('/rsa/data-collection?status=submitted')
  }

  /** The file of one of the team's research spend submissions, as uploaded. */
  async download({ params, response, teamContext }: HttpContext) {
    return sendSubmissionFile(response, teamContext!.currentTeam!.id, KIND, Number(params.id))
  }
}
