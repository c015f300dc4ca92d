import type { HttpContext } from '@adonisjs/core/http'
import { ASSET_CLASSES, RESEARCH_REGIONS } from '#shared/research'
import { createResearchRequest, myResearchRequests } from '#services/research/requests'
import { themeOptions } from '#services/research/themes'
import { researchViewer } from '#services/research/viewer'
import { researchRequestValidator } from '#validators/research'

const options = (values: Record<string, string>) =>
  Object.entries(values).map(([value, label]) => ({ value, label }))

/** Request research: the form and the user's requests in the current team. */
export default class ResearchRequestsController {
  async index(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    const prefill = [ctx.request.qs().themeIds]
      .flat()
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0)
      .slice(0, 10)
    const [requests, themes] = await Promise.all([myResearchRequests(viewer), themeOptions(viewer)])
    return ctx.inertia.render('research/requests', {
      requests,
      options: {
        assetClasses: options(ASSET_CLASSES),
        regions: options(RESEARCH_REGIONS),
        themes,
      },
      prefill: { themeIds: prefill.filter((id) => themes.some((theme) => theme.id === id)) },
      // A mail's link opens one of the user's requests (only theirs: others are not listed).
      opened:
        requests.find((request) => String(request.id) === String(ctx.request.qs().request))?.id ??
        null,
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(researchRequestValidator)
    const viewer = await researchViewer(ctx)
    const reference = await createResearchRequest(viewer, input)
    ctx.session.flash(
      'success',
      `Request ${reference} sent. The research team answers within 3 business days.`
    )
    return ctx.response.redirect('/research-discovery/requests')
  }
}
