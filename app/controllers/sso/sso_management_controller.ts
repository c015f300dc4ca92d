import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { fieldError } from '#services/http/field_error'
import { refuse } from '#services/http/request_kind'
import { recordSecurityEvent } from '#services/auth/security_log'
import { IdpMetadataError } from '#services/sso/idp_metadata'
import {
  confirmPendingMetadata,
  discardPendingMetadata,
  FingerprintMismatch,
  pendingIdentityProvider,
  receiveMetadata,
  type MetadataVerification,
} from '#services/sso/metadata_trust'
import { serviceProviderFor } from '#services/sso/service_provider'
import { setSsoState, SsoConfigError, ssoConfigForTeam, teamRoleOf } from '#services/sso/sso_config'
import { ssoAudience, teamEmailDomains } from '#services/sso/sso_eligibility'
import {
  ssoConfirmMetadataValidator,
  ssoMetadataValidator,
  ssoStateValidator,
} from '#validators/sso'

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
    // Who the identity provider signs in (and mandatory single sign-on binds), and metadata
    // waiting for its fingerprint: for managers.
    const [audience, pending] =
      role === 'manager'
        ? await Promise.all([ssoAudience(team.id), pendingIdentityProvider(team.id)])
        : [null, null]
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
      pendingIdentityProvider: pending,
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

    const field = payload.metadataFile ? 'metadataFile' : 'metadataXml'
    let received
    try {
      received = await receiveMetadata({
        teamId: team.id,
        userId: auth.user!.id,
        xml,
        fingerprint: payload.certificateFingerprint || null,
      })
    } catch (error) {
      if (error instanceof IdpMetadataError) throw fieldError(field, error.message)
      if (error instanceof FingerprintMismatch) {
        throw fieldError('certificateFingerprint', error.message)
      }
      throw error
    }
    if (received.status === 'pending') {
      session.flash(
        'success',
        'Metadata received, not used yet: confirm its signing certificate with the fingerprint your identity provider shows.'
      )
      return response.redirect('/sso-management')
    }
    await recordProviderChange(ctx, team.id, received.metadata, received.verifiedBy)
    session.flash('success', 'Identity provider saved.')
    return response.redirect('/sso-management')
  }

  /** Uses the metadata waiting for confirmation, once its fingerprint is the one typed. */
  async confirmMetadata(ctx: HttpContext) {
    const team = await managedTeam(ctx)
    if (!team) return
    const { request, response, session, auth } = ctx
    const { certificateFingerprint } = await request.validateUsing(ssoConfirmMetadataValidator)
    let metadata
    try {
      metadata = await confirmPendingMetadata({
        teamId: team.id,
        userId: auth.user!.id,
        fingerprint: certificateFingerprint,
      })
    } catch (error) {
      if (error instanceof IdpMetadataError || error instanceof FingerprintMismatch) {
        throw fieldError('certificateFingerprint', error.message)
      }
      throw error
    }
    await recordProviderChange(ctx, team.id, metadata, 'fingerprint')
    session.flash('success', 'Identity provider saved.')
    return response.redirect('/sso-management')
  }

  async discardMetadata(ctx: HttpContext) {
    const team = await managedTeam(ctx)
    if (!team) return
    await discardPendingMetadata(team.id)
    ctx.session.flash('success', 'The metadata waiting for confirmation was discarded.')
    return ctx.response.redirect('/sso-management')
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

function recordProviderChange(
  { request, auth }: HttpContext,
  teamId: number,
  metadata: { entityId: string; ssoUrl: string },
  verifiedBy: MetadataVerification
) {
  return recordSecurityEvent(
    { request },
    {
      userId: auth.user!.id,
      event: 'team_policy_changed',
      details: {
        teamId,
        change: 'sso_identity_provider',
        entityId: metadata.entityId,
        ssoUrl: metadata.ssoUrl,
        verifiedBy,
      },
    }
  )
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
