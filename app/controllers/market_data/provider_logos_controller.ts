import type { HttpContext } from '@adonisjs/core/http'
import { sendProviderLogo } from '#services/market_data/provider_logos'

/**
 * Provider logos for every signed-in user (the provider lists of the client pages).
 */
export default class ProviderLogosController {
  async show({ params, request, response }: HttpContext) {
    const version = request.qs().v
    return sendProviderLogo(
      response,
      params.providerKey,
      typeof version === 'string' ? version : undefined
    )
  }
}
