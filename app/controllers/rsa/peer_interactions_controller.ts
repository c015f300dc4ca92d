import type { HttpContext } from '@adonisjs/core/http'
import { peerInteractionsPage } from '#services/rsa/peer_interactions'
import { cachedPeerFigures } from '#services/rsa/figures_cache'
import { rsaView } from '#services/rsa/view'

export default class PeerInteractionsController {
  /** The peer interactions page for the year and display currency asked for. */
  async index(ctx: HttpContext) {
    const view = await rsaView(ctx)
    return ctx.inertia.render('rsa/peer_interactions', {
      years: view.years.years,
      peerData: view.peerData,
      currencies: view.currencies,
      page: await cachedPeerFigures('peer-interactions', view, {}, () =>
        peerInteractionsPage(view)
      ),
    })
  }
}
