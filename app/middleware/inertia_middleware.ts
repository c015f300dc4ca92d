import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { appName } from '#config/app'
import { sharedUser, sharedTeam } from '#transformers/shell_transformer'
import { signedInWithSso } from '#middleware/fresh_password_middleware'
import { localeFromAcceptLanguage } from '#shared/dates'

/**
 * Shared props are built from what earlier middleware already loaded (user, team context,
 * permissions): no database query happens here.
 */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  share(ctx: HttpContext) {
    const { auth, teamContext, permissions, route } = ctx as Partial<HttpContext>
    const user = auth?.user

    return {
      appName,
      routeName: route?.name ?? null,
      errors: ctx.inertia.always(this.getValidationErrors(ctx)),
      user: ctx.inertia.always(
        user ? sharedUser(user, { signedInWithSso: signedInWithSso(ctx) }) : null
      ),
      team: ctx.inertia.always(teamContext ? sharedTeam(teamContext) : null),
      permissions: permissions ?? null,
      // The reader's locale (their browser's languages): every page writes dates in its form.
      locale: localeFromAcceptLanguage(ctx.request.header('accept-language')),
    }
  }

  flash(ctx: HttpContext) {
    const session = (ctx as Partial<HttpContext>).session
    return {
      success: session?.flashMessages.get('success') as string | undefined,
      error: session?.flashMessages.get('error') as string | undefined,
    }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
