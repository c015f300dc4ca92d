import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import {
  contractsForWizard,
  editorCatalogue,
  providersForWizard,
  teamsForWizard,
  wizardProvider,
  wizardTeam,
  wizardTeamWithCurrency,
} from '#services/market_data/admin_benchmarks'
import { loadClassification } from '#services/market_data/classification'
import { auditTrail } from '#services/audit/audit_log'
import { driversInUse } from '#services/market_data/driver_rules'

const auditQuery = vine.create({
  entity: vine
    .string()
    .trim()
    .maxLength(64)
    .regex(/^[a-z_]+$/)
    .optional(),
  user: vine.number().withoutDecimals().positive().optional(),
})

const contractQuery = vine.create({
  contract: vine.number().withoutDecimals().positive().optional(),
})

/**
 * The market data wizard: each step is its own URL, so back and reload keep the place.
 */
export default class AdminMarketDataPagesController {
  /** Step 1: pick a team. */
  async teams({ inertia }: HttpContext) {
    return inertia.render('admin/market_data/teams', { teams: await teamsForWizard() })
  }

  /** Step 2: pick a provider for the team. */
  async providers({ inertia, params }: HttpContext) {
    const team = await wizardTeam(Number(params.teamId))
    // `wizardTeam`: `team` is the shell's own team menu.
    return inertia.render('admin/market_data/providers', {
      wizardTeam: team,
      providers: await providersForWizard(team.id),
    })
  }

  /**
   * Step 3: pick a contract; step 4 (`?contract=`): edit its product benchmarks. A contract in
   * the address that is not one of the list falls back to the list, saying so.
   */
  async provider({ inertia, params, request }: HttpContext) {
    const [badQuery, query] = await contractQuery.tryValidate(request.qs())
    const contractId = query?.contract
    const [{ currencyId, ...team }, provider] = await Promise.all([
      wizardTeamWithCurrency(Number(params.teamId)),
      wizardProvider(params.providerKey),
    ])
    const contracts = await contractsForWizard(team.id, provider.id)
    const contract = contractId ? contracts.find((entry) => entry.id === contractId) : undefined
    const notice =
      badQuery || (contractId && !contract)
        ? `The contract in the address (${String(request.qs().contract).slice(0, 40)}) is not one of ${team.name}'s ${provider.name} contracts. Pick one below.`
        : null
    const licenseTypes = await db.from('license_types').select('id', 'name').orderBy('id')
    return inertia.render('admin/market_data/provider', {
      wizardTeam: team,
      provider,
      contracts,
      licenseTypes: licenseTypes.map((row) => ({ id: row.id as number, name: row.name as string })),
      contract: contract ?? null,
      catalogue: contract ? await editorCatalogue(provider.id) : null,
      teamCurrencyId: currencyId,
      notice,
    })
  }

  /** A provider's classification tree editor. */
  async classification({ inertia, params }: HttpContext) {
    const provider = await wizardProvider(params.providerKey)
    const tree = await loadClassification(provider.id)
    const used = await driversInUse(
      db,
      tree.drivers.map((driver) => driver.id!)
    )
    // Drivers client data uses keep their kind: the editor says so before the save does.
    return inertia.render('admin/market_data/classification', {
      provider,
      tree,
      driversInUse: [...used],
    })
  }

  /** Who changed what and when, with the values before and after. */
  async audit({ inertia, request }: HttpContext) {
    // A filter in the address that is not understood shows everything, and says so.
    const [badQuery, query] = await auditQuery.tryValidate(request.qs())
    const { entity, user } = query ?? {}
    const trail = await loadListPage(
      request.qs().page,
      (page) => auditTrail({ entityType: entity, userId: user, page }),
      (result) => result.meta
    )
    const notice = badQuery
      ? 'The filter in the address was not understood: showing every change.'
      : null
    return inertia.render('admin/market_data/audit', {
      filter: { entity: entity ?? null, user: user ?? null },
      notice,
      ...trail,
    })
  }
}
