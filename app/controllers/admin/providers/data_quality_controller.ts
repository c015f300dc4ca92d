import type { HttpContext } from '@adonisjs/core/http'
import { dataQualityValidator } from '#validators/providers_admin'
import { dataQualityCounts, dataQualityList } from '#services/providers/admin/data_quality'
import { VERIFICATION_MAX_AGE_MONTHS } from '#shared/providers'
import { offeredYears } from '#services/calendar/years'
import { loadListPage } from '#services/http/list_page'

/**
 * The data-quality queue (`providersAdmin.dataQuality`): how many analysts each reason holds,
 * and one reason's analysts with a link to edit each.
 */
export default class DataQualityController {
  async index({ inertia, request }: HttpContext) {
    const [badQuery, query] = await dataQualityValidator.tryValidate(request.qs())
    const reason = query?.reason ?? 'unverified'
    // The latest year with coverage, up to this year.
    const { defaultYear: latestYear } = await offeredYears('analysts')
    const [counts, list] = await Promise.all([
      dataQualityCounts(latestYear),
      loadListPage(
        request.qs().page,
        (page) => dataQualityList(reason, page, latestYear),
        (result) => result.meta
      ),
    ])
    return inertia.render('admin/providers/data_quality', {
      ...list,
      counts,
      reason,
      latestYear,
      maxAgeMonths: VERIFICATION_MAX_AGE_MONTHS,
      notice: badQuery
        ? 'The filter in the address was not understood: showing the first list.'
        : null,
    })
  }
}
