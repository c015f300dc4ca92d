import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import edge from 'edge.js'
import encryption from '@adonisjs/core/services/encryption'
import { csrfFactory } from '@adonisjs/shield/guards'
import shieldConfig from '#config/shield'

/**
 * The shield's CSRF check (its header guards run for every answer in the security headers
 * middleware).
 */
export default class CsrfMiddleware {
  #guard = csrfFactory(shieldConfig.csrf ?? {}, encryption.use(), edge)

  async handle(ctx: HttpContext, next: NextFn) {
    await this.#guard(ctx)
    return next()
  }
}
