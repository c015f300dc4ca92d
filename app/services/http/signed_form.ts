import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@vinejs/vine'
import { wantsJson } from '#services/http/request_kind'

/**
 * Runs the submission of a form opened from a signed link (invitation, password reset). A
 * validation error goes back to the same signed address: "back" would drop the query string,
 * and with it the signature, and the user would see "this link is invalid" instead of the
 * error.
 */
export async function keepSignedLinkOnError<T>(ctx: HttpContext, submit: () => Promise<T>) {
  try {
    return await submit()
  } catch (error) {
    if (error instanceof errors.E_VALIDATION_ERROR && !wantsJson(ctx)) {
      // As the exception handler does: errors only, never the typed passwords.
      ctx.session.flashValidationErrors(error as never, false)
      return ctx.response.redirect(ctx.request.url(true))
    }
    throw error
  }
}
