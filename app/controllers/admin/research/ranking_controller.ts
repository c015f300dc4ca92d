import type { HttpContext } from '@adonisjs/core/http'
import {
  publishWeek,
  rankingPage,
  removeOverride,
  saveOverride,
} from '#services/research/admin/ranking'
import {
  overrideValidator,
  publishValidator,
  rankingPageValidator,
  removeOverrideValidator,
} from '#validators/research_ranking_admin'
import { OVERRIDE_KINDS } from '#shared/research_ranking'

const BASE = '/admin/research-discovery/theme-ranking'
const weekUrl = (week: string) => `${BASE}?week=${encodeURIComponent(week)}`

/**
 * Theme ranking (`themeRanking`): a computed week with each theme's score broken down and its
 * movement; the editors' pins, moves and hides (each with a note), then publication.
 */
export default class RankingController {
  async index({ inertia, request }: HttpContext) {
    const [badQuery, query] = await rankingPageValidator.tryValidate(request.qs())
    const page = await rankingPage(badQuery ? null : (query?.week ?? null))
    return inertia.render('admin/research/theme_ranking', {
      ...page,
      kinds: OVERRIDE_KINDS,
      notice: badQuery ? 'The week in the address was not understood: showing the latest.' : null,
    })
  }

  async store({ auth, request, response, session }: HttpContext) {
    const input = await request.validateUsing(overrideValidator)
    const result = await saveOverride(auth.user!.id, {
      week: input.week,
      themeId: input.themeId,
      kind: input.kind,
      position: input.position ?? null,
      note: input.note,
    })
    const what =
      result.kind === 'hide'
        ? `${result.theme} is hidden`
        : `${result.theme} is ${result.kind === 'pin' ? 'pinned' : 'moved'} to position ${result.position}`
    session.flash('success', `${what} in the ranking ${result.label}. Publish to show clients.`)
    return response.redirect(weekUrl(input.week))
  }

  async destroy({ auth, params, request, response, session }: HttpContext) {
    const { note } = await request.validateUsing(removeOverrideValidator)
    const result = await removeOverride(auth.user!.id, Number(params.id), note)
    session.flash(
      'success',
      `${result.theme} is back to its computed place in the ranking ${result.label}. Publish to show clients.`
    )
    return response.redirect(weekUrl(result.week))
  }

  async publish({ auth, request, response, session }: HttpContext) {
    const { week } = await request.validateUsing(publishValidator)
    const result = await publishWeek(auth.user!.id, week)
    session.flash(
      'success',
      `The ranking ${result.label} is published: clients see its ${result.themes} themes.`
    )
    return response.redirect(weekUrl(week))
  }
}
