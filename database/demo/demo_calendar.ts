import type { DateTime } from 'luxon'
import { today as clockToday } from '#services/calendar/clock'

/**
 * The demo's calendar, relative to the day of seeding (the product's clock, UTC): the current
 * fiscal year in progress, the five years before it, and next year (whose budget firms set in
 * the autumn). Everything the demo writes is placed on it, so that a demo seeded on any day
 * looks current and the same day always gives the same data. Tests pin the day with
 * `tests/helpers/clock.ts`.
 */
export interface DemoCalendar {
  /** The day of seeding, at 00:00 UTC. */
  today: DateTime
  /** The fiscal year in progress (calendar years). */
  currentYear: number
  /** The last complete year: the demo's stories about a whole year happen in it. */
  lastYear: number
  /** The first year with data: five years before the current one. */
  firstYear: number
  /** The open data collection's year. */
  nextYear: number
  /** First to current year, in order. */
  years: number[]
}

/** Years of data before the current one. */
export const DEMO_HISTORY_YEARS = 5

export function demoCalendar(today: DateTime = clockToday()): DemoCalendar {
  const day = today.toUTC().startOf('day')
  const currentYear = day.year
  const firstYear = currentYear - DEMO_HISTORY_YEARS
  return {
    today: day,
    currentYear,
    lastYear: currentYear - 1,
    firstYear,
    nextYear: currentYear + 1,
    years: Array.from({ length: DEMO_HISTORY_YEARS + 1 }, (_, index) => firstYear + index),
  }
}

/** 'YYYY-MM-DD' of the day. */
export function isoDay(day: DateTime) {
  return day.toUTC().toISODate()!
}
