import vine from '@vinejs/vine'
import {
  AUM_TIERS,
  BUDGET_COLUMN_IDS,
  BUDGET_STATUS_FILTERS,
  DOMICILES,
  FIRM_TYPES,
  PAYMENT_METHODS,
} from '#shared/rsa'
import { offeredYear } from '#services/calendar/years'
import {
  OUTLIER_NOTE_MAX,
  OUTLIER_NOTE_MIN,
  OUTLIER_RULE_KEYS,
  OUTLIER_SUBJECT_PATTERN,
} from '#shared/rsa_outliers'

/** The budgets download: what the table shows (columns in order, sort), in one currency. */
export const budgetsExportValidator = vine.create({
  year: offeredYear('research_spend', { ahead: true }).optional(),
  currency: vine.number().withoutDecimals().positive().optional(),
  format: vine.enum(['xlsx', 'csv'] as const),
  columns: vine
    .array(vine.enum(BUDGET_COLUMN_IDS))
    .minLength(1)
    .maxLength(BUDGET_COLUMN_IDS.length)
    .distinct()
    .optional(),
  sort: vine.enum(BUDGET_COLUMN_IDS).optional(),
  direction: vine.enum(['asc', 'desc'] as const).optional(),
  q: vine.string().trim().maxLength(100).optional(),
  status: vine.enum(BUDGET_STATUS_FILTERS).optional(),
})

const list = (values: readonly string[]) =>
  vine.array(vine.enum(values)).maxLength(values.length).optional()

/** The custom peer group's criteria (none: the default group); the year is the view's. */
export const peerGroupValidator = vine.create({
  tiers: list(AUM_TIERS.map((tier) => tier.key)),
  firmTypes: list(Object.keys(FIRM_TYPES)),
  paymentMethods: list(Object.keys(PAYMENT_METHODS)),
  domiciles: list(Object.keys(DOMICILES)),
})

/**
 * Acknowledging an outlier: the year, the rule and the subject the page showed, and a note
 * saying why it is accepted. Whether the rules still report that subject is checked after.
 */
export const acknowledgeOutlierValidator = vine.create({
  year: offeredYear('research_spend'),
  rule: vine.enum(OUTLIER_RULE_KEYS),
  subject: vine.string().trim().maxLength(64).regex(OUTLIER_SUBJECT_PATTERN),
  note: vine.string().trim().minLength(OUTLIER_NOTE_MIN).maxLength(OUTLIER_NOTE_MAX),
})
