import type { HttpContext } from '@adonisjs/core/http'
import { providersAuditValidator } from '#validators/providers_admin'
import { auditTrail } from '#services/audit/audit_log'
import { loadListPage } from '#services/http/list_page'
import { PROVIDERS_AUDIT_ENTITIES } from '#services/providers/admin/reference'

/**
 * The providers audit trail (`providersAdmin.audit`): the changes to analysts, moves and imports
 * only, on the audit trail page the market data and research providers trails use.
 */
export default class AuditController {
  async index({ inertia, request }: HttpContext) {
    // A filter in the address that is not understood shows every change, and says so.
    const [badQuery, query] = await providersAuditValidator.tryValidate(request.qs())
    const { entity, user } = query ?? {}
    const filter = { entityType: entity, scope: PROVIDERS_AUDIT_ENTITIES, userId: user }
    const trail = await loadListPage(
      request.qs().page,
      (page) => auditTrail({ ...filter, page }),
      (result) => result.meta
    )
    const notice = badQuery
      ? 'The filter in the address was not understood: showing every change.'
      : null
    return inertia.render('admin/market_data/audit', {
      ...trail,
      entityTypes: [...PROVIDERS_AUDIT_ENTITIES],
      filter: { entity: entity ?? null, user: user ?? null },
      notice,
      scope: {
        title: 'Providers audit trail',
        subject: 'analysts, their moves and imports',
        path: '/admin/providers/audit',
      },
    })
  }
}
