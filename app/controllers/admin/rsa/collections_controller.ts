import type { HttpContext } from '@adonisjs/core/http'
import { todayIso } from '#services/calendar/clock'
import {
  closeRound,
  collectionRounds,
  eligibleTeams,
  openRound,
  rescheduleRound,
  roundYears,
} from '#services/data_collection/rounds'
import {
  closeRoundValidator,
  openRoundValidator,
  rescheduleRoundValidator,
} from '#validators/rsa_admin'

/**
 * Data collection rounds (rsaDataCollections): every round opened so far with its progress, a
 * form to ask the eligible teams (or one) for a year's research spend or market data contracts,
 * closing a round, and a new due date (which opens a closed round again).
 */
export default class RsaCollectionsController {
  async index({ inertia }: HttpContext) {
    const [rounds, teams, years] = await Promise.all([
      collectionRounds(),
      eligibleTeams(),
      roundYears(),
    ])
    return inertia.render('admin/rsa/collections', {
      today: todayIso(),
      rounds,
      teams,
      years: years.years,
      nextYear: years.last,
    })
  }

  async open({ auth, request, response, session }: HttpContext) {
    const input = await request.validateUsing(openRoundValidator)
    const result = await openRound({ ...input, userId: auth.user!.id })
    const skipped =
      result.alreadyAsked > 0
        ? ` ${result.alreadyAsked} team${result.alreadyAsked === 1 ? '' : 's'} already had one.`
        : ''
    const told =
      result.mail === 'queued'
        ? ` ${result.told} member${result.told === 1 ? ' is' : 's are'} told by mail.`
        : result.mail === 'failed'
          ? ' The mails to their members could not be queued: run them again from Background jobs.'
          : ''
    session.flash(
      'success',
      `“${result.name}” is open for ${result.opened} team${result.opened === 1 ? '' : 's'}.${skipped}${told}`
    )
    return response.redirect().back()
  }

  async close({ auth, request, response, session }: HttpContext) {
    const input = await request.validateUsing(closeRoundValidator)
    const closed = await closeRound({ ...input, year: input.year ?? null, userId: auth.user!.id })
    session.flash(
      closed > 0 ? 'success' : 'error',
      closed > 0
        ? `“${input.name}” is closed for ${closed} team${closed === 1 ? '' : 's'}: no more uploads.`
        : `“${input.name}” has no open collection to close.`
    )
    return response.redirect().back()
  }

  async reschedule({ auth, request, response, session }: HttpContext) {
    const input = await request.validateUsing(rescheduleRoundValidator)
    const changed = await rescheduleRound({
      ...input,
      year: input.year ?? null,
      userId: auth.user!.id,
    })
    const teams = `${changed} team${changed === 1 ? '' : 's'}`
    session.flash(
      changed > 0 ? 'success' : 'error',
      changed === 0
        ? `“${input.name}” has no ${input.status} collection to change.`
        : input.status === 'closed'
          ? `“${input.name}” is open again for ${teams}: they can upload until the new due date. Their members are not mailed again.`
          : `“${input.name}” has its new due date for ${teams}.`
    )
    return response.redirect().back()
  }
}
