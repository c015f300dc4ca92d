import { BaseMail } from '@adonisjs/mail'
import type User from '#models/user'
import { appName } from '#config/app'

export default class VerifyEmailMail extends BaseMail {
  subject = `Confirm your email address for ${appName}`

  constructor(
    private user: User,
    private url: string
  ) {
    super()
  }

  prepare() {
    this.message.to(this.user.email, this.user.name)
    this.message.htmlView('emails/verify_email', { user: { name: this.user.name }, url: this.url })
    this.message.textView('emails/verify_email_text', {
      user: { name: this.user.name },
      url: this.url,
    })
  }
}
