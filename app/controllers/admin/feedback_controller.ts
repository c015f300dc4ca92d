import type { HttpContext } from '@adonisjs/core/http'
import { feedbackPage } from '#services/feedback/feedback'
import { loadListPage } from '#services/http/list_page'

export default class AdminFeedbackController {
  async index({ inertia, request }: HttpContext) {
    const { pageNotice, ...feedback } = await loadListPage(
      request.qs().page,
      (page) => feedbackPage(page),
      (result) => result.meta
    )
    return inertia.render('admin/feedback', { feedback, pageNotice })
  }
}
