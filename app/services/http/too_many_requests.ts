import type { HttpContext } from '@adonisjs/core/http'

export const TOO_MANY_REQUESTS_CODE = 'E_TOO_MANY_REQUESTS'

/**
 * The one answer to a throttled JSON caller, whichever limit it hit: status 429, a
 * Retry-After header and `{ message, code, retryAfter }` (seconds, as in the header).
 */
export function sendTooManyRequests(
  response: HttpContext['response'],
  message: string,
  retryAfterSeconds: number
) {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds))
  response.header('Retry-After', String(retryAfter))
  return response.status(429).send({ message, code: TOO_MANY_REQUESTS_CODE, retryAfter })
}

/**
 * A throttled form attempt (sign-in, two-factor code, password check). Pages show the message
 * on the form's field; JSON callers get the 429 above.
 */
export class TooManyAttempts extends Error {
  /** An expected refusal: not reported as an error (see the exception handler). */
  readonly status = 429

  constructor(
    readonly field: string,
    message: string,
    readonly retryAfter: number
  ) {
    super(message)
  }
}
