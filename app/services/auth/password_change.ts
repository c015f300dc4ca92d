import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { passwordHashOf, verifyCurrentPassword } from '#services/auth/password_check'
import { endOtherSessions } from '#services/auth/user_sessions'
import { fieldError } from '#services/http/field_error'
import { assertPasswordPolicy, minimumLengthForUser } from '#services/auth/password_policy'

/**
 * Changes a signed-in user's password: the current one must be right and the new one
 * different. Restarts the validity period and ends the user's other sessions.
 */
export async function changePassword(
  ctx: Pick<HttpContext, 'request'>,
  user: User,
  currentPassword: string,
  password: string,
  currentSessionId: string
) {
  await verifyCurrentPassword(ctx, user, currentPassword, {
    field: 'currentPassword',
    message: 'The current password is incorrect.',
    action: 'password change',
  })
  if (await hash.verify(await passwordHashOf(user.id), password)) {
    throw fieldError('password', 'Choose a password different from the current one.')
  }
  assertPasswordPolicy(password, {
    minLength: await minimumLengthForUser(user.id),
    email: user.email,
    name: user.name,
  })
  user.password = password
  user.passwordChangedAt = DateTime.now()
  user.passwordResetRequiredAt = null
  await user.save()
  await endOtherSessions(user, currentSessionId)
}
