import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import type User from '#models/user'
import { endOtherSessions } from '#services/auth/user_sessions'
import { fieldError } from '#services/http/field_error'
import { assertPasswordPolicy, minimumLengthForUser } from '#services/auth/password_policy'

/**
 * Changes a signed-in user's password: the current one must be right and the new one
 * different. Restarts the validity period and ends the user's other sessions.
 */
export async function changePassword(
  user: User,
  currentPassword: string,
  password: string,
  currentSessionId: string
) {
  if (!(await hash.verify(user.password, currentPassword))) {
    throw fieldError('currentPassword', 'The current password is incorrect.')
  }
  if (await hash.verify(user.password, password)) {
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
