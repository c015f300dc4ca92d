import type { HttpContext } from '@adonisjs/core/http'
import { hasDoneTour, markTourDone } from '#services/tours/tours'

export default class TourController {
  async show({ auth }: HttpContext) {
    return { hasUserDoneTour: await hasDoneTour(auth.getUserOrFail().id, 'main-navigation') }
  }

  async store({ auth }: HttpContext) {
    await markTourDone(auth.getUserOrFail().id, 'main-navigation')
    return { hasUserDoneTour: true }
  }
}
