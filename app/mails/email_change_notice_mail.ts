import { BaseMail } from '@adonisjs/mail'
import { appName, appUrl } from '#config/app'

/**
 * To the previous address, when a change is requested and when it takes effect, with what to
 * do if the owner did not ask for it.
 */
export default class EmailChangeNoticeMail extends BaseMail {
  subject: string

  constructor(
    private details: {
      name: string
      oldEmail: string
      newEmail: string
      stage: 'requested' | 'changed'
    }
  ) {
    super()
    this.subject =
      details.stage === 'requested'
        ? `A change of your ${appName} email address was requested`
        : `Your ${appName} email address was changed`
  }

  prepare() {
    const data = {
      ...this.details,
      requested: this.details.stage === 'requested',
      resetUrl: new URL('/forgot-password', appUrl).toString(),
      signInUrl: new URL('/login', appUrl).toString(),
    }
    this.message.to(this.details.oldEmail, this.details.name)
    this.message.htmlView('emails/email_change_notice', data)
    this.message.textView('emails/email_change_notice_text', data)
  }
}
