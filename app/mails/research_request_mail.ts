import { BaseMail } from '@adonisjs/mail'
import { appName } from '#config/app'
import type { RequestStatus } from '#shared/research'

export interface ResearchRequestMailDetails {
  to: { email: string; name: string }
  teamName: string
  reference: string
  topic: string
  status: RequestStatus
  statusLabel: string
  /** The answer, the reason for declining, or the team's note. */
  message: string | null
  /** The requester's requests page, opened on this request, in the request's team. */
  url: string
}

const SUBJECTS: Partial<Record<RequestStatus, string>> = {
  in_progress: 'is in progress',
  answered: 'has been answered',
  declined: 'has been declined',
}

/** Tells a requester that the research team moved their research request on. */
export default class ResearchRequestMail extends BaseMail {
  subject: string

  constructor(private details: ResearchRequestMailDetails) {
    super()
    const what = SUBJECTS[details.status] ?? `is now ${details.statusLabel.toLowerCase()}`
    this.subject = `Your ${appName} research request ${details.reference} ${what}`
  }

  prepare() {
    const { to, ...details } = this.details
    const messageLines = (details.message ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
    const values = {
      ...details,
      messageLines,
      name: to.name,
      heading:
        details.status === 'answered'
          ? 'Our answer:'
          : details.status === 'declined'
            ? 'Why we declined it:'
            : 'Our note:',
      state: SUBJECTS[details.status] ?? `is now ${details.statusLabel.toLowerCase()}`,
    }
    this.message.to(to.email, to.name)
    this.message.htmlView('emails/research_request', values)
    this.message.textView('emails/research_request_text', values)
  }
}
