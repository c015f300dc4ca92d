import type { HttpContext } from '@adonisjs/core/http'
import { PEER_CRITERIA_OPTIONS, peerGroupPage } from '#services/rsa/peer_group'
import { cachedPeerFigures } from '#services/rsa/figures_cache'
import { rsaView } from '#services/rsa/view'
import { peerGroupValidator } from '#validators/rsa'

export default class PeerGroupController {
  /** The peer group page (RSAPeerGroup): the default group, or the user's criteria. */
  async show(ctx: HttpContext) {
    const query = ctx.request.qs()
    // A criterion chosen once arrives as text, several times as a list.
    for (const key of ['tiers', 'firmTypes', 'paymentMethods', 'domiciles']) {
      if (typeof query[key] === 'string') query[key] = [query[key]]
    }
    const input = await ctx.request.validateUsing(peerGroupValidator, { data: query })
    const view = await rsaView(ctx)
    const criteria = {
      tiers: [...(input.tiers ?? [])].sort(),
      firmTypes: [...(input.firmTypes ?? [])].sort(),
      paymentMethods: [...(input.paymentMethods ?? [])].sort(),
      domiciles: [...(input.domiciles ?? [])].sort(),
    }
    const page = await cachedPeerFigures(
      'peer-group',
      view,
      { variant: JSON.stringify(criteria) },
      () => peerGroupPage(view, criteria)
    )
    return ctx.inertia.render('rsa/peer_group', {
      years: view.years.years,
      peerData: view.peerData,
      currencies: view.currencies,
      options: PEER_CRITERIA_OPTIONS,
      page,
    })
  }
}
