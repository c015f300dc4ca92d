import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { appUrl } from '#config/app'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { sendOnce } from '#services/mail/send_once'
import { linkForTeam } from '#services/teams/team_switch'
import ResearchRequestMail from '#mails/research_request_mail'
import { REQUEST_STATUSES, type RequestStatus } from '#shared/research'

export interface ResearchRequestMailPayload {
  statusChangeId: number
}

/**
 * Mails a requester that the research team moved their research request on (in progress,
 * answered, declined), naming the team the request was sent for, with a link that opens the
 * request on their requests page. One mail per change however often the job runs: the change
 * is claimed (`notified_at`) before the mail is sent, and released if sending fails so that a
 * retry sends it. A service message about the user's own request; a disabled account gets none.
 */
export default class SendResearchRequestMailJob extends RecordedJob<ResearchRequestMailPayload> {
  static options = { ...DEFAULT_JOB_OPTIONS, name: 'SendResearchRequestMail', queue: 'mail' }

  async handle() {
    const id = this.payload.statusChangeId
    await sendOnce('research_request_status_changes', id, async () => {
      const change = await db
        .from('research_request_status_changes as h')
        .join('research_requests as r', 'r.id', 'h.request_id')
        .join('teams as t', 't.id', 'r.team_id')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .where('h.id', id)
        .select(
          'h.to_status',
          'h.message',
          'r.id as request_id',
          'r.reference',
          'r.topic',
          't.id as team_id',
          't.name as team_name',
          'u.name as user_name',
          'u.email as user_email',
          'u.disabled_at'
        )
        .first()
      if (!change || !change.user_email || change.disabled_at) return

      const status = change.to_status as RequestStatus
      await mail.send(
        new ResearchRequestMail({
          to: { email: change.user_email, name: change.user_name },
          teamName: change.team_name,
          reference: change.reference,
          topic: change.topic,
          status,
          statusLabel: REQUEST_STATUSES[status] ?? status,
          message: change.message ?? null,
          // The link names the request's team: it opens there whatever team the reader works in.
          url: linkForTeam(
            urlFor(
              'researchRequests',
              {},
              { qs: { request: String(change.request_id) }, prefixUrl: appUrl }
            ),
            Number(change.team_id)
          ),
        })
      )
    })
  }
}
