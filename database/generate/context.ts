import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { BulkWriter } from '#database/generate/bulk'
import { Random } from '#database/generate/random'
import type { Scale, ScaleName } from '#database/generate/scales'
import { demoCalendar, type DemoCalendar } from '#database/demo/demo_calendar'
import { researchCalendar, type ResearchCalendar } from '#database/demo/research_insights'

const DAY_MS = 86_400_000

/**
 * The generated universe's calendar, the demo's (database/demo/demo_calendar.ts): everything
 * happens between `firstDay` and `lastDay`; `asOf`, the day of generation, decides what is
 * current (contracts running on it), past or upcoming. The same scale and day give the same
 * rows.
 */
export interface GenerationCalendar extends DemoCalendar {
  /** 1 January of the first year (UTC milliseconds). */
  firstDay: number
  /** The last day contracts are planned to: 31 December, at least two months ahead. */
  lastDay: number
  /** The day of generation, 00:00 UTC. */
  asOf: number
  research: ResearchCalendar
}

export function generationCalendar(today: DateTime): GenerationCalendar {
  const calendar = demoCalendar(today)
  const asOf = calendar.today.toMillis()
  return {
    ...calendar,
    firstDay: Date.UTC(calendar.firstYear, 0, 1),
    lastDay: Math.max(Date.UTC(calendar.currentYear, 11, 31), asOf + 60 * DAY_MS),
    asOf,
    research: researchCalendar(calendar.today),
  }
}

export const day = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS
export const addDays = (ms: number, days: number) => ms + days * DAY_MS
export function addYears(ms: number, years: number) {
  const date = new Date(ms)
  date.setUTCFullYear(date.getUTCFullYear() + years)
  return date.getTime()
}

/** 'YYYY-MM-DD' of a UTC instant. */
export function isoDate(ms: number) {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Money as NUMERIC text with two decimals. */
export function money(amount: number) {
  return (Math.round(amount * 100) / 100).toFixed(2)
}

/** The reference rows the generator points at, read once. */
export interface Reference {
  currencies: { id: number; code: string; usdPerUnit: number }[]
  teamTypes: { id: number; key: string }[]
  modules: Map<string, number>
  roles: Map<string, number>
  licenseTypes: { id: number; key: string }[]
  aumRanges: { id: number; sortOrder: number }[]
}

/** The demo seed's rows the generated universe joins. */
export interface DemoRows {
  northbridgeId: number
  northbridgeCurrencyId: number
  helvetiaId: number
  helvetiaCurrencyId: number
  analystId: number
}

export interface GenerationContext {
  trx: TransactionClientContract
  scaleName: ScaleName
  scale: Scale
  writer: BulkWriter
  reference: Reference
  demo: DemoRows
  /** The password hash every generated account shares. */
  passwordHash: string
  /** When the run happens: only password ages are measured from it (accounts stay usable). */
  runAt: number
  calendar: GenerationCalendar
  /** A timestamp in the dialect's format. */
  timestamp: (ms: number) => string
  random: (area: string) => Random
  /** Reports the progress of the current step (done out of total). */
  progress: (done: number, total: number) => void
}

export function createContext(input: {
  trx: TransactionClientContract
  scaleName: ScaleName
  scale: Scale
  reference: Reference
  demo: DemoRows
  passwordHash: string
  runAt: number
  /** The day of generation: the universe's calendar follows it. */
  today: DateTime
  progress?: (done: number, total: number) => void
}): GenerationContext {
  const writer = new BulkWriter(input.trx)
  const timestamp = writer.isPostgres
    ? (ms: number) => new Date(ms).toISOString()
    : (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
  return {
    ...input,
    calendar: generationCalendar(input.today),
    writer,
    timestamp,
    random: (area) => new Random(`spendlens:${area}`),
    progress: input.progress ?? (() => {}),
  }
}

/** A random instant between two instants. */
export function instantBetween(random: Random, from: number, to: number) {
  return Math.floor(random.between(from, to) / 1000) * 1000
}

/** A random day between two days. */
export function dayBetween(random: Random, from: number, to: number) {
  return day(random.between(from, to))
}
