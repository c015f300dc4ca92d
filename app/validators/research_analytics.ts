import vine from '@vinejs/vine'
import { DateTime } from 'luxon'

/**
 * The research discovery analytics' date range (`from`, `to`, both days included), as the
 * address gives it: real dates written YYYY-MM-DD. The controller checks their order, today and
 * the longest range.
 */
const dayRule = vine.createRule<{ label: string }>((value, options, field) => {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    !DateTime.fromISO(value, { zone: 'utc' }).isValid
  ) {
    field.report(`The ${options.label} must be a real date written YYYY-MM-DD.`, 'rangeDate', field)
  }
})

// Anything the address holds (text, a list) reaches the rule, which says what a date must be.
export const analyticsRangeValidator = vine.create({
  from: vine
    .any()
    .use(dayRule({ label: 'start date' }))
    .optional(),
  to: vine
    .any()
    .use(dayRule({ label: 'end date' }))
    .optional(),
})
