import { errors } from '@vinejs/vine'

/**
 * A business-rule failure reported like a validation error: the page gets it as
 * `errors[field]`, JSON callers get 422, and input (except passwords) is kept.
 */
export function fieldError(field: string, message: string, rule = 'business') {
  return new errors.E_VALIDATION_ERROR([{ field, message, rule }])
}
