import vine from '@vinejs/vine'
import { rotatePasswordValidator } from '#validators/auth'
import { SUBSCRIPTION_KEYS } from '#shared/consent'

/** Changing the password from Settings follows the same rules as rotating it. */
export const updatePasswordValidator = rotatePasswordValidator

/** `currentPassword` is needed only when the email address changes. */
export const updateProfileValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(160),
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  currentPassword: vine.string().maxLength(128).optional(),
})

export const subscriptionsValidator = vine.create({
  subscriptions: vine.array(vine.enum(SUBSCRIPTION_KEYS)).maxLength(SUBSCRIPTION_KEYS.length),
})

export const unsubscribeValidator = vine.create({
  subscription: vine.enum(SUBSCRIPTION_KEYS),
})
