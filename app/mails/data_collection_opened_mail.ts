import { BaseMail } from '@adonisjs/mail'
import { appName } from '#config/app'

export interface DataCollectionOpenedDetails {
  to: { email: string; name: string }
  teamName: string
  collectionName: string
  /** What is asked for, in a sentence: "research spend for 2027". */
  what: string
  /** The due date as the reader reads dates: "15 Jan 2027". */
  due: string
  /** The team's data collection page, in the collection's team. */
  url: string
}

/** Tells a team member that the team was asked for a year's data, and by when. */
export default class DataCollectionOpenedMail extends BaseMail {
  subject: string

  constructor(private details: DataCollectionOpenedDetails) {
    super()
    this.subject = `${appName}: ${details.teamName} is asked for its ${details.what} (due ${details.due})`
  }

  prepare() {
    const { to, ...details } = this.details
    const values = {
      ...details,
      name: to.name,
      reason: `You receive this message because you are a member of ${details.teamName} on ${appName}.`,
    }
    this.message.to(to.email, to.name)
    this.message.htmlView('emails/data_collection_opened', values)
    this.message.textView('emails/data_collection_opened_text', values)
  }
}
