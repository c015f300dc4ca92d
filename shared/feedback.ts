/**
 * Feedback rules shared by the widget and the server: a rating of 1 to 5 stars (0 means none)
 * or some text is needed.
 */
export const FEEDBACK_MAX_RATING = 5
export const FEEDBACK_TEXT_MAX = 5000

export function canSubmitFeedback(rating: number, text: string) {
  return rating !== 0 || text.trim().length > 0
}
