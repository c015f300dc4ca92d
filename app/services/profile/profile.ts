import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import { keepEmailOnEvents, recordSecurityEvent } from '#services/auth/security_log'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { fieldError } from '#services/http/field_error'
import { CONSENT_VERSION, SUBSCRIPTION_KEYS, type SubscriptionKey } from '#shared/consent'

/**
 * Updates the name. (A new email address goes through `requestEmailChange`: it takes effect
 * only once confirmed from the new address.)
 */
export async function updateProfile(user: User, input: { name: string }) {
  user.name = input.name
  await user.save()
}

export async function subscriptionsOf(userId: number): Promise<SubscriptionKey[]> {
  const rows: { subscription: string }[] = await db
    .from('email_subscriptions')
    .where('user_id', userId)
    .select('subscription')
  return rows
    .map((row) => row.subscription)
    .filter((key): key is SubscriptionKey => SUBSCRIPTION_KEYS.includes(key as SubscriptionKey))
}

/**
 * Replaces the user's subscriptions with the given set, in one transaction.
 */
export async function setSubscriptions(userId: number, keys: SubscriptionKey[]) {
  await db.transaction(async (trx) => {
    await trx.from('email_subscriptions').where('user_id', userId).delete()
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    if (keys.length) {
      await trx.table('email_subscriptions').multiInsert(
        [...new Set(keys)].map((subscription) => ({
          user_id: userId,
          subscription,
          created_at: now,
        }))
      )
    }
  })
}

export async function unsubscribe(userId: number, key: SubscriptionKey) {
  await db.from('email_subscriptions').where({ user_id: userId, subscription: key }).delete()
}

export async function acceptedConsent(userId: number) {
  const row = await db
    .from('user_consents')
    .where({ user_id: userId, version: CONSENT_VERSION })
    .select('accepted_at')
    .first()
  return row ? new Date(row.accepted_at).toISOString() : null
}

export async function acceptConsent(userId: number, ip: string) {
  await db
    .insertQuery()
    .table('user_consents')
    .insert({
      user_id: userId,
      version: CONSENT_VERSION,
      ip,
      accepted_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
    .knexQuery.onConflict(['user_id', 'version'])
    .ignore()
}

/**
 * Deletes the account, logged with its email address. The last active administrator cannot delete themselves: someone must be
 * left to run the service.
 */
export async function deleteAccount(ctx: Pick<HttpContext, 'request'>, user: User) {
  await db.transaction(async (trx) => {
    if (user.isAdministrator) {
      const row = await trx
        .from('users')
        .where('is_administrator', true)
        .whereNull('disabled_at')
        .whereNot('id', user.id)
        .count('* as total')
        .first()
      if (Number(row?.total ?? 0) === 0) {
        throw fieldError(
          'account',
          'You are the last administrator: appoint another administrator before deleting your account.'
        )
      }
    }
    await keepEmailOnEvents(trx, user.id, user.email)
    user.useTransaction(trx)
    await user.delete()
    await recordSecurityEvent(
      ctx,
      { userId: null, email: user.email, event: 'account_deleted', details: { by: 'the user' } },
      trx
    )
  })
}
