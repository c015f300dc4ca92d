import vine from '@vinejs/vine'
import { BUDGET_COLUMN_IDS, RSA_YEARS } from '#shared/rsa'

/** The budgets download: what the table shows (columns in order, sort), in one currency. */
export const budgetsExportValidator = vine.create({
  year: vine
    .number()
    .in([...RSA_YEARS])
    .optional(),
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
})
