import vine from '@vinejs/vine'

/** The team's ranking priority for a provider: 1 Core, 2 Secondary, 3 Tail, or null to clear. */
export const summaryPriorityValidator = vine.create({
  provider_id: vine.number().withoutDecimals().min(1).max(2_147_483_647),
  rankingpriority_id: vine.number().withoutDecimals().min(1).max(2_147_483_647).nullable(),
})

/** A facet value's new name: trimmed, 1–120 characters. */
export const facetNameValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(120),
})
