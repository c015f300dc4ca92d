import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import {
  answerRequest,
  assignRequest,
  assignees,
  changeRequestStatus,
  documentChoices,
  requestDetail,
  requestQueue,
  requestingTeams,
} from '#services/research/admin/requests'
import {
  answerRequestValidator,
  assignRequestValidator,
  requestDetailValidator,
  requestQueueValidator,
  requestStatusValidator,
} from '#validators/research_requests_admin'
import type { RequestStatus } from '#shared/research'
import type { RequestQueueFilters, RequestStatusFilter } from '#shared/research_requests'

const BASE = '/admin/research-discovery/requests'

/** What the requester is told about the mail, after a change. */
const MAIL_NOTES = {
  queued: 'The requester is mailed.',
  nobody: 'The requester has left: nobody is mailed.',
  failed: 'The mail to the requester could not be queued: it is in the log.',
} as const

/**
 * Research requests (`researchRequestsAdmin`): the queue of every team's requests with its
 * filters; a request's page with assignment, status changes and the answer.
 */
export default class ResearchRequestsAdminController {
  async index({ inertia, request, auth }: HttpContext) {
    const [badQuery, query] = await requestQueueValidator.tryValidate(request.qs())
    const asked = badQuery ? {} : (query ?? {})
    const filters: Omit<RequestQueueFilters, 'page'> = {
      status: (asked.status as RequestStatusFilter | undefined) ?? 'open',
      team: asked.team ?? null,
      assignee:
        asked.assignee === 'me' || asked.assignee === 'none'
          ? asked.assignee
          : asked.assignee
            ? Number(asked.assignee)
            : null,
      overdue: Boolean(asked.overdue),
    }
    const viewerId = auth.user!.id
    const [list, teams, people] = await Promise.all([
      loadListPage(
        request.qs().page,
        (page) => requestQueue({ ...filters, page }, viewerId),
        (result) => result.pagination
      ),
      requestingTeams(),
      assignees(),
    ])
    return inertia.render('admin/research/requests', {
      ...list,
      filters: { ...filters, page: list.pagination.currentPage },
      teams,
      assignees: people,
      notice: badQuery
        ? 'The filter in the address was not understood: showing the open requests.'
        : null,
    })
  }

  async show({ inertia, params, request }: HttpContext) {
    const [badQuery, query] = await requestDetailValidator.tryValidate(request.qs())
    const q = badQuery ? null : query?.q || null
    const detail = await requestDetail(Number(params.id))
    const [choices, people] = await Promise.all([
      detail.status === 'in_progress' ? documentChoices(detail.team.id, q) : Promise.resolve([]),
      assignees(),
    ])
    return inertia.render('admin/research/request', {
      request: detail,
      assignees: people,
      search: { q: q ?? '', results: choices },
    })
  }

  async assign({ auth, params, request, response, session }: HttpContext) {
    const { assigneeId } = await request.validateUsing(assignRequestValidator)
    const result = await assignRequest(auth.user!.id, Number(params.id), assigneeId)
    session.flash(
      'success',
      !result.changed
        ? `${result.reference} was already assigned so.`
        : result.assignee
          ? `${result.reference} is assigned to ${result.assignee.name}.`
          : `${result.reference} is assigned to nobody.`
    )
    return response.redirect(`${BASE}/${params.id}`)
  }

  async status({ auth, params, request, response, session }: HttpContext) {
    const input = await request.validateUsing(requestStatusValidator)
    const result = await changeRequestStatus({
      actorId: auth.user!.id,
      requestId: Number(params.id),
      to: input.status as RequestStatus,
      message: input.message ?? null,
    })
    const what = result.to === 'declined' ? 'declined' : 'in progress'
    session.flash('success', `${result.reference} is ${what}. ${MAIL_NOTES[result.mail]}`)
    return response.redirect(`${BASE}/${params.id}`)
  }

  async answer({ auth, params, request, response, session }: HttpContext) {
    const input = await request.validateUsing(answerRequestValidator)
    const result = await answerRequest({
      actorId: auth.user!.id,
      requestId: Number(params.id),
      answer: input.answer,
      documentIds: input.documentIds ?? [],
    })
    session.flash('success', `${result.reference} is answered. ${MAIL_NOTES[result.mail]}`)
    return response.redirect(`${BASE}/${params.id}`)
  }
}
