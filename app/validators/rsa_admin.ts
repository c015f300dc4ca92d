import vine from '@vinejs/vine'
import { SUBMISSION_STATUSES } from '#shared/data_collection'
import {
  COLLECTION_KINDS,
  COLLECTION_KIND_LABELS,
  ROUND_NAME_MAX_LENGTH,
} from '#shared/data_collection_rounds'
import { OwnMessagesProvider } from '#validators/messages'
import { readableText } from '#validators/rules/readable_text'

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

/** A round's kind is named by its label, never by the value the form sends. */
const KIND_MESSAGE = `Choose what the round collects: ${Object.values(COLLECTION_KIND_LABELS)
  .map((label) => label.toLowerCase())
  .join(' or ')}.`
const roundMessages = new OwnMessagesProvider({
  'kind.required': KIND_MESSAGE,
  'kind.enum': KIND_MESSAGE,
})

/** A data collection round to open (services/data_collection/rounds.ts checks the rest). */
export const openRoundValidator = vine.create({
  kind: vine.enum(COLLECTION_KINDS),
  // Any four-digit year: the service answers with the years a round may be opened for.
  year: vine.number().withoutDecimals().min(1000).max(9999),
  dueDate: vine.string().trim().maxLength(10),
  name: vine.string().trim().maxLength(ROUND_NAME_MAX_LENGTH).use(readableText({})).optional(),
  teamId: vine.number().withoutDecimals().positive().max(2_147_483_647).optional(),
})
openRoundValidator.messagesProvider = roundMessages

/** A round to close: its kind, year (none for the older market data collections) and name. */
export const closeRoundValidator = vine.create({
  kind: vine.enum(COLLECTION_KINDS),
  year: vine.number().withoutDecimals().min(1900).max(2200).nullable().optional(),
  name: vine.string().trim().minLength(1).maxLength(255),
})
closeRoundValidator.messagesProvider = roundMessages

/** A round's new due date: an open round's deadline moves, a closed one opens again. */
export const rescheduleRoundValidator = vine.create({
  kind: vine.enum(COLLECTION_KINDS),
  year: vine.number().withoutDecimals().min(1900).max(2200).nullable().optional(),
  name: vine.string().trim().minLength(1).maxLength(255),
  status: vine.enum(['open', 'closed'] as const),
  dueDate: vine.string().trim().maxLength(10),
})
rescheduleRoundValidator.messagesProvider = new OwnMessagesProvider({
  'kind.required': KIND_MESSAGE,
  'kind.enum': KIND_MESSAGE,
  'status.required': 'Choose an open or a closed round.',
  'status.enum': 'Choose an open or a closed round.',
  'dueDate.required': 'Enter the due date as a date.',
})
