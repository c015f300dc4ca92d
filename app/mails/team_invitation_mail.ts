import { BaseMail } from '@adonisjs/mail'
import { appName } from '#config/app'

export interface TeamInvitationDetails {
  email: string
  teamName: string
  inviterName: string | null
  url: string
  expiresInDays: number
}

export default class TeamInvitationMail extends BaseMail {
  subject: string

  constructor(private details: TeamInvitationDetails) {
    super()
    this.subject = `You are invited to join ${details.teamName} on ${appName}`
  }

  prepare() {
    const { inviterName, teamName } = this.details
    const intro = inviterName
      ? `${inviterName} has invited you to join ${teamName} on ${appName}.`
      : `You are invited to join ${teamName} on ${appName}.`
    this.message.to(this.details.email)
    this.message.htmlView('emails/team_invitation', { ...this.details, intro })
    this.message.textView('emails/team_invitation_text', { ...this.details, intro })
  }
}
