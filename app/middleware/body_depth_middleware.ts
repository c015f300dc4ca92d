import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The deepest nesting of objects and lists a request body may have. */
export const MAX_BODY_DEPTH = 64

export const BODY_TOO_DEEP_MESSAGE = `The request body is nested too deeply: at most ${MAX_BODY_DEPTH} levels of objects and lists are accepted.`

/**
 * The body parser, with a limit on how deeply a body may nest: a body nested deeper than
 * MAX_BODY_DEPTH is refused before anything walks it (validators and helpers that recurse), and
 * one so deep that parsing it runs out of stack (thousands of levels) is refused the same way.
 * The answer is the same short JSON message in every environment, with nothing of the code.
 */
export default class BodyDepthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const parser = await app.container.make(BodyParserMiddleware)
    let parsed = false
    try {
      return await parser.handle(ctx, () => {
        parsed = true
        if (deeperThan(ctx.request.body(), MAX_BODY_DEPTH)) return refuse(ctx)
        return next()
      })
    } catch (error) {
      // Only an overflow of the parser itself; anything later is the request's own error.
      if (!parsed && error instanceof RangeError) return refuse(ctx)
      throw error
    }
  }
}

function refuse({ response }: HttpContext) {
  response.badRequest({ message: BODY_TOO_DEEP_MESSAGE, code: 'E_BODY_TOO_DEEP' })
}

/** Whether `value` nests objects or lists more than `limit` levels deep (without recursing). */
export function deeperThan(value: unknown, limit: number) {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth + 1 > limit) return true
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}
