/**
 * Market data collection: the template's layout and the submission statuses, shared by the
 * server (template, parsing) and the templates page.
 */

export const CONTRACTS_SHEET = 'Contracts'
export const REFERENCE_SHEET = 'Reference'
export const INSTRUCTIONS_SHEET = 'Instructions'

export const TEMPLATE_COLUMNS = [
  { key: 'provider', header: 'Provider', required: true, width: 24 },
  { key: 'contractReference', header: 'Contract reference', required: false, width: 24 },
  { key: 'licenseType', header: 'License type', required: false, width: 18 },
  { key: 'product', header: 'Product', required: true, width: 32 },
  { key: 'division', header: 'Division', required: false, width: 22 },
  { key: 'startDate', header: 'Start date', required: true, width: 13 },
  { key: 'endDate', header: 'End date', required: true, width: 13 },
  { key: 'annualPayment', header: 'Annual payment', required: true, width: 16 },
  { key: 'currency', header: 'Currency', required: true, width: 10 },
  { key: 'comments', header: 'Comments', required: false, width: 40 },
] as const

export type TemplateColumnKey = (typeof TEMPLATE_COLUMNS)[number]['key']

/** Upload limits: the file size and the rows one submission may hold. */
export const MAX_UPLOAD_SIZE = '10mb'
export const MAX_SUBMISSION_ROWS = 5000
/** At most this many rows are reported one by one; the rest are counted. */
export const MAX_REPORTED_ROW_ERRORS = 50

/**
 * A submission moves submitted → processing → in review → completed, or is rejected before it
 * is completed. `submitted` is the stored name of the first step (pending: received, nobody has
 * started on it); completed and rejected are final.
 */
export const SUBMISSION_STATUSES = [
  'completed',
  'submitted',
  'processing',
  'in_review',
  'rejected',
] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]
export const DEFAULT_SUBMISSION_STATUS: SubmissionStatus = 'completed'

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  completed: 'Completed',
  submitted: 'Submitted',
  processing: 'Processing',
  in_review: 'In review',
  rejected: 'Rejected',
}

/** The statuses an administrator may move a submission to from each status. */
export const SUBMISSION_TRANSITIONS: Record<SubmissionStatus, readonly SubmissionStatus[]> = {
  submitted: ['processing', 'rejected'],
  processing: ['in_review', 'rejected'],
  in_review: ['completed', 'rejected'],
  completed: [],
  rejected: [],
}

export function canMoveSubmission(from: string, to: string) {
  return (SUBMISSION_TRANSITIONS[from as SubmissionStatus] ?? []).includes(to as SubmissionStatus)
}

/** The validation error keys of a row report: `rows.{row number}`. */
export const ROW_ERROR_PREFIX = 'rows.'
