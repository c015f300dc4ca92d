import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/**
 * Files from public/ (built assets, icons) have a file extension; pages and API calls never
 * do. Only the former are looked up on disk, so a page or an API call does not cost a
 * filesystem lookup that can only fail.
 */
@inject()
export default class StaticFilesMiddleware {
  constructor(protected files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    const path = ctx.request.url()
    if (!path.slice(path.lastIndexOf('/') + 1).includes('.')) return next()
    return this.files.handle(ctx, next)
  }
}
