import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import { createTeam } from '#services/accounts/accounts'
import {
  addMember,
  changeMemberRole,
  createRole,
  deleteRole,
  findTeam,
  listRoles,
  listTeams,
  listUsers,
  removeMember,
  requirePasswordChange,
  resetUserTwoFactor,
  setAdministratorRoles,
  setTeamModules,
  setTeamSecurity,
  setUserDisabled,
  teamFormOptions,
  teamProfile,
  updateRole,
  updateTeamDetails,
  userProfile,
} from '#services/accounts/account_admin'
import { inviteToTeam, resendInvitation, revokeInvitation } from '#services/accounts/invitations'
import { recordSecurityEvent, type SecurityEvent } from '#services/auth/security_log'
import {
  administratorRolesValidator,
  invitationValidator,
  listQueryValidator,
  memberRoleValidator,
  memberValidator,
  roleValidator,
  teamDetailsValidator,
  teamModulesValidator,
  teamSecurityValidator,
} from '#validators/account_management'
import { ALL_PERMISSIONS, PERMISSION_DESCRIPTIONS } from '#shared/permissions'

function id(value: unknown) {
  return Number(value)
}

/**
 * Account management for administrators holding `permission-view-accounts`: teams, their
 * members, invitations, products and security policy; users; administrator roles. Every change
 * is written in a transaction by the services and recorded in the security log.
 */
export default class AccountManagementController {
  private async log(
    ctx: HttpContext,
    event: SecurityEvent,
    subjectId: number | null,
    details: Record<string, unknown>
  ) {
    const actor = ctx.auth.getUserOrFail()
    await recordSecurityEvent(ctx, {
      userId: subjectId ?? actor.id,
      event,
      details: { ...details, by: actor.email },
    })
  }

  /* ---------------------------------------------------------------- pages */

  async teams({ inertia, request }: HttpContext) {
    const { q } = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return inertia.render('admin/accounts/teams', {
      filter: { q: q ?? '' },
      ...(await loadListPage(
        request.qs().page,
        (page) => listTeams({ q, page }),
        (result) => result.meta
      )),
      ...(await teamFormOptions()),
    })
  }

  async users({ inertia, request }: HttpContext) {
    const { q } = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return inertia.render('admin/accounts/users', {
      filter: { q: q ?? '' },
      ...(await loadListPage(
        request.qs().page,
        (page) => listUsers({ q, page }),
        (result) => result.meta
      )),
    })
  }

  async roles({ inertia }: HttpContext) {
    return inertia.render('admin/accounts/roles', {
      roles: await listRoles(),
      // Not `permissions`: that prop holds the signed-in administrator's own permissions.
      permissionChoices: ALL_PERMISSIONS.map((name) => ({
        name,
        description: PERMISSION_DESCRIPTIONS[name],
      })),
    })
  }

  async team({ inertia, params }: HttpContext) {
    return inertia.render('admin/accounts/team', await teamProfile(id(params.id)))
  }

  async user({ inertia, params }: HttpContext) {
    // The person shown is `account`: `user` is the signed-in administrator of the shell.
    const { user, ...profile } = await userProfile(id(params.id))
    return inertia.render('admin/accounts/user', { account: user, ...profile })
  }

  /* ---------------------------------------------------------------- teams */

  async storeTeam(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(teamDetailsValidator)
    const team = await createTeam({ ...input, moduleNames: [] })
    await this.log(ctx, 'team_policy_changed', null, {
      teamId: team.id,
      team: team.name,
      change: 'created',
    })
    ctx.session.flash('success', `${team.name} has been created. Choose its products and members.`)
    return ctx.response.redirect(`/admin/account-management/teams/${team.id}`)
  }

  async updateTeam(ctx: HttpContext) {
    const teamId = id(ctx.params.id)
    const input = await ctx.request.validateUsing(teamDetailsValidator)
    const change = await updateTeamDetails(teamId, input)
    await this.log(ctx, 'team_policy_changed', null, { teamId, team: input.name, ...change })
    ctx.session.flash('success', 'The team profile has been saved.')
    return ctx.response.redirect().back()
  }

  async updateModules(ctx: HttpContext) {
    const teamId = id(ctx.params.id)
    const { modules } = await ctx.request.validateUsing(teamModulesValidator)
    const team = await findTeam(teamId)
    const change = await setTeamModules(teamId, modules)
    await this.log(ctx, 'team_policy_changed', null, {
      teamId,
      team: team.name,
      modules: change,
    })
    ctx.session.flash('success', 'The team’s products have been saved.')
    return ctx.response.redirect().back()
  }

  async updateSecurity(ctx: HttpContext) {
    const teamId = id(ctx.params.id)
    const input = await ctx.request.validateUsing(teamSecurityValidator)
    // An emptied list arrives as nothing at all: no restriction.
    const change = await setTeamSecurity(
      teamId,
      { ...input, domains: input.domains ?? [], ips: input.ips ?? [] },
      { userId: ctx.auth.user!.id, ip: ctx.request.ip() }
    )
    await this.log(ctx, 'team_policy_changed', null, {
      teamId,
      team: change.team.name,
      before: change.before,
      after: change.after,
    })
    ctx.session.flash('success', 'The team’s security policy has been saved.')
    return ctx.response.redirect().back()
  }

  /* -------------------------------------------------------------- members */

  async addMember(ctx: HttpContext) {
    const teamId = id(ctx.params.id)
    const { email, role } = await ctx.request.validateUsing(memberValidator)
    const { team, user } = await addMember(teamId, email, role)
    await this.log(ctx, 'member_added', user.id, { teamId, team: team.name, role })
    ctx.session.flash('success', `${user.email} has joined ${team.name}.`)
    return ctx.response.redirect().back()
  }

