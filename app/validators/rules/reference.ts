import vine from '@vinejs/vine'

/**
 * A reference to a chosen record (a currency, a product): a positive whole id. Anything else
 * reads as 'Choose a currency.' rather than 'The currency_id field must be positive'.
 */
const referenceRule = vine.createRule<{ noun: string; required: boolean }>(
  (value, options, field) => {
    const blank = value === null || value === undefined || value === ''
    if (blank) {
      if (options.required) field.report(`Choose a ${options.noun}.`, 'reference', field)
      return
    }
    const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
      field.report(`Choose a ${options.noun}.`, 'reference', field)
    }
  },
  { implicit: true }
)

export const reference = (noun: string) =>
  vine
    .any()
    .use(referenceRule({ noun, required: true }))
    .optional()
    .transform((value) => Number(value))

export const optionalReference = (noun: string) =>
  vine
    .any()
    .use(referenceRule({ noun, required: false }))
    .optional()
    .transform((value): number | null =>
      value === null || value === undefined || value === '' ? null : Number(value)
    )
