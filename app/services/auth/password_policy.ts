import { dictionary } from '@zxcvbn-ts/language-common'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD_MIN_LENGTH } from '#shared/password_policy'
import { fieldError } from '#services/http/field_error'

let common: Set<string> | null = null

/** The maintained list of the most common passwords (zxcvbn-ts), loaded once. */
function commonPasswords() {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()))
  return common
}

/**
 * A password is common when it, or its word stripped of leading/trailing digits and symbols
 * ("Password2026!" → "password"), is on the list of the most used passwords.
 */
export function isCommonPassword(password: string) {
  const lower = password.toLowerCase()
  const candidates = new Set([
    lower,
    lower.replace(/[^a-z]+$/u, ''),
    lower.replace(/^[^a-z]+/u, ''),
    lower.replace(/^[^a-z]+|[^a-z]+$/gu, ''),
  ])
  return [...candidates].some((word) => word.length >= 4 && commonPasswords().has(word))
}

/** Fewer different characters than this make a password easy to guess whatever its length. */
export const PASSWORD_MIN_DISTINCT_CHARACTERS = 5

/** "aaaaaaaaaaa1", "121212121212ab": long, with letters and digits, and still trivial. */
export function isRepetitivePassword(password: string) {
  return new Set(password.toLowerCase()).size < PASSWORD_MIN_DISTINCT_CHARACTERS
}

/**
 * The strictest minimum length among the given teams (never below the product minimum).
 */
export async function minimumLengthForTeams(teamIds: number[]) {
  if (teamIds.length === 0) return PASSWORD_MIN_LENGTH
  const row = await db
    .from('teams')
    .whereIn('id', teamIds)
    .max('password_min_length as length')
    .first()
  return Math.max(PASSWORD_MIN_LENGTH, Number(row?.length ?? 0))
}

export async function minimumLengthForUser(userId: number) {
  const memberships = await db.from('team_user').where('user_id', userId).select('team_id')
  return minimumLengthForTeams(memberships.map((row) => row.team_id as number))
}

/**
 * Rules that depend on who sets the password: their teams' minimum length, and not their own
 * email address or name. (Length, letters and digits and the common-password list are checked
 * by the validator for everyone.)
 */
export function assertPasswordPolicy(
  password: string,
  context: { minLength: number; email: string; name?: string | null },
  field = 'password'
) {
  if (password.length < context.minLength) {
    throw fieldError(
      field,
      `Your team requires passwords of at least ${context.minLength} characters.`
    )
  }
  const lower = password.toLowerCase()
  const local = context.email.split('@')[0].toLowerCase()
  const nameParts = (context.name ?? '').toLowerCase().split(/\s+/u)
  if (
    (local.length >= 4 && lower.includes(local)) ||
    nameParts.some((part) => part.length >= 4 && lower.includes(part))
  ) {
    throw fieldError(field, 'The password must not contain your name or email address.')
  }
}

/**
 * The whole policy for a new account's password, as the web applies it (the validator's rules,
 * then the teams' minimum length and the person's name and email), for accounts created
 * outside a form: operators' commands and the demo seed. Throws the validator's error.
 */
export async function assertNewAccountPassword(
  password: string,
  person: { email: string; name: string; teamIds: number[]; minLength?: number }
) {
  const { newPassword } = await import('#validators/auth')
  await vine.validate({ schema: vine.object({ password: newPassword() }), data: { password } })
  assertPasswordPolicy(password, {
    minLength: Math.max(person.minLength ?? 0, await minimumLengthForTeams(person.teamIds)),
    email: person.email,
    name: person.name,
  })
}
