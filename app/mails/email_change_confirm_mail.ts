import { BaseMail } from '@adonisjs/mail'
import { appName } from '#config/app'

/** To the new address: the link that makes the change take effect. */
export default class EmailChangeConfirmMail extends BaseMail {
  subject = `Confirm your new email address for ${appName}`

  constructor(
    private details: { name: string; newEmail: string; url: string; expiresInHours: number }
  ) {
    super()
  }

  prepare() {
    this.message.to(this.details.newEmail, this.details.name)
    this.message.htmlView('emails/email_change_confirm', this.details)
    this.message.textView('emails/email_change_confirm_text', this.details)
  }
}
