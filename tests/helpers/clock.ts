import { DateTime, Settings } from 'luxon'

/**
 * Pins the product's clock (`#services/calendar/clock`) to a date, or to an instant given as an
 * ISO string; returns a function that puts the real clock back. In a test:
 *
 *   const restore = pinClock('2026-11-28')
 *   cleanup(restore)
 */
export function pinClock(at: string): () => void {
  const previous = Settings.now
  const instant = DateTime.fromISO(at.length === 10 ? `${at}T12:00:00` : at, { zone: 'utc' })
  if (!instant.isValid) throw new Error(`pinClock: "${at}" is not a date`)
  const millis = instant.toMillis()
  Settings.now = () => millis
  return () => {
    Settings.now = previous
  }
}

/** Puts the real clock back (for a suite's teardown). */
export function restoreClock() {
  Settings.now = () => Date.now()
}
