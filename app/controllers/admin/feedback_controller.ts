import type { HttpContext } from '@adonisjs/core/http'
import { feedbackPage } from '#services/feedback/feedback'

export default class AdminFeedbackController {
  async index({ inertia, request }: HttpContext) {
    const page = Math.max(1, Number.parseInt(String(request.qs().page ?? '1'), 10) || 1)
    return inertia.render('admin/feedback', { feedback: await feedbackPage(page) })
  }
}
