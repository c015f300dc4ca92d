import type { HttpContext } from '@adonisjs/core/http'
import { rsaAdminOverview } from '#services/rsa/admin/overview'

/** The Research Spend Analytics administration overview (rsaAdminOverview). */
export default class RsaOverviewController {
  async handle({ inertia }: HttpContext) {
    return inertia.render('admin/rsa/overview', await rsaAdminOverview())
  }
}
