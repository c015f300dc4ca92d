import vine from '@vinejs/vine'
import { SUBMISSION_STATUSES } from '#shared/data_collection'

/*
 * Research Spend Analytics administration: the data collection submissions of every team.
 */

export const SUBMISSION_KINDS = ['all', 'rsa', 'market_data'] as const

export const adminSubmissionsQueryValidator = vine.create({
  status: vine.enum([...SUBMISSION_STATUSES, 'all'] as const).optional(),
  kind: vine.enum(SUBMISSION_KINDS).optional(),
  year: vine.number().withoutDecimals().min(2000).max(2100).optional(),
  q: vine.string().trim().maxLength(160).optional(),
})

/** A status change of a submission, with the message its submitter is mailed. */
export const submissionStatusValidator = vine.create({
  status: vine.enum(SUBMISSION_STATUSES),
  message: vine.string().trim().maxLength(2000).optional(),
})
