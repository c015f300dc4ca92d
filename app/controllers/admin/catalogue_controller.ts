import type { HttpContext } from '@adonisjs/core/http'
import {
  licenseTypeValidator,
  providerLogoValidator,
  providerValidator,
} from '#validators/admin_market_data'
import {
  catalogueOverview,
  deleteLicenseType,
  saveLicenseType,
  saveProvider,
  saveProviderLogo,
} from '#services/market_data/admin_catalogue'
import { sendProviderLogo } from '#services/market_data/provider_logos'

/**
 * Providers (type, active flag, rate card, logo) and license types.
 */
export default class CatalogueController {
  async index({ inertia }: HttpContext) {
    return inertia.render('admin/market_data/catalogue', await catalogueOverview())
  }

  async storeProvider({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(providerValidator)
    await saveProvider(auth.user!.id, null, {
      ...payload,
      description: payload.description ?? null,
    })
    session.flash('success', `Provider ${payload.name} created.`)
    return response.redirect().back()
  }

  async updateProvider({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(providerValidator)
    await saveProvider(auth.user!.id, Number(params.id), {
      ...payload,
      description: payload.description ?? null,
    })
    session.flash('success', `Provider ${payload.name} saved.`)
    return response.redirect().back()
  }

  async uploadLogo({ auth, params, request, response, session }: HttpContext) {
    const { logo } = await request.validateUsing(providerLogoValidator)
    await saveProviderLogo(auth.user!.id, Number(params.id), logo)
    session.flash('success', 'Logo saved.')
    return response.redirect().back()
  }

  async logo({ params, response }: HttpContext) {
    return sendProviderLogo(response, params.providerKey)
  }

  async storeLicenseType({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(licenseTypeValidator)
    await saveLicenseType(auth.user!.id, null, payload)
    session.flash('success', `License type ${payload.name} created.`)
    return response.redirect().back()
  }

  async updateLicenseType({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(licenseTypeValidator)
    await saveLicenseType(auth.user!.id, Number(params.id), payload)
    session.flash('success', `License type ${payload.name} saved.`)
    return response.redirect().back()
  }

  async destroyLicenseType({ auth, params, response, session }: HttpContext) {
    await deleteLicenseType(auth.user!.id, Number(params.id))
    session.flash('success', 'License type deleted.')
    return response.redirect().back()
  }
}
