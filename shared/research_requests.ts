import type { RequestStatus } from './research.js'

/*
 * Research requests as the research team handles them (`researchRequestsAdmin`): the status
 * lifecycle, the queue's filters and the rows and detail the administration pages receive.
 */

/**
 * Where a request may go from each status: taken in progress or declined when submitted;
 * answered (with the answer form) or declined once in progress. Answered and declined are final.
 */
export const REQUEST_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  submitted: ['in_progress', 'declined'],
  in_progress: ['answered', 'declined'],
  answered: [],
  declined: [],
}

export function canMoveRequest(from: RequestStatus, to: RequestStatus) {
  return REQUEST_TRANSITIONS[from]?.includes(to) ?? false
}

/** The queue's status filter: the open requests (submitted or in progress) unless asked. */
export const REQUEST_STATUS_FILTERS = {
  open: 'Open',
  submitted: 'Submitted',
  in_progress: 'In progress',
  answered: 'Answered',
  declined: 'Declined',
  all: 'All',
} as const
export type RequestStatusFilter = keyof typeof REQUEST_STATUS_FILTERS

export const OPEN_REQUEST_STATUSES: readonly RequestStatus[] = ['submitted', 'in_progress']

/** The most documents an answer links. */
export const MAX_ANSWER_DOCUMENTS = 20
export const ANSWER_MIN = 20
export const ANSWER_MAX = 8000
export const DECLINE_REASON_MIN = 10
export const STATUS_MESSAGE_MAX = 2000

/** The queue's filters as the address gives them (page 1 when no page). */
export interface RequestQueueFilters {
  status: RequestStatusFilter
  team: number | null
  /** An administrator's id, 'me' or 'none' (not assigned). */
  assignee: number | 'me' | 'none' | null
  overdue: boolean
  page: number
}

export interface RequestAssignee {
  id: number
  name: string
  email: string
}

export interface RequestQueueRow {
  id: number
  reference: string
  topic: string
  team: { id: number; name: string }
  requester: { name: string; email: string } | null
  neededBy: string
  /** Open and past its needed-by date. */
  overdue: boolean
  status: RequestStatus
  statusLabel: string
  assignee: { id: number; name: string } | null
  createdAt: string
  /** Whole days since the request was sent. */
  ageDays: number
}

export interface RequestDocumentChoice {
  id: number
  title: string
  provider: string
  publishedAt: string
}

export interface RequestStatusChangeView {
  from: RequestStatus
  to: RequestStatus
  message: string | null
  by: string | null
  at: string
}

export interface RequestDetail extends RequestQueueRow {
  description: string
  assetClass: string
  region: string
  themes: string[]
  response: string | null
  respondedAt: string | null
  documents: RequestDocumentChoice[]
  nextStatuses: RequestStatus[]
  history: RequestStatusChangeView[]
}
