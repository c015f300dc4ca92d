import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import { DateTime } from 'luxon'
import { dataCollectionUploadValidator, submissionsPageValidator } from '#validators/market_data'
import {
  collectionOfTeam,
  loadCollectionReference,
  openCollectionOfTeam,
  openCollections,
  parseContractsSheet,
  readWorkbook,
  storeSubmission,
  submissionsForTeam,
  templateWorkbook,
} from '#services/market_data/data_collection'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { DEFAULT_SUBMISSION_STATUS } from '#shared/data_collection'
import { errors } from '@vinejs/vine'
import { sendSubmissionFile } from '#services/data_collection/submissions'
import { sendTemplateWorkbook } from '#services/data_collection/workbook'

/**
 * Market data collection for the current team: the template to download, the upload of the
 * completed file, and the team's submissions by status.
 */
export default class DataCollectionController {
  async index({ inertia, request, teamContext }: HttpContext) {
    const { status } = await request.validateUsing(submissionsPageValidator, {
      data: request.qs(),
    })
    const teamId = teamContext!.currentTeam!.id
    const activeStatus = status ?? DEFAULT_SUBMISSION_STATUS
    const [collections, submissions] = await Promise.all([
      openCollections(teamId),
      loadListPage(
        request.qs().page,
        (page) => submissionsForTeam(teamId, activeStatus, page),
        (result) => result.pagination
      ),
    ])
    return inertia.render('market_data/templates', {
      collections,
      status: activeStatus,
      ...submissions,
      today: DateTime.now().toISODate(),
    })
  }

  /**
   * The collection's template, pre-filled with the team's contracts.
   */
  async template({ params, response, teamContext }: HttpContext) {
    const team = teamContext!.currentTeam!
    const collection = await collectionOfTeam(team.id, Number(params.id))
    if (collection.status !== 'open') throw new NotFoundForTeam('Data collection not found')
    const buffer = await templateWorkbook({ id: team.id, name: team.name }, collection)
    sendTemplateWorkbook(response, buffer, collection.name, 'data-collection')
  }

  /**
   * An upload is accepted only whole: the file is checked (type, size, sheet, columns, every
   * row) before anything is written; problems come back as field errors, row by row.
   */
  async upload({ auth, request, response, session, teamContext }: HttpContext) {
    const teamId = teamContext!.currentTeam!.id
    const payload = await request.validateUsing(dataCollectionUploadValidator)
    const collection = await openCollectionOfTeam(teamId, payload.dataCollectionId)

    const [workbook, reference] = await Promise.all([
      readWorkbook(payload.fileToUpload),
      loadCollectionReference(),
    ])
    const { rows, problems } = parseContractsSheet(workbook, reference)
    if (problems.length > 0) {
      throw new errors.E_VALIDATION_ERROR(
        problems.map((problem) => ({ ...problem, rule: 'dataCollection' }))
      )
    }

    await storeSubmission({
      teamId,
      userId: auth.user!.id,
      collectionId: collection.id,
      file: payload.fileToUpload,
      additionalComments: payload.additionalComments ?? null,
      deliveryDate: DateTime.fromJSDate(payload.deliveryDate).toISODate()!,
      rows,
    })
    session.flash(
      'success',
      `Thank you: ${rows.length} contract line${rows.length === 1 ? '' : 's'} received for ${collection.name}. We will review the file and let you know when it is completed.`
    )
    return response.redirect('/market-data/templates?status=submitted')
  }

  /**
   * The file of one of the team's submissions, as uploaded.
   */
  async download({ params, response, teamContext }: HttpContext) {
    return sendSubmissionFile(
      response,
      teamContext!.currentTeam!.id,
      'market_data',
      Number(params.id)
    )
  }
}
