import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { HttpError, StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import { wantsJson } from '#services/http/request_kind'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { AccountError, AccountNotFound } from '#services/accounts/accounts'
import { fieldError } from '#services/http/field_error'
import { sendTooManyRequests, TooManyAttempts } from '#services/http/too_many_requests'
import { withSessionAndUser } from '#services/http/unmatched_route'
import { uploadTooLarge } from '#services/http/upload_limits'
import {
  isDatabaseUnavailable,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_S,
} from '#services/db/unavailable'

const CSRF_MESSAGE = 'Page expired. Reload the page and try again.'
export const SERVER_ERROR_MESSAGE =
  'Something went wrong on our side and nothing was saved. Try again, or contact support if it persists.'

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction && !app.inTest

  /**
   * Error pages are Inertia pages in every environment, so that a user never sees a bare
   * stack trace and tests see what production shows.
   */
  protected renderStatusPages = true

  /**
   * Expected refusals are answered, not reported as errors.
   */
  protected ignoreStatuses = [400, 401, 403, 404, 410, 422, 429]

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '403': (error, { inertia, request }) =>
      inertia.render('errors/forbidden', {
        message: safeMessage(error, 'You do not have access to this page.'),
        requestId: request.id() ?? null,
      }),
    '404': (_, { inertia, request }) =>
      inertia.render('errors/not_found', { requestId: request.id() ?? null }),
    '500..599': (_, { inertia, request }) =>
      inertia.render('errors/server_error', { requestId: request.id() ?? null }),
  }

  /**
   * Error pages print the request's id (JSON errors carry it as `requestId`, see
   * app/middleware/request_id_middleware.ts), so that support finds the request's log lines.
   */
  async handle(error: unknown, ctx: HttpContext) {
    const json = wantsJson(ctx)
    if (isDatabaseUnavailable(error)) return this.unavailable(error, ctx, json)
    if ((error as { code?: string }).code === 'E_ROUTE_NOT_FOUND' && !json) {
      // No route matched, so no session or user was loaded: a signed-in visitor still gets
      // the not-found page inside the shell.
      return withSessionAndUser(ctx, async () => {
        ctx.response
          .status(404)
          .send(
            await ctx.inertia.render('errors/not_found', { requestId: ctx.request.id() ?? null })
          )
      })
    }
    if ((error as { code?: string }).code === 'E_BAD_CSRF_TOKEN') {
      if (json) {
        return ctx.response.forbidden({ message: CSRF_MESSAGE, code: 'E_BAD_CSRF_TOKEN' })
      }
      ctx.session.flash('error', CSRF_MESSAGE)
      return ctx.response.redirect().back()
    }
    if ((error as { code?: string }).code === 'E_REQUEST_ENTITY_TOO_LARGE') {
      return this.refuseLargeUpload(ctx, json)
    }
    if (error instanceof NotFoundForTeam || error instanceof AccountNotFound) {
      // Another team's ids and unknown ids look the same: not found, never data.
      return json
        ? ctx.response.notFound({ message: 'Not found' })
        : ctx.response
            .status(404)
            .send(
              await ctx.inertia.render('errors/not_found', { requestId: ctx.request.id() ?? null })
            )
    }
    if (error instanceof TooManyAttempts) {
      if (json) return sendTooManyRequests(ctx.response, error.message, error.retryAfter)
      // On the form's field, like any refusal of what was typed.
      ctx.response.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter))))
      ctx.session.flashValidationErrors(fieldError(error.field, error.message) as never, false)
      return ctx.response.redirect().back()
    }
    if ((error as { code?: string }).code === 'E_TOO_MANY_REQUESTS') {
      // A route limiter: JSON callers get the one throttled shape, a form says so on the page.
      const throttled = error as {
        message: string
        getResponseMessage?: (c: HttpContext) => string
        response?: { availableIn?: number }
      }
      const message = throttled.getResponseMessage?.(ctx) ?? throttled.message
      const retryAfter = throttled.response?.availableIn ?? 60
      if (json) return sendTooManyRequests(ctx.response, message, retryAfter)
      ctx.response.header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))))
      ctx.session.flash('error', message)
      return ctx.response.redirect().back()
    }
    if (error instanceof AccountError) {
      // A refused account change: the form's page shows why; nothing was written.
      if (json)
        return ctx.response.unprocessableEntity({ message: error.message, code: 'E_REFUSED' })
      // As a form error too, so that the form keeps what was typed (Inertia treats a
      // response with errors as failed).
      ctx.session.flash('error', error.message)
      ctx.session.flash('inputErrorsBag', { form: [error.message] })
      return ctx.response.redirect().back()
    }
    if ((error as { code?: string }).code === 'E_VALIDATION_ERROR' && !json) {
      // Inertia forms keep their own state: flash the errors but never the input, so that
      // no password or secret typed into a form is written to the session store.
      ctx.session.flashValidationErrors(withListErrors(error as ValidationError) as never, false)
      // Back to the very page, query string included (a wizard step such as ?contract=).
      return ctx.response.redirect().withQs().back()
    }
    if (json) {
      // JSON callers get JSON errors (validation: 422 with field messages) whatever they accept.
      ctx.request.request.headers['accept'] = 'application/json'
    }
    return super.handle(error, ctx)
  }

  /**
   * The database (or Redis) cannot be reached: 503 at once, as a page or as JSON, never the
   * error's text. Logged as a warning with the request's id; the pool recovers by itself.
   */
  private async unavailable(error: unknown, ctx: HttpContext, json: boolean) {
    ctx.logger.warn(
      { err: { name: (error as Error)?.name, code: (error as { code?: unknown })?.code } },
      'database unavailable: answered 503'
    )
    const requestId = ctx.request.id() ?? null
    ctx.response.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
    if (json) {
      return ctx.response.status(503).send({ message: UNAVAILABLE_MESSAGE, requestId })
    }
    try {
      return ctx.response.status(503).send(
        await ctx.inertia.render('errors/unavailable', {
          message: UNAVAILABLE_MESSAGE,
          requestId,
        })
      )
    } catch {
      // The page could not be rendered (no Inertia context on this request): plain text.
      return ctx.response
        .status(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .send(`${UNAVAILABLE_MESSAGE}${requestId ? ` Reference: ${requestId}` : ''}`)
    }
  }

  /**
   * A body over the request limit is refused by the body parser, before the session is read:
   * the form gets the message it gives for a file over its own limit, on its file field, as
   * for any refused input. Nothing was read, so nothing was changed.
   */
  private async refuseLargeUpload(ctx: HttpContext, json: boolean) {
    const { field, message } = uploadTooLarge(ctx.route?.name)
    if (json) {
      return ctx.response.status(413).send({
        message,
        ...(field ? { errors: [{ field, message, rule: 'file.size' }] } : {}),
      })
    }
    return withSessionAndUser(ctx, async () => {
      if (!(ctx as Partial<HttpContext>).session) {
        ctx.response.status(413).send(message)
        return
      }
      if (field) ctx.session.flashValidationErrors(fieldError(field, message) as never, false)
      else ctx.session.flash('error', message)
      ctx.response.redirect().withQs().back()
    })
  }

  /**
   * A server error's own message can hold SQL, paths or data: JSON callers get a fixed sentence
   * in every environment (the log keeps the detail).
   */
  async renderErrorAsJSON(error: HttpError, ctx: HttpContext) {
    if (error.status >= 500) {
      return ctx.response.status(error.status).send({ message: SERVER_ERROR_MESSAGE })
    }
    return super.renderErrorAsJSON(error, ctx)
  }

  async renderErrorAsJSONAPI(error: HttpError, ctx: HttpContext) {
    if (error.status >= 500) {
      return ctx.response
        .status(error.status)
        .send({ errors: [{ title: SERVER_ERROR_MESSAGE, status: error.status }] })
    }
    return super.renderErrorAsJSONAPI(error, ctx)
  }

  async report(error: unknown, ctx: HttpContext) {
    // Logged once, as a warning without the stack, by `unavailable` above.
    if (isDatabaseUnavailable(error)) return
    return super.report(error, ctx)
  }
}

function safeMessage(error: unknown, fallback: string) {
  const status = (error as { status?: number }).status
  const message = (error as { message?: string }).message
  return status === 403 && message && !message.startsWith('E_') ? message : fallback
}

type ValidationError = { messages: { field: string; message: string; rule: string }[] }

/**
 * A refused entry of a list (`permissions.1`) is also reported at the list itself, where the
 * page shows the list's error.
 */
function withListErrors(error: ValidationError) {
  const fields = new Set(error.messages.map((entry) => entry.field))
  for (const entry of [...error.messages]) {
    const list = entry.field.replace(/\.\d+$/, '')
    if (list !== entry.field && !fields.has(list)) {
      fields.add(list)
      error.messages.push({ ...entry, field: list })
    }
  }
  return error
}
