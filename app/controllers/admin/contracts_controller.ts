import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { contractDocumentValidator, contractValidator } from '#validators/admin_market_data'
import {
  contractDocuments,
  createContract,
  deleteContract,
  deleteContractDocument,
  documentForDownload,
  updateContract,
  uploadContractDocument,
} from '#services/market_data/admin_contracts'
import {
  contractForAdmin,
  wizardProvider,
  wizardTeam,
} from '#services/market_data/admin_benchmarks'
import { sendStoredFile } from '#services/http/stored_file'

/**
 * Client data contracts and their signed documents, for market data administrators.
 */
export default class ContractsController {
  async store({ auth, params, request, response, session }: HttpContext) {
    const [team, provider] = await Promise.all([
      wizardTeam(Number(params.teamId)),
      wizardProvider(params.providerKey),
    ])
    const payload = await request.validateUsing(contractValidator)
    await createContract(auth.user!.id, team, provider, payload)
    session.flash('success', `Contract ${payload.reference} created.`)
    return response.redirect().back()
  }

  async update({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(contractValidator)
    await updateContract(auth.user!.id, Number(params.id), payload)
    session.flash('success', `Contract ${payload.reference} saved.`)
    return response.redirect().withQs().back()
  }

  async destroy({ auth, params, response, session }: HttpContext) {
    await deleteContract(auth.user!.id, Number(params.id))
    session.flash('success', 'Contract deleted.')
    return response.redirect().back()
  }

  /** The contract's documents and the upload form (uploadContract). */
  async documents({ inertia, params }: HttpContext) {
    const contract = await contractForAdmin(Number(params.id))
    const [team, provider] = await Promise.all([
      wizardTeam(contract.teamId),
      db
        .from('providers')
        .where('id', contract.providerId)
        .select('provider_key', 'name')
        .firstOrFail(),
    ])
    return inertia.render('admin/market_data/contract_documents', {
      wizardTeam: team,
      provider: { providerKey: provider.provider_key as string, name: provider.name as string },
      contract,
      documents: await contractDocuments([contract.id]),
    })
  }

  async upload({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(contractDocumentValidator)
    await uploadContractDocument(auth.user!.id, Number(params.id), {
      file: payload.file,
      title: payload.title,
      documentDate: payload.document_date ?? null,
    })
    session.flash('success', `"${payload.title}" uploaded.`)
    return response.redirect().back()
  }

  async destroyDocument({ auth, params, response, session }: HttpContext) {
    await deleteContractDocument(auth.user!.id, Number(params.documentId))
    session.flash('success', 'Document deleted.')
    return response.redirect().back()
  }

  async download({ params, response }: HttpContext) {
    const file = await documentForDownload(Number(params.documentId), null)
    return sendStoredFile(response, file.key, file.name)
  }
}
