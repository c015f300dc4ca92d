import { BaseMail } from '@adonisjs/mail'
import { appName } from '#config/app'

export interface SubmissionStatusDetails {
  to: { email: string; name: string }
  teamName: string
  collectionName: string
  fileName: string
  statusLabel: string
  message: string | null
  /** The submitter's data collection page, on their submission's status. */
  url: string
}

/** Tells a submitter that an administrator moved their data collection submission on. */
export default class SubmissionStatusMail extends BaseMail {
  subject: string

  constructor(private details: SubmissionStatusDetails) {
    super()
    this.subject = `Your ${appName} submission is now ${details.statusLabel.toLowerCase()}`
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
      status: details.statusLabel.toLowerCase(),
    }
    this.message.to(to.email, to.name)
    this.message.htmlView('emails/submission_status', values)
    this.message.textView('emails/submission_status_text', values)
  }
}
