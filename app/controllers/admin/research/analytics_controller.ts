import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { todayIso } from '#services/calendar/clock'
import { analyticsOf, rangeBounds } from '#services/research/admin/analytics'
import { analyticsRangeValidator } from '#validators/research_analytics'
import {
  DEFAULT_RANGE_WEEKS,
  MAX_RANGE_WEEKS,
  type AnalyticsRange,
  type AnalyticsTab,
} from '#shared/research_analytics'

/** The last DEFAULT_RANGE_WEEKS weeks, today included. */
export function defaultRange(today = todayIso()): AnalyticsRange {
  const to = DateTime.fromISO(today, { zone: 'utc' })
  return { from: to.minus({ days: DEFAULT_RANGE_WEEKS * 7 - 1 }).toISODate()!, to: today }
}

/**
 * The range the address asks for, or the default one with what was wrong with it (shown by the
 * range's fields): a range that is not understood never shows figures of another range unsaid.
 */
export async function rangeOf(qs: Record<string, unknown>) {
  const today = todayIso()
  const fallback = defaultRange(today)
  const [error, valid] = await analyticsRangeValidator.tryValidate(qs)
  const errors: Record<string, string> = {}
  if (error) {
    for (const message of (error as { messages?: { field: string; message: string }[] }).messages ??
      []) {
      errors[message.field] ??= message.message
    }
    return { range: fallback, errors, asked: { from: qs.from, to: qs.to } }
  }
  const range: AnalyticsRange = {
    from: typeof valid.from === 'string' ? valid.from : fallback.from,
    to: typeof valid.to === 'string' ? valid.to : fallback.to,
  }
  if (range.to > today) errors.to = 'The end date cannot be after today.'
  else if (range.from > range.to) errors.from = 'The start date must be on or before the end date.'
  else {
    const days = DateTime.fromISO(range.to).diff(DateTime.fromISO(range.from), 'days').days + 1
    if (days > MAX_RANGE_WEEKS * 7) {
      errors.from = `The range can be at most ${MAX_RANGE_WEEKS} weeks long.`
    }
  }
  if (Object.keys(errors).length) return { range: fallback, errors, asked: range }
  return { range, errors, asked: range }
}

/**
 * Research discovery analytics (`researchDiscoveryAnalytics`): the providers, trends and users
 * tabs over a date range (default: the last 12 weeks).
 */
export default class AnalyticsController {
  async providers(ctx: HttpContext) {
    return this.show(ctx, 'providers')
  }

  async trends(ctx: HttpContext) {
    return this.show(ctx, 'trends')
  }

  async users(ctx: HttpContext) {
    return this.show(ctx, 'users')
  }

  private async show({ inertia, request }: HttpContext, tab: AnalyticsTab) {
    const { range, errors, asked } = await rangeOf(request.qs())
    const figures = await analyticsOf(tab, range)
    return inertia.render('admin/research/analytics', {
      range,
      asked: {
        from: typeof asked.from === 'string' ? asked.from : range.from,
        to: typeof asked.to === 'string' ? asked.to : range.to,
      },
      // Not `errors`: that shared prop carries the session's validation errors.
      rangeErrors: errors,
      weeks: rangeBounds(range).weeks,
      figures,
    })
  }
}