  async changeRole(ctx: HttpContext) {
    const teamId = id(ctx.params.id)
    const userId = id(ctx.params.userId)
    const { role } = await ctx.request.validateUsing(memberRoleValidator)
    const change = await changeMemberRole(teamId, userId, role)
    await this.log(ctx, 'member_role_changed', userId, { teamId, ...change })
    ctx.session.flash('success', 'The member’s role has been changed.')
    return ctx.response.redirect().back()
  }

  async removeMember(ctx: HttpContext) {
    const teamId = id(ctx.params.id)
    const userId = id(ctx.params.userId)
    const change = await removeMember(teamId, userId)
    await this.log(ctx, 'member_removed', userId, { teamId, ...change })
    ctx.session.flash('success', `The member has been removed from ${change.team}.`)
    return ctx.response.redirect().back()
  }

  /* ---------------------------------------------------------- invitations */

  async invite(ctx: HttpContext) {
    const team = await findTeam(id(ctx.params.id))
    const { email, role } = await ctx.request.validateUsing(invitationValidator)
    const invitation = await inviteToTeam(team, { email, role }, ctx.auth.getUserOrFail())
    await this.log(ctx, 'invitation_sent', null, {
      teamId: team.id,
      team: team.name,
      email,
      role,
      invitationId: invitation.id,
    })
    ctx.session.flash('success', `An invitation has been sent to ${email}.`)
    return ctx.response.redirect().back()
  }

  async resendInvitation(ctx: HttpContext) {
    const team = await findTeam(id(ctx.params.id))
    const invitation = await resendInvitation(
      team,
      id(ctx.params.invitationId),
      ctx.auth.getUserOrFail()
    )
    await this.log(ctx, 'invitation_sent', null, {
      teamId: team.id,
      team: team.name,
      email: invitation.email,
      invitationId: invitation.id,
      resent: true,
    })
    ctx.session.flash('success', `The invitation to ${invitation.email} has been sent again.`)
    return ctx.response.redirect().back()
  }

  async revokeInvitation(ctx: HttpContext) {
    const team = await findTeam(id(ctx.params.id))
    const invitation = await revokeInvitation(team, id(ctx.params.invitationId))
    await this.log(ctx, 'invitation_revoked', null, {
      teamId: team.id,
      team: team.name,
      email: invitation.email,
      invitationId: invitation.id,
    })
    ctx.session.flash('success', `The invitation to ${invitation.email} has been revoked.`)
    return ctx.response.redirect().back()
  }

  /* ---------------------------------------------------------------- users */

  async disableUser(ctx: HttpContext) {
    const user = await setUserDisabled(id(ctx.params.id), true, ctx.auth.getUserOrFail())
    await this.log(ctx, 'user_disabled', user.id, {})
    ctx.session.flash('success', `${user.email} has been disabled and signed out everywhere.`)
    return ctx.response.redirect().back()
  }

  async enableUser(ctx: HttpContext) {
    const user = await setUserDisabled(id(ctx.params.id), false, ctx.auth.getUserOrFail())
    await this.log(ctx, 'user_enabled', user.id, {})
    ctx.session.flash('success', `${user.email} can sign in again.`)
    return ctx.response.redirect().back()
  }

  async resetTwoFactor(ctx: HttpContext) {
    const user = await resetUserTwoFactor(id(ctx.params.id))
    await this.log(ctx, 'two_factor_reset', user.id, {})
    ctx.session.flash(
      'success',
      `Two-factor authentication of ${user.email} has been reset; they set it up again at their next sign-in if their team requires it.`
    )
    return ctx.response.redirect().back()
  }

  async requirePasswordChange(ctx: HttpContext) {
    const user = await requirePasswordChange(id(ctx.params.id))
    await this.log(ctx, 'password_reset_forced', user.id, {})
    ctx.session.flash(
      'success',
      `${user.email} has been signed out and must choose a new password at their next sign-in.`
    )
    return ctx.response.redirect().back()
  }

  async updateAdministratorRoles(ctx: HttpContext) {
    const userId = id(ctx.params.id)
    const input = await ctx.request.validateUsing(administratorRolesValidator)
    const change = await setAdministratorRoles(userId, input, ctx.auth.getUserOrFail())
    await this.log(ctx, 'admin_roles_changed', userId, {
      before: change.before,
      after: change.after,
    })
    if (change.removedOwnAccess) {
      // Account management is no longer theirs: back to a page they can still open.
      ctx.session.flash('success', 'Your administrator access has been changed.')
      return ctx.response.redirect('/')
    }
    ctx.session.flash('success', 'The administrator roles have been saved.')
    return ctx.response.redirect().back()
  }

  /* ---------------------------------------------------------------- roles */

  async storeRole(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(roleValidator)
    const change = await createRole(input)
    await this.log(ctx, 'role_definition_changed', null, { roleId: change.id, ...change })
    ctx.session.flash('success', `The role "${input.name}" has been created.`)
    return ctx.response.redirect().back()
  }

  async updateRole(ctx: HttpContext) {
    const roleId = id(ctx.params.id)
    const input = await ctx.request.validateUsing(roleValidator)
    const change = await updateRole(roleId, input)
    await this.log(ctx, 'role_definition_changed', null, { roleId, ...change })
    ctx.session.flash('success', `The role "${input.name}" has been saved.`)
    return ctx.response.redirect().back()
  }

  async destroyRole(ctx: HttpContext) {
    const role = await deleteRole(id(ctx.params.id))
    await this.log(ctx, 'role_definition_changed', null, {
      roleId: role.id,
      deleted: role.name,
    })
    ctx.session.flash('success', `The role "${role.name}" has been deleted.`)
    return ctx.response.redirect().back()
  }
}
