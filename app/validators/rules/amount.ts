import vine from '@vinejs/vine'
import { amountError, isBlankAmount, type AmountRule } from '#shared/amounts'

/**
 * The shared amount rule as a VineJS rule. Implicit, so that a missing amount is reported with
 * the field's own label rather than the generic 'required' message.
 */
const amountRule = vine.createRule<AmountRule & { required: boolean }>(
  (value, options, field) => {
    if (isBlankAmount(value)) {
      if (options.required) field.report(`${options.label} is required.`, 'amount', field)
      return
    }
    const message = amountError(value, options)
    if (message) field.report(message, 'amount', field)
  },
  { implicit: true }
)

/** A required amount (number or numeric text), as a number. */
export const amount = (rule: AmountRule) =>
  vine
    .any()
    .use(amountRule({ ...rule, required: true }))
    .optional()
    .transform((value) => Number(value))

/** An amount that may be left blank (null). */
export const optionalAmount = (rule: AmountRule) =>
  vine
    .any()
    .use(amountRule({ ...rule, required: false }))
    .optional()
    .transform((value): number | null => (isBlankAmount(value) ? null : Number(value)))
