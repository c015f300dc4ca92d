import vine from '@vinejs/vine'
import { FEEDBACK_MAX_RATING, FEEDBACK_TEXT_MAX } from '#shared/feedback'

export const feedbackValidator = vine.create({
  rating: vine.number().withoutDecimals().min(0).max(FEEDBACK_MAX_RATING),
  feedbackText: vine.string().trim().maxLength(FEEDBACK_TEXT_MAX).optional(),
  route: vine.string().trim().maxLength(255).optional(),
})

export const analyticsEventValidator = vine.create({
  category: vine.string().trim().minLength(1).maxLength(64),
  action: vine.string().trim().minLength(1).maxLength(128),
  label: vine.string().trim().maxLength(255).optional(),
  route: vine.string().trim().maxLength(255).optional(),
})
