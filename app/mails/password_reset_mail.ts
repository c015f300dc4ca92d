import { BaseMail } from '@adonisjs/mail'
import type User from '#models/user'
import { appName } from '#config/app'

export default class PasswordResetMail extends BaseMail {
  subject = `Reset your ${appName} password`

  constructor(
    private user: User,
    private url: string
  ) {
    super()
  }

  prepare() {
    this.message.to(this.user.email, this.user.name)
    this.message.htmlView('emails/password_reset', {
      user: { name: this.user.name },
      url: this.url,
    })
    this.message.textView('emails/password_reset_text', {
      user: { name: this.user.name },
      url: this.url,
    })
  }
}
