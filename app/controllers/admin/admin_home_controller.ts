import type { HttpContext } from '@adonisjs/core/http'
import { adminOverviewCounts } from '#services/access/admin_overview'

export default class AdminHomeController {
  async handle({ inertia, permissions }: HttpContext) {
    return inertia.render('admin/welcome', { counts: await adminOverviewCounts(permissions ?? []) })
  }
}
