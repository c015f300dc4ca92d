import vine from '@vinejs/vine'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/password_policy'
import { isCommonPassword, isRepetitivePassword } from '#services/auth/password_policy'

/** Refuses the passwords people use most (and their decorated forms, e.g. "Password2026!"). */
const notCommon = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && isCommonPassword(value)) {
    field.report(
      'This password is one of the most commonly used and easy to guess. Choose another.',
      'notCommon',
      field
    )
  }
})

/** Refuses passwords of a few characters repeated (e.g. "aaaaaaaaaaa1"). */
const notRepetitive = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && isRepetitivePassword(value)) {
    field.report(
      'This password repeats a few characters and is easy to guess. Use more different characters.',
      'notRepetitive',
      field
    )
  }
})

const email = () => vine.string().trim().toLowerCase().email().maxLength(254)

/**
 * The password policy: long enough, with letters and digits, not a common password.
 */
export const newPassword = () =>
  vine
    .string()
    .minLength(PASSWORD_MIN_LENGTH)
    .maxLength(PASSWORD_MAX_LENGTH)
    .regex(/[A-Za-z]/)
    .regex(/[0-9]/)
    .use(notCommon())
    .use(notRepetitive())

export const loginValidator = vine.create({
  email: email(),
  password: vine.string().maxLength(128),
})

export const forgotPasswordValidator = vine.create({
  email: email(),
})

export const resetPasswordValidator = vine.create({
  password: newPassword().confirmed({ confirmationField: 'passwordConfirmation' }),
})

export const rotatePasswordValidator = vine.create({
  currentPassword: vine.string().maxLength(128),
  password: newPassword().confirmed({ confirmationField: 'passwordConfirmation' }),
})

export const confirmPasswordValidator = vine.create({
  password: vine.string().maxLength(128),
})
