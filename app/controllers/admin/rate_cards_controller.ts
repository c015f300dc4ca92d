import type { HttpContext } from '@adonisjs/core/http'
import {
  observedBenchmarksValidator,
  rateCardActiveValidator,
  rateCardValidator,
} from '#validators/admin_market_data'
import {
  aumRanges,
  observedBenchmarks,
  rateCardEditorOptions,
  rateCardForEditor,
  rateCardList,
  saveRateCard,
  setRateCardActive,
  type RateCardInput,
} from '#services/market_data/rate_cards_admin'
import { isBlankAmount } from '#shared/amounts'

/** Blank is not zero: it stays not-a-number, which the rate card rules refuse. */
const toAmount = (value: unknown) => (isBlankAmount(value) ? Number.NaN : Number(value))

function normalise(payload: Awaited<ReturnType<typeof rateCardValidator.validate>>): RateCardInput {
  return {
    ...payload,
    provider_comment: payload.provider_comment ?? null,
    categories: payload.categories.map((category) => ({
      category_id: category.category_id,
      comment: category.comment ?? null,
    })),
    entries: payload.entries.map((entry) => ({
      ...entry,
      min_benchmark: toAmount(entry.min_benchmark),
      avg_benchmark: toAmount(entry.avg_benchmark),
      max_benchmark: toAmount(entry.max_benchmark),
      comment: entry.comment ?? null,
      assumptions: entry.assumptions.map((assumption) => ({
        driver_id: assumption.driver_id,
        driver_option_id: assumption.driver_option_id ?? null,
        value: assumption.value ?? null,
      })),
    })),
  }
}

/**
 * Rate cards: the list, the editor pages, and the editor's JSON calls.
 */
export default class RateCardsController {
  async index({ inertia }: HttpContext) {
    return inertia.render('admin/market_data/rate_cards', { rateCards: await rateCardList() })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('admin/market_data/rate_card_editor', {
      options: await rateCardEditorOptions(),
      rateCard: null,
    })
  }

  async edit({ inertia, params }: HttpContext) {
    const [options, rateCard] = await Promise.all([
      rateCardEditorOptions(),
      rateCardForEditor(Number(params.id)),
    ])
    return inertia.render('admin/market_data/rate_card_editor', { options, rateCard })
  }

  async aumRanges() {
    return { aum_ranges: await aumRanges() }
  }

  async observed({ request }: HttpContext) {
    const query = await request.validateUsing(observedBenchmarksValidator, { data: request.qs() })
    return { observed: await observedBenchmarks(query) }
  }

  async store({ auth, request }: HttpContext) {
    const payload = await request.validateUsing(rateCardValidator)
    return { id: await saveRateCard(auth.user!.id, null, normalise(payload)) }
  }

  async update({ auth, params, request }: HttpContext) {
    const payload = await request.validateUsing(rateCardValidator)
    const id = Number(params.id)
    await rateCardForEditor(id)
    return { id: await saveRateCard(auth.user!.id, id, normalise(payload)) }
  }

  async active({ auth, params, request }: HttpContext) {
    const { active } = await request.validateUsing(rateCardActiveValidator)
    await setRateCardActive(auth.user!.id, Number(params.id), active)
    return { id: Number(params.id), active }
  }
}
