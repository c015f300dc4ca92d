import type { HttpContext } from '@adonisjs/core/http'
import { moveListValidator, moveValidator } from '#validators/providers_admin'
import { deleteMove, moveList, moveYears, saveMove } from '#services/providers/admin/moves'
import { providerChoices } from '#services/providers/admin/reference'
import { referenceOptions } from '#services/providers/reference'
import { backTarget } from '#services/providers/admin/back'
import { analystMatch } from '#services/providers/admin/analysts'
import { loadListPage } from '#services/http/list_page'

/**
 * Analyst moves (`providersAdmin.moves`): the list with its filters, and create / edit / delete.
 * Each write leaves the analyst where its last move took it and recomputes the statistics.
 */
export default class MovesController {
  async index({ inertia, request }: HttpContext) {
    const [badQuery, query] = await moveListValidator.tryValidate(request.qs())
    const filter = { ...query }
    const [list, providers, reference, years, analyst] = await Promise.all([
      loadListPage(
        request.qs().page,
        (page) => moveList({ ...filter, page }),
        (result) => result.meta
      ),
      providerChoices(),
      referenceOptions(),
      moveYears(),
      filter.analyst ? analystMatch(filter.analyst) : Promise.resolve(null),
    ])
    return inertia.render('admin/providers/moves', {
      ...list,
      providers,
      sectors: reference.sectors,
      regions: reference.regions,
      years,
      analyst,
      filter: {
        q: filter.q ?? '',
        provider: filter.provider ?? null,
        analyst: filter.analyst ?? null,
        year: filter.year ?? null,
        type: filter.type ?? null,
      },
      notice: badQuery ? 'The filter in the address was not understood: showing every move.' : null,
    })
  }

  async store({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(moveValidator)
    await saveMove(auth.user!.id, null, payload)
    session.flash('success', 'Move recorded. The statistics were recomputed.')
    return response.redirect(backTarget(request.header('referer'), 'edit'))
  }

  async update({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(moveValidator)
    await saveMove(auth.user!.id, Number(params.id), payload)
    session.flash('success', 'Move saved. The statistics were recomputed.')
    return response.redirect(backTarget(request.header('referer'), 'edit'))
  }

  async destroy({ auth, params, request, response, session }: HttpContext) {
    const label = await deleteMove(auth.user!.id, Number(params.id))
    session.flash('success', `Deleted the ${label}. The statistics were recomputed.`)
    return response.redirect(backTarget(request.header('referer'), 'edit'))
  }
}
