import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { proposalValidator } from '#validators/admin_market_data'
import {
  deleteProposal,
  proposalsForAdmin,
  saveProposal,
} from '#services/market_data/admin_proposals'
import {
  currencyCodes,
  providerProducts,
  wizardProvider,
  wizardTeam,
} from '#services/market_data/admin_benchmarks'

/**
 * Vendor proposals a team received from a provider, kept by market data administrators.
 */
export default class ProposalsController {
  private async scope(params: Record<string, string>) {
    const [team, provider] = await Promise.all([
      wizardTeam(Number(params.teamId)),
      wizardProvider(params.providerKey),
    ])
    return { team, provider, ids: { teamId: team.id, providerId: provider.id } }
  }

  async index({ inertia, params }: HttpContext) {
    const { team, provider, ids } = await this.scope(params)
    const [proposals, products, currencies, licenseTypes] = await Promise.all([
      proposalsForAdmin(ids.teamId, ids.providerId),
      providerProducts(provider.id),
      currencyCodes(),
      db.from('license_types').select('id', 'name').orderBy('id'),
    ])
    return inertia.render('admin/market_data/proposals', {
      wizardTeam: team,
      provider,
      proposals,
      products,
      currencies,
      licenseTypes,
    })
  }

  async store({ auth, params, request, response, session }: HttpContext) {
    const { ids } = await this.scope(params)
    const payload = await request.validateUsing(proposalValidator)
    await saveProposal(auth.user!.id, ids, null, {
      ...payload,
      license_type_id: payload.license_type_id ?? null,
      valid_until: payload.valid_until ?? null,
      comment: payload.comment ?? null,
    })
    session.flash('success', `Proposal ${payload.reference} saved.`)
    return response.redirect().back()
  }

  async update({ auth, params, request, response, session }: HttpContext) {
    const { ids } = await this.scope(params)
    const payload = await request.validateUsing(proposalValidator)
    await saveProposal(auth.user!.id, ids, Number(params.id), {
      ...payload,
      license_type_id: payload.license_type_id ?? null,
      valid_until: payload.valid_until ?? null,
      comment: payload.comment ?? null,
    })
    session.flash('success', `Proposal ${payload.reference} saved.`)
    return response.redirect().back()
  }

  async destroy({ auth, params, response, session }: HttpContext) {
    const { ids } = await this.scope(params)
    await deleteProposal(auth.user!.id, ids, Number(params.id))
    session.flash('success', 'Proposal deleted.')
    return response.redirect().back()
  }
}
