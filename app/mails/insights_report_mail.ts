import { BaseMail } from '@adonisjs/mail'
import { appName } from '#config/app'

export interface InsightsReportMailDetails {
  to: { email: string; name: string }
  title: string
  category: string
  summary: string | null
  version: number
  /** Whether the reader was told of an earlier version: the mail then says what changed. */
  updated: boolean
  /** The team the report is for, named in the mail (its link opens the report there). */
  teamName: string
  pageCount: number | null
  /** The report in the product (the viewer), for the reader to sign in and open. */
  url: string
  settingsUrl: string
  unsubscribeUrl: string
}

/**
 * A new insights report (or a new version of one) for one of the user's teams. Sent only to
 * users subscribed to insights report notifications; carries the one-click unsubscribe link.
 * The PDF is not attached: it is confidential and opens in the product for entitled teams.
 */
export default class InsightsReportMail extends BaseMail {
  subject: string

  constructor(private details: InsightsReportMailDetails) {
    super()
    this.subject = details.updated
      ? `Updated ${appName} insights report: ${details.title}`
      : `New ${appName} insights report: ${details.title}`
  }

  prepare() {
    const { to, ...content } = this.details
    this.message.to(to.email, to.name)
    this.message.header('List-Unsubscribe', `<${content.unsubscribeUrl}>`)
    this.message.header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
    const pagesText =
      content.pageCount === null
        ? null
        : `${content.pageCount} ${content.pageCount === 1 ? 'page' : 'pages'}`
    const values = {
      ...content,
      name: to.name,
      pagesText,
      categoryLine: pagesText ? `${content.category} · ${pagesText}` : content.category,
    }
    this.message.htmlView('emails/insights_report', values)
    this.message.textView('emails/insights_report_text', values)
  }
}
