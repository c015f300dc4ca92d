import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import {
  contractsForWizard,
  editorCatalogue,
  providersForWizard,
  teamsForWizard,
  wizardProvider,
  wizardTeam,
} from '#services/market_data/admin_benchmarks'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { loadClassification } from '#services/market_data/classification'
import { auditTrail } from '#services/audit/audit_log'

const auditQuery = vine.create({
  entity: vine
    .string()
    .trim()
    .maxLength(64)
    .regex(/^[a-z_]+$/)
    .optional(),
  user: vine.number().withoutDecimals().positive().optional(),
  page: vine.number().withoutDecimals().positive().max(100_000).optional(),
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

  /** Step 3: pick a contract; step 4 (`?contract=`): edit its product benchmarks. */
  async provider({ inertia, params, request }: HttpContext) {
    const { contract: contractId } = await request.validateUsing(contractQuery, {
      data: request.qs(),
    })
    const [team, provider] = await Promise.all([
      wizardTeam(Number(params.teamId)),
      wizardProvider(params.providerKey),
    ])
    const contracts = await contractsForWizard(team.id, provider.id)
    const contract = contractId ? contracts.find((entry) => entry.id === contractId) : undefined
    if (contractId && !contract) throw new NotFoundForTeam('Contract not found')
    const licenseTypes = await db.from('license_types').select('id', 'name').orderBy('id')
    return inertia.render('admin/market_data/provider', {
      wizardTeam: team,
      provider,
      contracts,
      licenseTypes: licenseTypes.map((row) => ({ id: row.id as number, name: row.name as string })),
      contract: contract ?? null,
      catalogue: contract ? await editorCatalogue(provider.id) : null,
    })
  }

  /** A provider's classification tree editor. */
  async classification({ inertia, params }: HttpContext) {
    const provider = await wizardProvider(params.providerKey)
    return inertia.render('admin/market_data/classification', {
      provider,
      tree: await loadClassification(provider.id),
    })
  }

  /** Who changed what and when, with the values before and after. */
  async audit({ inertia, request }: HttpContext) {
    const { entity, user, page } = await request.validateUsing(auditQuery, { data: request.qs() })
    return inertia.render('admin/market_data/audit', {
      filter: { entity: entity ?? null, user: user ?? null },
      ...(await auditTrail({ entityType: entity, userId: user, page: page ?? 1 })),
    })
  }
}
