import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { appUrl } from '#config/app'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { sendOnce } from '#services/mail/send_once'
import { linkForTeam } from '#services/teams/team_switch'
import SubmissionStatusMail from '#mails/submission_status_mail'
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '#shared/data_collection'

export interface SubmissionStatusMailPayload {
  statusChangeId: number
}

/** The submitter's data collection page, by the collection's kind. */
const PAGES = { rsa: 'rsaDataCollection', market_data: 'marketDataTemplates' } as const

/**
 * Mails a submitter that their data collection submission changed status, with the
 * administrator's message. One mail per change however often the job runs: the change is
 * claimed (`notified_at`) before the mail is sent, and released if sending fails so that a
 * retry sends it. The mail is a service message about the user's own upload, not one of the
 * subscriptions a user may turn off (digest, insights reports); a disabled account gets none.
 */
export default class SendSubmissionStatusMailJob extends RecordedJob<SubmissionStatusMailPayload> {
  static options = { ...DEFAULT_JOB_OPTIONS, name: 'SendSubmissionStatusMail', queue: 'mail' }

  async handle() {
    const id = this.payload.statusChangeId
    await sendOnce('data_collection_status_changes', id, async () => {
      const change = await db
        .from('data_collection_status_changes as h')
        .join('data_collection_submissions as s', 's.id', 'h.submission_id')
        .join('data_collections as c', 'c.id', 's.data_collection_id')
        .join('teams as t', 't.id', 's.team_id')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .where('h.id', id)
        .select(
          'h.to_status',
          'h.message',
          's.original_file_name',
          'c.name as collection_name',
          'c.kind',
          't.id as team_id',
          't.name as team_name',
          'u.name as user_name',
          'u.email as user_email',
          'u.disabled_at'
        )
        .first()
      if (!change || !change.user_email || change.disabled_at) return

      const status = change.to_status as SubmissionStatus
      const page = PAGES[change.kind as keyof typeof PAGES] ?? PAGES.market_data
      await mail.send(
        new SubmissionStatusMail({
          to: { email: change.user_email, name: change.user_name },
          teamName: change.team_name,
          collectionName: change.collection_name,
          fileName: change.original_file_name,
          statusLabel: SUBMISSION_STATUS_LABELS[status] ?? status,
          message: change.message ?? null,
          // The link names the submission's team: it opens there whatever team the reader
          // works in.
          url: linkForTeam(
            urlFor(page, {}, { qs: { status }, prefixUrl: appUrl }),
            Number(change.team_id)
          ),
        })
      )
    })
  }
}
