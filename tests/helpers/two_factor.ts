import { generate } from 'otplib'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import type User from '#models/user'
import { beginTwoFactorSetup, confirmTwoFactor } from '#services/auth/two_factor'

export async function twoFactorSecretOf(userId: number) {
  const row = await db.from('users').where('id', userId).select('two_factor_secret').firstOrFail()
  return encryption.decrypt<string>(row.two_factor_secret)!
}

/** A code for the current step, or for a step `offset` periods away. */
export async function twoFactorCodeFor(userId: number, offset = 0) {
  return generate({
    secret: await twoFactorSecretOf(userId),
    epoch: Math.floor(Date.now() / 1000) + offset * 30,
  })
}

/** Turns two-factor authentication on without going through the pages. */
export async function enableTwoFactorFor(user: User) {
  await beginTwoFactorSetup(user.id)
  const confirmation = await confirmTwoFactor(user.id, await twoFactorCodeFor(user.id))
  if (confirmation.status !== 'confirmed')
    throw new Error(`Set-up not confirmed: ${confirmation.status}`)
  // The set-up code's step is used; sign-ins start from a clean slate.
  await db.from('users').where('id', user.id).update({ two_factor_last_step: null })
  await user.refresh()
  return confirmation.recoveryCodes
}
