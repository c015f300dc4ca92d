import type { HttpContext } from '@adonisjs/core/http'
import { INTENDED_URL_KEY } from '#middleware/auth_middleware'
import { completeSignIn } from '#controllers/auth/session_controller'
import User from '#models/user'
import { recordSecurityEvent } from '#services/auth/security_log'
import { AccountError } from '#services/accounts/accounts'
import {
  acceptInvitation,
  invitationForLink,
  registerFromInvitation,
} from '#services/accounts/invitations'
import { fieldError } from '#services/http/field_error'
import { keepSignedLinkOnError } from '#services/http/signed_form'
import { invitationRegisterValidator } from '#validators/registration'
import { TEAM_ROLE_LABELS } from '#shared/team_roles'

const INVALID_LINK =
  'This invitation link is invalid, has expired or has already been used. Ask your team administrator for a new invitation.'

/**
 * The link of an invitation mail. Someone without an account registers; an existing user
 * signs in as the invited address and joins. Nothing happens without a valid, current link.
 */
export default class InvitationController {
  private async resolve({ request, params }: HttpContext) {
    if (!request.hasValidSignature('team-invitation')) return null
    return invitationForLink(Number(params.id), request.qs().fp)
  }

  async show(ctx: HttpContext) {
    const { auth, inertia, response, request, session } = ctx
    const found = await this.resolve(ctx)
    if (!found) {
      response.status(410)
      return inertia.render('auth/invitation', { valid: false, message: INVALID_LINK })
    }
    const { invitation, team } = found
    await auth.use('web').check()
    const existing = await User.findBy('email', invitation.email)
    const signedInAs = auth.use('web').user?.email ?? null
    if (existing && !signedInAs) session.put(INTENDED_URL_KEY, request.url(true))
    return inertia.render('auth/invitation', {
      valid: true,
      message: null,
      action: request.url(true),
      teamName: team.name,
      email: invitation.email,
      roleLabel: TEAM_ROLE_LABELS[invitation.role],
      mode: existing ? (signedInAs === invitation.email ? 'join' : 'sign-in') : 'register',
      signedInAs,
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const found = await this.resolve(ctx)
    if (!found) {
      session.flash('error', INVALID_LINK)
      return response.redirect('/login')
    }
    const { invitation, team } = found
    const existing = await User.findBy('email', invitation.email)

    if (existing) {
      await auth.use('web').check()
      const user = auth.use('web').user
      if (!user || user.id !== existing.id) {
        session.flash('error', `Sign in as ${invitation.email} to accept this invitation.`)
        return response.redirect().back()
      }
      try {
        await acceptInvitation(invitation, team, user)
      } catch (error) {
        if (error instanceof AccountError) {
          session.flash('error', error.message)
          return response.redirect().back()
        }
        throw error
      }
      await recordSecurityEvent(ctx, {
        userId: user.id,
        event: 'invitation_accepted',
        details: { teamId: team.id, team: team.name },
      })
      session.flash('success', `You have joined ${team.name}.`)
      return response.redirect('/')
    }

    return keepSignedLinkOnError(ctx, async () => {
      const input = await request.validateUsing(invitationRegisterValidator)
      let user: User
      try {
        user = await registerFromInvitation(invitation, team, input)
      } catch (error) {
        if (error instanceof AccountError) throw fieldError('name', error.message)
        throw error
      }
      await recordSecurityEvent(ctx, {
        userId: user.id,
        event: 'registered',
        details: { teamId: team.id, team: team.name, invitationId: invitation.id },
      })
      session.flash('success', `Welcome to ${team.name}.`)
      return completeSignIn(ctx, user)
    })
  }
}
