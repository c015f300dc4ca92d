/**
 * Password lifetime rules, shared by the server (rotation gate) and the browser (expiry banner).
 */
export const PASSWORD_VALIDITY_DAYS = 90
export const PASSWORD_WARNING_DAYS = 14
export const PASSWORD_BANNER_STORAGE_KEY = 'isPasswordExpiryBannerDismissed'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Whole days left before the password expires (0 or less: expired). Counted in calendar
 * days from the change date so that the wording does not flip during a day.
 */
export function daysUntilPasswordExpiry(changedAt: Date | string, now: Date = new Date()): number {
  const changed = typeof changedAt === 'string' ? new Date(changedAt) : changedAt
  const expiresAt = changed.getTime() + PASSWORD_VALIDITY_DAYS * DAY_MS
  return Math.ceil((expiresAt - now.getTime()) / DAY_MS)
}

export function isPasswordExpired(changedAt: Date | string, now: Date = new Date()): boolean {
  return daysUntilPasswordExpiry(changedAt, now) <= 0
}

export function shouldWarnAboutPasswordExpiry(daysLeft: number): boolean {
  return daysLeft > 0 && daysLeft <= PASSWORD_WARNING_DAYS
}

export function passwordExpiryMessage(daysLeft: number): string {
  return daysLeft === 1
    ? 'Your password will expire tomorrow.'
    : `Your password will expire in ${daysLeft} days.`
}
