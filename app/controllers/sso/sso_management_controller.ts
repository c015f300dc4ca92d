import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { fieldError } from '#services/http/field_error'
import { refuse } from '#services/http/request_kind'
import { recordSecurityEvent } from '#services/auth/security_log'
import { IdpMetadataError, parseIdpMetadata } from '#services/sso/idp_metadata'
import { serviceProviderFor } from '#services/sso/service_provider'
import {
  saveIdentityProvider,
  setSsoState,
  SsoConfigError,
  ssoConfigForTeam,
  teamRoleOf,
} from '#services/sso/sso_config'
import { ssoAudience, teamEmailDomains } from '#services/sso/sso_eligibility'
import { ssoMetadataValidator, ssoStateValidator } from '#validators/sso'

const XML_CONTENT_TYPES = ['text/xml', 'application/xml', 'application/samlmetadata+xml']

/**
 * A team's single sign-on: its identity provider's metadata, the parameters to give that
 * identity provider, and whether sign-in goes through it. Every member of a team with the
 * module sees the page; only the team's managers change it.
 */
export default class SsoManagementController {
  async show({ auth, inertia, teamContext }: HttpContext) {
    const team = teamContext!.currentTeam!
    const [config, role, domains] = await Promise.all([
      ssoConfigForTeam(team.id),
      teamRoleOf(auth.user!.id, team.id),
      teamEmailDomains(team.id),
    ])
    // Who the identity provider signs in (and mandatory single sign-on binds): for managers.
    const audience = role === 'manager' ? await ssoAudience(team.id) : null
    return inertia.render('sso/management', {
      ssoTeam: { id: team.id, name: team.name },
      canManage: role === 'manager',
      identityProvider: config
        ? {
            entityId: config.idpEntityId,
            ssoUrl: config.idpSsoUrl,
            certificateExpiresAt: config.idpCertificateExpiresAt,
            updatedAt: config.updatedAt,
          }
        : null,
      enabled: config?.enabled ?? false,
      required: config?.required ?? false,
      serviceProvider: serviceProviderFor(team.id),
      emailDomains: domains,
      audience,
    })
  }

  async updateMetadata(ctx: HttpContext) {
    const team = await managedTeam(ctx)
    if (!team) return
    const { request, response, session, auth } = ctx
    const payload = await request.validateUsing(ssoMetadataValidator)
    let xml = payload.metadataXml ?? ''
    if (payload.metadataFile) {
      const file = payload.metadataFile
      const type = (file.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
      if (!file.clientName.toLowerCase().endsWith('.xml') || !XML_CONTENT_TYPES.includes(type)) {
        throw fieldError('metadataFile', 'Upload the metadata as an .xml file.')
      }
      xml = await readFile(payload.metadataFile.tmpPath!, 'utf8')
    }
    if (!xml.trim()) {
      throw fieldError(
        'metadataFile',
        'Upload your identity provider’s metadata file or paste its XML.'
      )
    }

    let metadata
    try {
      metadata = parseIdpMetadata(xml)
    } catch (error) {
      if (error instanceof IdpMetadataError) {
        throw fieldError(payload.metadataFile ? 'metadataFile' : 'metadataXml', error.message)
      }
      throw error
    }
    await db.transaction((trx) =>
      saveIdentityProvider(trx, { teamId: team.id, userId: auth.user!.id, metadata, xml })
    )
    await recordSecurityEvent(
      { request },
      {
        userId: auth.user!.id,
        event: 'team_policy_changed',
        details: {
          teamId: team.id,
          change: 'sso_identity_provider',
          entityId: metadata.entityId,
          ssoUrl: metadata.ssoUrl,
        },
      }
    )
    session.flash('success', 'Identity provider saved.')
    return response.redirect('/sso-management')
  }

  async updateState(ctx: HttpContext) {
    const team = await managedTeam(ctx)
    if (!team) return
    const { request, response, session, auth } = ctx
    const { enabled, required, confirmMandatory } = await request.validateUsing(ssoStateValidator)
    if (enabled && required && !confirmMandatory) {
      const current = await ssoConfigForTeam(team.id)
      if (!current?.required) {
        throw fieldError(
          'enabled',
          'Confirm that single sign-on becomes mandatory: the members it covers will no longer be able to sign in with a password.'
        )
      }
    }
    let change
    try {
      change = await db.transaction((trx) =>
        setSsoState(trx, { teamId: team.id, userId: auth.user!.id, enabled, required })
      )
    } catch (error) {
      if (error instanceof SsoConfigError) throw fieldError('enabled', error.message)
      throw error
    }
    await recordSecurityEvent(
      { request },
      {
        userId: auth.user!.id,
        event: 'team_policy_changed',
        details: { teamId: team.id, change: 'sso_state', ...change },
      }
    )
    session.flash(
      'success',
      change.after.enabled
        ? change.after.required
          ? 'Single sign-on is on and mandatory.'
          : 'Single sign-on is on.'
        : 'Single sign-on is off.'
    )
    return response.redirect('/sso-management')
  }
}

/** The current team, when the signed-in member manages it; otherwise the request is refused. */
async function managedTeam(ctx: HttpContext) {
  const team = ctx.teamContext!.currentTeam!
  if ((await teamRoleOf(ctx.auth.user!.id, team.id)) === 'manager') return team
  await refuse(ctx, 403, 'errors/forbidden', {
    message: 'Only your team’s managers can change single sign-on.',
    code: 'E_TEAM_MANAGER_REQUIRED',
  })
  return null
}
