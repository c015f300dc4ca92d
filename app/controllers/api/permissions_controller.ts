import type { HttpContext } from '@adonisjs/core/http'
import { permissionsFor } from '#services/access/permissions'

export default class PermissionsController {
  async handle({ auth }: HttpContext) {
    return { permissions: await permissionsFor(auth.getUserOrFail()) }
  }
}
