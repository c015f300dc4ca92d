import vine from '@vinejs/vine'
import { PROVIDER_TYPES } from '#models/provider'

export const providerTypeValidator = vine.create({
  providerTypeKey: vine.enum(PROVIDER_TYPES).optional(),
})
