import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import {
  analystListValidator,
  analystSearchValidator,
  analystValidator,
} from '#validators/providers_admin'
import {
  analystForEdit,
  analystList,
  saveAnalyst,
  searchAnalysts,
} from '#services/providers/admin/analysts'
import { providerChoices } from '#services/providers/admin/reference'
import { referenceOptions } from '#services/providers/reference'
import { ASSET_CLASSES } from '#services/providers/admin/rules'
import { offeredYears } from '#services/calendar/years'
import { backTarget } from '#services/providers/admin/back'

/**
 * The analyst roster (`providersAdmin`): the list with its search and filters, and create / edit
 * in a dialog (`?edit=` opens one analyst, with its coverage of every year).
 */
export default class AnalystsController {
  async index({ inertia, request }: HttpContext) {
    // A filter in the address that is not understood shows every analyst, and says so.
    const [badQuery, query] = await analystListValidator.tryValidate(request.qs())
    const filter = { ...query }
    const range = await offeredYears('analysts', { backfill: true })
    const [list, providers, reference, editing] = await Promise.all([
      loadListPage(
        request.qs().page,
        (page) => analystList({ ...filter, page }, range.defaultYear),
        (result) => result.meta
      ),
      providerChoices(),
      referenceOptions(),
      query?.edit ? analystForEdit(query.edit) : Promise.resolve(null),
    ])
    return inertia.render('admin/providers/analysts', {
      ...list,
      providers,
      sectors: reference.sectors,
      regions: reference.regions,
      years: range.years,
      latestYear: range.defaultYear,
      assetClasses: ASSET_CLASSES,
      filter: {
        q: filter.q ?? '',
        provider: filter.provider ?? null,
        status: filter.status ?? null,
      },
      editing,
      notice: badQuery
        ? 'The filter in the address was not understood: showing every analyst.'
        : query?.edit && !editing
          ? 'That analyst no longer exists.'
          : null,
    })
  }

  /** The moves form's analyst picker. */
  async search({ request }: HttpContext) {
    const { q } = await request.validateUsing(analystSearchValidator, { data: request.qs() })
    return { analysts: await searchAnalysts(q ?? '') }
  }

  async store({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(analystValidator)
    await saveAnalyst(auth.user!.id, null, payload)
    session.flash('success', `Analyst ${payload.full_name} created.`)
    return response.redirect(backTarget(request.header('referer'), 'edit'))
  }

  async update({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(analystValidator)
    await saveAnalyst(auth.user!.id, Number(params.id), payload)
    session.flash('success', `Analyst ${payload.full_name} saved.`)
    return response.redirect(backTarget(request.header('referer'), 'edit'))
  }
}
