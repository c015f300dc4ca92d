import { BaseMail } from '@adonisjs/mail'
import { appName } from '#config/app'

export interface WeeklyDigestContent {
  weekLabel: string
  trending: {
    rank: number
    name: string
    /** ▲3, ▼2, NEW, = */
    movement: string
    documentCount: number
    providerCount: number
    /** An editor pinned the theme to its place for the week. */
    editorsPick: boolean
    url: string
  }[]
  documents: {
    title: string
    provider: string
    date: string
    publishedAt: string
    url: string
    /** The team the link opens in, named when the reader has several teams. */
    team: string | null
  }[]
  trendingUrl: string
  settingsUrl: string
  unsubscribeUrl: string
}

/** The weekly research digest (app/services/research/digest.ts decides who gets what). */
export default class WeeklyDigestMail extends BaseMail {
  subject: string

  constructor(private details: WeeklyDigestContent & { to: { email: string; name: string } }) {
    super()
    this.subject = `Your ${appName} research digest: ${details.weekLabel}`
  }

  prepare() {
    const { to, ...content } = this.details
    this.message.to(to.email, to.name)
    this.message.header('List-Unsubscribe', `<${content.unsubscribeUrl}>`)
    this.message.header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
    const values = { ...content, name: to.name }
    this.message.htmlView('emails/weekly_digest', values)
    this.message.textView('emails/weekly_digest_text', values)
  }
}
