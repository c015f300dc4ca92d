import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import {
  researchProviderAuditValidator,
  researchProviderListValidator,
  researchProviderMergeValidator,
  researchProviderValidator,
} from '#validators/rsa_providers'
import { providerLogoValidator } from '#validators/admin_market_data'
import {
  AUDIT_ENTITY,
  mergeResearchProviders,
  researchProviderChoices,
  researchProviderList,
  researchProviderOrFail,
  saveResearchProvider,
} from '#services/rsa/admin/providers'
import { saveProviderLogo } from '#services/market_data/admin_catalogue'
import { sendProviderLogo } from '#services/market_data/provider_logos'
import { auditTrail } from '#services/audit/audit_log'

/**
 * Research providers: the list with what uses each, create and edit with aliases, merge a
 * duplicate, logos (the catalogue's own mechanism) and their audit trail.
 */
export default class ResearchProvidersController {
  async index({ inertia, request }: HttpContext) {
    // A filter in the address that is not understood shows every provider, and says so.
    const [badQuery, query] = await researchProviderListValidator.tryValidate(request.qs())
    const filter = { ...query }
    const [list, choices] = await Promise.all([
      loadListPage(
        request.qs().page,
        (page) => researchProviderList({ ...filter, page }),
        (result) => result.meta
      ),
      researchProviderChoices(),
    ])
    return inertia.render('admin/rsa/providers', {
      ...list,
      choices,
      filter: {
        q: filter.q ?? '',
        type: filter.type ?? null,
        independence: filter.independence ?? null,
      },
      notice: badQuery
        ? 'The filter in the address was not understood: showing every provider.'
        : null,
    })
  }

  async store({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(researchProviderValidator)
    await saveResearchProvider(auth.user!.id, null, payload)
    session.flash('success', `Research provider ${payload.name} created.`)
    return response.redirect().back()
  }

  async update({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(researchProviderValidator)
    await saveResearchProvider(auth.user!.id, Number(params.id), payload)
    session.flash('success', `Research provider ${payload.name} saved.`)
    return response.redirect().back()
  }

  async merge({ auth, request, response, session }: HttpContext) {
    const { survivor_id: survivorId, merged_id: mergedId } = await request.validateUsing(
      researchProviderMergeValidator
    )
    const summary = await mergeResearchProviders(auth.user!.id, survivorId, mergedId)
    session.flash('success', summary)
    return response.redirect().back()
  }

  /** The logo of a research provider, stored and audited as the catalogue stores any logo. */
  async uploadLogo({ auth, params, request, response, session }: HttpContext) {
    const provider = await researchProviderOrFail(Number(params.id))
    const { logo } = await request.validateUsing(providerLogoValidator)
    await saveProviderLogo(auth.user!.id, provider.id, logo)
    session.flash('success', `Logo of ${provider.name} saved.`)
    return response.redirect().back()
  }

  async logo({ params, request, response }: HttpContext) {
    const version = request.qs().v
    return sendProviderLogo(
      response,
      params.providerKey,
      typeof version === 'string' ? version : undefined
    )
  }

  /** The audit trail's page (the market data one), showing research provider changes only. */
  async audit({ inertia, request }: HttpContext) {
    const [badQuery, query] = await researchProviderAuditValidator.tryValidate(request.qs())
    const { user } = query ?? {}
    const trail = await loadListPage(
      request.qs().page,
      (page) => auditTrail({ entityType: AUDIT_ENTITY, userId: user, page }),
      (result) => result.meta
    )
    const notice = badQuery
      ? 'The filter in the address was not understood: showing every change.'
      : null
    return inertia.render('admin/market_data/audit', {
      ...trail,
      // One kind of record here: no entity filter.
      entityTypes: [],
      filter: { entity: null, user: user ?? null },
      notice,
      scope: {
        title: 'Research providers audit trail',
        subject: 'research providers',
        path: '/admin/research-spend-analytics/providers/audit',
      },
    })
  }
}
