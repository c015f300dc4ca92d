import type { HttpContext } from '@adonisjs/core/http'
import { rateCardPage } from '#services/rsa/rate_card'
import { cachedPeerFigures } from '#services/rsa/figures_cache'
import { rsaView } from '#services/rsa/view'

export default class RateCardController {
  /** The research rate card (RSABenchmarkRateCard) for the year, in the display currency. */
  async show(ctx: HttpContext) {
    const view = await rsaView(ctx)
    return ctx.inertia.render('rsa/rate_card', {
      years: view.years.years,
      peerData: view.peerData,
      currencies: view.currencies,
      page: await cachedPeerFigures('rate-card', view, {}, () => rateCardPage(view)),
    })
  }
}
