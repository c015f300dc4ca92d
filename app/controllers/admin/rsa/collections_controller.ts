import type { HttpContext } from '@adonisjs/core/http'
import { todayIso } from '#services/calendar/clock'
import {
  closeRound,
  collectionRounds,
  eligibleTeams,
  openRound,
  roundYears,
} from '#services/data_collection/rounds'
import { closeRoundValidator, openRoundValidator } from '#validators/rsa_admin'

/**
 * Data collection rounds (rsaDataCollections): every round opened so far with its progress, a
 * form to ask the eligible teams (or one) for a year's research spend or market data contracts,
 * and closing a round.
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
}
