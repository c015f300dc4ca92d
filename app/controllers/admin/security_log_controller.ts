import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { SECURITY_EVENTS, securityLog, type SecurityEvent } from '#services/auth/security_log'

const securityLogQuery = vine.create({
  event: vine.enum(Object.keys(SECURITY_EVENTS) as SecurityEvent[]).optional(),
  email: vine.string().trim().maxLength(254).optional(),
  page: vine.number().withoutDecimals().positive().max(100_000).optional(),
})

/**
 * Sign-ins, failed attempts, sign-outs, password and two-factor changes across all users.
 */
export default class SecurityLogController {
  async index({ inertia, request }: HttpContext) {
    const { event, email, page } = await request.validateUsing(securityLogQuery, {
      data: request.qs(),
    })
    return inertia.render('admin/security_log', {
      filter: { event: event ?? null, email: email ?? '' },
      eventLabels: SECURITY_EVENTS,
      ...(await securityLog({ event, email, page: page ?? 1 })),
    })
  }
}
