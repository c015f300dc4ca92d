import type { HttpContext } from '@adonisjs/core/http'
import { feedbackValidator } from '#validators/shell'
import { submitFeedback } from '#services/feedback/feedback'
import { fieldError } from '#services/http/field_error'
import { canSubmitFeedback } from '#shared/feedback'

export default class FeedbackController {
  async store({ auth, request, response, teamContext }: HttpContext) {
    const data = await request.validateUsing(feedbackValidator)
    const text = data.feedbackText ?? ''
    if (!canSubmitFeedback(data.rating, text)) {
      throw fieldError('feedbackText', 'Give a rating or write a message.')
    }
    await submitFeedback({
      userId: auth.getUserOrFail().id,
      teamId: teamContext?.currentTeam?.id ?? null,
      rating: data.rating,
      feedbackText: text,
      route: data.route ?? null,
    })
    return response.created({ message: 'Thank you! Your feedback has been sent to our team.' })
  }
}
