import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { unsubscribeValidator } from '#validators/profile'
import { unsubscribe } from '#services/profile/profile'
import { SUBSCRIPTION_OPTIONS } from '#shared/consent'

/**
 * One-click unsubscribe from a mail, without signing in: the signed link identifies the user.
 * GET only shows the page (mail scanners follow links); POST unsubscribes.
 */
export default class UnsubscribeController {
  async show(ctx: HttpContext) {
    const target = await this.target(ctx)
    if (!target) return this.invalid(ctx)
    return ctx.inertia.render('unsubscribe', {
      valid: true,
      done: false,
      title: target.title,
      action: ctx.request.url(true),
    })
  }

  async store(ctx: HttpContext) {
    const target = await this.target(ctx)
    if (!target) return this.invalid(ctx)
    await unsubscribe(target.user.id, target.key)
    return ctx.inertia.render('unsubscribe', {
      valid: true,
      done: true,
      title: target.title,
      action: null,
    })
  }

  private async target({ request, params }: HttpContext) {
    if (!request.hasValidSignature('unsubscribe')) return null
    const [error, data] = await unsubscribeValidator.tryValidate(request.qs())
    if (error) return null
    const { subscription } = data
    const user = await User.find(Number(params.id))
    const option = SUBSCRIPTION_OPTIONS.find((entry) => entry.key === subscription)
    return user && option ? { user, key: option.key, title: option.title } : null
  }

  private invalid({ inertia, response }: HttpContext) {
    response.status(410)
    return inertia.render('unsubscribe', { valid: false, done: false, title: null, action: null })
  }
}
