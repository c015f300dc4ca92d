import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { fieldError } from '#services/http/field_error'
import { redirectBrowser } from '#services/http/request_kind'
import { recordSecurityEvent } from '#services/auth/security_log'
import { completeSignIn } from '#controllers/auth/session_controller'
import { beginSamlSignIn, consumeSamlResponse } from '#services/sso/saml_sign_in'
import { serviceProviderMetadata } from '#services/sso/service_provider'
import { ssoTeamForEmail } from '#services/sso/sso_config'
import { ssoMaySignIn } from '#services/sso/sso_eligibility'
import { ssoStartValidator } from '#validators/sso'
import { MODULES } from '#shared/modules'

const NO_SSO_FOR_EMAIL = 'No single sign-on is set up for this email domain.'

/**
 * For an address at a domain with single sign-on that the team's identity provider may not
 * sign in. The same words whether or not an account has the address, and whatever the reason.
 */
export const SSO_NOT_FOR_THIS_ADDRESS =
  'Single sign-on is not available for this email address: sign in with your email and password. (Administrators and members of more than one team always sign in with their password.)'

/** SAML responses are a few kilobytes; anything far larger is not one. */
const MAX_SAML_RESPONSE_LENGTH = 512 * 1024

/**
 * Signing in through a team's identity provider (SAML 2.0, service-provider initiated): the
 * start from the login page, the assertion consumer service, and the service provider's
 * metadata for the identity provider.
 */
export default class SsoSignInController {
  async start(ctx: HttpContext) {
    const { ssoEmail } = await ctx.request.validateUsing(ssoStartValidator)
    const teamId = await ssoTeamForEmail(ssoEmail)
    if (!teamId) throw fieldError('ssoEmail', NO_SSO_FOR_EMAIL)
    // Only an account the identity provider may sign in is sent there: its answer for anyone
    // else would be refused at the assertion consumer service.
    if (!(await ssoMaySignIn(ssoEmail, teamId))) {
      throw fieldError('ssoEmail', SSO_NOT_FOR_THIS_ADDRESS)
    }
    return redirectBrowser(ctx, await beginSamlSignIn(teamId))
  }

  async acs(ctx: HttpContext) {
    const { request, response, inertia, params } = ctx
    const teamId = Number(params.teamId)
    const samlResponse: unknown = request.input('SAMLResponse')
    if (
      typeof samlResponse !== 'string' ||
      !samlResponse.trim() ||
      samlResponse.length > MAX_SAML_RESPONSE_LENGTH
    ) {
      const page = await inertia.render('errors/error', {
        message: 'This address receives sign-in responses from identity providers only.',
      })
      return response.status(400).send(page)
    }

    const outcome = await consumeSamlResponse(teamId, samlResponse)
    if (!outcome.ok) {
      await recordSecurityEvent(
        { request },
        {
          userId: outcome.user?.id ?? null,
          email: outcome.user ? undefined : outcome.email,
          event: outcome.refused ? 'sso_sign_in_refused' : 'sign_in_failed',
          details: { singleSignOn: true, teamId, reason: outcome.reason, detail: outcome.detail },
        }
      )
      const page = await inertia.render('errors/forbidden', {
        message: `Single sign-on failed. ${outcome.message}`,
      })
      return response.status(403).send(page)
    }

    const user = outcome.user
    user.currentTeamId = teamId
    await user.save()
    return completeSignIn(ctx, user, { singleSignOn: true })
  }

  /**
   * The service provider's metadata for a team with the single sign-on module, public so
   * that identity providers can fetch it.
   */
  async metadata({ params, request, response }: HttpContext) {
    const teamId = Number(params.teamId)
    const held = await db
      .from('team_modules')
      .join('modules', 'modules.id', 'team_modules.module_id')
      .where('team_modules.team_id', teamId)
      .where('modules.internal_name', MODULES.ssoManagement)
      .select('team_modules.id')
      .first()
    if (!held) return response.notFound({ message: 'Not found', code: 'E_NOT_FOUND' })
    response.header('Content-Type', 'application/samlmetadata+xml; charset=utf-8')
    if (request.input('download')) {
      response.header(
        'Content-Disposition',
        `attachment; filename="spendlens-sp-metadata-${teamId}.xml"`
      )
    }
    return serviceProviderMetadata(teamId)
  }
}
