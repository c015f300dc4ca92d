import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import { appName } from '#config/app'
import type User from '#models/user'
import { affectedRows } from '#services/db/affected_rows'
import { forgetUser } from '#services/context/request_context'

/** TOTP per RFC 6238: 30-second steps, six digits; one step of clock drift either way. */
export const TOTP_PERIOD_SECONDS = 30
export const RECOVERY_CODE_COUNT = 10

interface TwoFactorColumns {
  two_factor_secret: string | null
  two_factor_confirmed_at: unknown
  two_factor_recovery_codes: string | null
  two_factor_last_step: number | string | null
}

async function columns(userId: number): Promise<TwoFactorColumns> {
  return db
    .from('users')
    .where('id', userId)
    .select(
      'two_factor_secret',
      'two_factor_confirmed_at',
      'two_factor_recovery_codes',
      'two_factor_last_step'
    )
    .firstOrFail()
}

function secretOf(row: TwoFactorColumns) {
  return row.two_factor_secret ? encryption.decrypt<string>(row.two_factor_secret) : null
}

/** Recovery codes are random, so a keyed hash is enough to keep them unreadable at rest. */
function hashCode(code: string) {
  return createHmac('sha256', env.get('APP_KEY').release())
    .update(code.replace(/[\s-]/g, '').toLowerCase())
    .digest('hex')
}

function newRecoveryCodes() {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex')
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
}

export async function twoFactorState(user: User) {
  const row = await columns(user.id)
  const secret = secretOf(row)
  const confirmed = Boolean(row.two_factor_confirmed_at)
  const remaining = row.two_factor_recovery_codes
    ? (JSON.parse(row.two_factor_recovery_codes) as string[]).length
    : 0
  if (confirmed || !secret)
    return { enabled: confirmed, pending: null, recoveryCodesLeft: remaining }
  const uri = generateURI({ issuer: appName, label: user.email, secret })
  return {
    enabled: false,
    recoveryCodesLeft: 0,
    pending: { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) },
  }
}

export function isTwoFactorEnabled(user: { twoFactorConfirmedAt?: unknown }) {
  return Boolean(user.twoFactorConfirmedAt)
}

/**
 * Starts (or restarts) the set-up: a new secret, not active until a code confirms it. Never
 * while two-factor authentication is on (that would turn it off): false then.
 */
export async function beginTwoFactorSetup(userId: number) {
  const result = await db
    .from('users')
    .where('id', userId)
    .whereNull('two_factor_confirmed_at')
    .update({
      two_factor_secret: encryption.encrypt(generateSecret()),
      two_factor_confirmed_at: null,
      two_factor_recovery_codes: null,
      two_factor_last_step: null,
    })
  return affectedRows(result) > 0
}

/**
 * Checks a code against the secret; a code (time step) is accepted once only, even by two
 * requests at the same moment: the step is claimed with a conditional update.
 */
export async function verifyTotp(userId: number, code: string) {
  const row = await columns(userId)
  const secret = secretOf(row)
  const token = code.replace(/\s/g, '')
  if (!secret || !/^\d{6}$/.test(token)) return false
  const result = await verify({
    secret,
    token,
    epochTolerance: TOTP_PERIOD_SECONDS,
  })
  if (!result.valid || !('timeStep' in result)) return false
  const step = Number(result.timeStep)
  const claimed = await db
    .from('users')
    .where('id', userId)
    .where((query) =>
      query.whereNull('two_factor_last_step').orWhere('two_factor_last_step', '<', step)
    )
    .update({ two_factor_last_step: step })
  return Number(Array.isArray(claimed) ? claimed[0] : claimed) > 0
}

export type TwoFactorConfirmation =
  | { status: 'confirmed'; recoveryCodes: string[] }
  | { status: 'invalid_code' }
  | { status: 'already_on' }

/**
 * Confirms a pending set-up with a code and returns the recovery codes (shown once). Once it
 * is on, confirming again changes nothing: new codes are a separate, logged action.
 */
export async function confirmTwoFactor(
  userId: number,
  code: string
): Promise<TwoFactorConfirmation> {
  const current = await columns(userId)
  if (current.two_factor_confirmed_at) return { status: 'already_on' }
  if (!(await verifyTotp(userId, code))) return { status: 'invalid_code' }
  const codes = newRecoveryCodes()
  const result = await db
    .from('users')
    .where('id', userId)
    .whereNull('two_factor_confirmed_at')
    .update({
      two_factor_confirmed_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
      two_factor_recovery_codes: JSON.stringify(codes.map(hashCode)),
    })
  if (affectedRows(result) === 0) return { status: 'already_on' }
  await forgetUser(userId)
  return { status: 'confirmed', recoveryCodes: codes }
}

export async function regenerateRecoveryCodes(userId: number) {
  const codes = newRecoveryCodes()
  await db
    .from('users')
    .where('id', userId)
    .whereNotNull('two_factor_confirmed_at')
    .update({ two_factor_recovery_codes: JSON.stringify(codes.map(hashCode)) })
  return codes
}

/**
 * Spends a recovery code: accepted once, then gone.
 */
export async function useRecoveryCode(userId: number, code: string) {
  return db.transaction(async (trx) => {
    const row = await trx
      .from('users')
      .where('id', userId)
      .forUpdate()
      .select('two_factor_recovery_codes')
      .firstOrFail()
    const hashes: string[] = row.two_factor_recovery_codes
      ? JSON.parse(row.two_factor_recovery_codes)
      : []
    const candidate = Buffer.from(hashCode(code))
    const index = hashes.findIndex(
      (hash) => hash.length === candidate.length && timingSafeEqual(Buffer.from(hash), candidate)
    )
    if (index === -1) return false
    hashes.splice(index, 1)
    await trx
      .from('users')
      .where('id', userId)
      .update({ two_factor_recovery_codes: JSON.stringify(hashes) })
    return true
  })
}

export async function disableTwoFactor(userId: number) {
  await db.from('users').where('id', userId).update({
    two_factor_secret: null,
    two_factor_confirmed_at: null,
    two_factor_recovery_codes: null,
    two_factor_last_step: null,
  })
  await forgetUser(userId)
}
