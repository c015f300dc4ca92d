import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Sends the weekly research digest (what the Monday job does): to every subscribed, verified
 * user with Research Insights, or to one. Each user gets one digest a week; an empty one is
 * not sent.
 *
 *   npm run ace -- digest:send --dry-run                 who would get what, nothing sent
 *   npm run ace -- digest:send --user=analyst@example.com
 *   npm run ace -- digest:send --as-of=2025-01-06        the week before that day
 *
 * Exit codes: 0 done, 1 refused (a day that is not one, an unknown user).
 */
export default class DigestSend extends BaseCommand {
  static commandName = 'digest:send'
  static description = 'Send the weekly research digest'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Build every digest and report it; send and record nothing' })
  declare dryRun: boolean

  @flags.string({ description: 'Only this user (email)' })
  declare user?: string

  @flags.string({
    description: 'The digest of the week before this day (YYYY-MM-DD); today by default',
  })
  declare asOf?: string

  async run() {
    const { DateTime } = await import('luxon')
    const asOf = this.asOf ? DateTime.fromISO(this.asOf, { zone: 'utc' }) : DateTime.utc()
    if (!asOf.isValid || (this.asOf && !/^\d{4}-\d{2}-\d{2}$/.test(this.asOf))) {
      this.logger.error(`"${this.asOf}" is not a day: use YYYY-MM-DD. Nothing was sent.`)
      this.exitCode = 1
      return
    }
    // The mails link back to the app: the routes must be registered.
    const router = await this.app.container.make('router')
    router.commit()
    const { sendWeeklyDigests, digestWeek } = await import('#services/research/digest')
    const outcomes = await sendWeeklyDigests({ asOf, dryRun: this.dryRun, email: this.user })
    if (this.user && !outcomes.length) {
      this.logger.error(
        `${this.user} does not receive the digest (unknown, unverified, disabled, not subscribed or without Research Insights). Nothing was sent.`
      )
      this.exitCode = 1
      return
    }
    const labels = {
      sent: 'sent',
      would_send: 'would be sent',
      skipped_empty: 'nothing new: not sent',
      already_sent: 'already sent this week',
    }
    for (const entry of outcomes) {
      this.logger.info(
        `${entry.email}: ${labels[entry.outcome]} (${entry.themes} themes, ${entry.documents} documents)`
      )
    }
    const sent = outcomes.filter((entry) => entry.outcome === 'sent').length
    this.logger.success(
      `Week ${digestWeek(asOf).key}: ${outcomes.length} recipients, ${this.dryRun ? 'dry run, nothing sent' : `${sent} sent`}`
    )
  }
}
