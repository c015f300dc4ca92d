import type { HttpContext } from '@adonisjs/core/http'
import { USER_MENU, ADMIN_MENU } from '#shared/navigation'

/**
 * Areas whose screens are still being built answer with a real page that says so, behind the
 * same module or permission guard the finished area will have.
 */
export default class AreaController {
  async client({ inertia, route }: HttpContext) {
    const item = USER_MENU.find((entry) => entry.routeNames.includes(route?.name ?? ''))
    return inertia.render('areas/coming_soon', { area: item?.title ?? 'This area', admin: false })
  }

  async admin({ inertia, route }: HttpContext) {
    const item = ADMIN_MENU.find((entry) => entry.routeNames.includes(route?.name ?? ''))
    return inertia.render('areas/coming_soon', { area: item?.title ?? 'This area', admin: true })
  }
}
