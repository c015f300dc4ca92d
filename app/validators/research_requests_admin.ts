import vine from '@vinejs/vine'
import { REQUEST_STATUSES } from '#shared/research'
import {
  ANSWER_MAX,
  ANSWER_MIN,
  MAX_ANSWER_DOCUMENTS,
  REQUEST_STATUS_FILTERS,
  STATUS_MESSAGE_MAX,
} from '#shared/research_requests'
import { OwnMessagesProvider } from '#validators/messages'

/*
 * Research requests administration (`researchRequestsAdmin`): the queue's filters, and the
 * assignment, status and answer forms. What needs the database (the assignee holds the research
 * discovery permission, the move is allowed, the team may read the documents) is checked next
 * by app/services/research/admin/requests.ts, in the same words.
 */

const OWN_MESSAGES: Record<string, string> = {
  'assigneeId.number': 'Choose an administrator from the list.',
  'assigneeId.withoutDecimals': 'Choose an administrator from the list.',
  'assigneeId.positive': 'Choose an administrator from the list.',
  'assigneeId.max': 'Choose an administrator from the list.',
  'assigneeId.required': 'Choose an administrator from the list, or nobody.',
  'status.required': 'Choose the new status.',
  'status.enum': 'Choose the new status from the list.',
  'message.maxLength': `The message holds at most ${STATUS_MESSAGE_MAX} characters.`,
  'answer.required': 'Write the answer the requester will read.',
  'answer.minLength': `Write the answer the requester will read (at least ${ANSWER_MIN} characters).`,
  'answer.maxLength': `The answer holds at most ${ANSWER_MAX} characters.`,
  'documentIds.array': 'Choose the documents from the search results.',
  'documentIds.maxLength': `Link at most ${MAX_ANSWER_DOCUMENTS} documents.`,
  'documentIds.distinct': 'Link each document once.',
  'documentIds.*.number': 'Choose the documents from the search results.',
  'documentIds.*.withoutDecimals': 'Choose the documents from the search results.',
  'documentIds.*.positive': 'Choose the documents from the search results.',
  'documentIds.*.max': 'Choose the documents from the search results.',
}

const messages = new OwnMessagesProvider(OWN_MESSAGES)

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)

/** The queue's address: anything it does not understand is reported, and ignored. */
export const requestQueueValidator = vine.create({
  status: vine.enum(Object.keys(REQUEST_STATUS_FILTERS)).optional(),
  team: id().optional(),
  // An administrator's id, `me` or `none` (not assigned).
  assignee: vine
    .string()
    .trim()
    .regex(/^(me|none|[1-9]\d{0,9})$/)
    .optional(),
  overdue: vine.enum(['1', 'true']).optional(),
  page: vine.any().optional(),
})

/** The detail page's document search. */
export const requestDetailValidator = vine.create({
  q: vine.string().trim().maxLength(120).optional(),
})

export const assignRequestValidator = vine.create({
  assigneeId: id().nullable(),
})
assignRequestValidator.messagesProvider = messages

export const requestStatusValidator = vine.create({
  status: vine.enum(Object.keys(REQUEST_STATUSES)),
  message: vine.string().trim().maxLength(STATUS_MESSAGE_MAX).nullable().optional(),
})
requestStatusValidator.messagesProvider = messages

export const answerRequestValidator = vine.create({
  answer: vine.string().trim().minLength(ANSWER_MIN).maxLength(ANSWER_MAX),
  documentIds: vine.array(id()).maxLength(MAX_ANSWER_DOCUMENTS).distinct().optional(),
})
answerRequestValidator.messagesProvider = messages
