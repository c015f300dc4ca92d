import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { SECURITY_EVENTS, securityLog, type SecurityEvent } from '#services/auth/security_log'
import { loadListPage } from '#services/http/list_page'

const securityLogQuery = vine.create({
  event: vine.enum(Object.keys(SECURITY_EVENTS) as SecurityEvent[]).optional(),
  email: vine.string().trim().maxLength(254).optional(),
})

/**
 * Sign-ins, failed attempts, sign-outs, password and two-factor changes across all users.
 */
export default class SecurityLogController {
  async index({ inertia, request }: HttpContext) {
    const { event, email } = await request.validateUsing(securityLogQuery, {
      data: request.qs(),
    })
    const log = await loadListPage(
      request.qs().page,
      (page) => securityLog({ event, email, page }),
      (result) => result.meta
    )
    return inertia.render('admin/security_log', {
      filter: { event: event ?? null, email: email ?? '' },
      eventLabels: SECURITY_EVENTS,
      ...log,
    })
  }
}
