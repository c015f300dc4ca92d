import vine from '@vinejs/vine'
import { DOMICILES, RESEARCH_PROVIDER_TYPES } from '#shared/rsa'
import { reference } from '#validators/rules/reference'

const PROVIDER_TYPE_KEYS = Object.keys(
  RESEARCH_PROVIDER_TYPES
) as (keyof typeof RESEARCH_PROVIDER_TYPES)[]
const REGION_KEYS = Object.keys(DOMICILES) as (keyof typeof DOMICILES)[]

/** At most this many other spellings per provider: enough for every import source. */
export const MAX_ALIASES = 50

/**
 * A provider key is the provider's address: lower-case words joined by single dashes. The rule
 * reports under its own name, so that the message (messages.ts) says what is allowed.
 */
const providerSlug = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) {
    field.report('The provider key is not in the expected format.', 'providerSlug', field)
  }
})

/** A research provider as the providers page edits it; aliases are its other spellings. */
export const researchProviderValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(160),
  provider_key: vine.string().trim().toLowerCase().minLength(2).maxLength(80).use(providerSlug()),
  research_provider_type: vine.enum(PROVIDER_TYPE_KEYS),
  is_independent: vine.boolean(),
  parent_group: vine.string().trim().maxLength(160).nullable().optional(),
  hq_region: vine.enum(REGION_KEYS).nullable().optional(),
  is_active: vine.boolean(),
  aliases: vine
    .array(vine.string().trim().minLength(1).maxLength(160))
    .maxLength(MAX_ALIASES)
    .optional(),
})

/** Two providers to merge: the one that stays and the one merged into it. */
export const researchProviderMergeValidator = vine.create({
  survivor_id: reference('provider that stays'),
  merged_id: reference('provider to merge'),
})

/** The list's search and filters, from the address: anything not understood is dropped. */
export const researchProviderListValidator = vine.create({
  q: vine.string().trim().maxLength(100).optional(),
  type: vine.enum(PROVIDER_TYPE_KEYS).optional(),
  independence: vine.enum(['independent', 'affiliated'] as const).optional(),
})

/** The research providers' audit trail: who changed them (the page follows the list page rule). */
export const researchProviderAuditValidator = vine.create({
  user: vine.number().withoutDecimals().positive().optional(),
})
