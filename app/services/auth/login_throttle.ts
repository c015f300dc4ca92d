import limiter from '@adonisjs/limiter/services/main'
import type { Limiter } from '@adonisjs/limiter'

/**
 * Failed sign-ins are counted per email and IP pair: five failures block that pair for
 * fifteen minutes, without locking the account for everyone else.
 */
export function loginLimiter() {
  return limiter.use({ requests: 5, duration: '15 minutes', blockDuration: '15 minutes' })
}

/**
 * Failed sign-ins from one address across all accounts (password spraying). Higher than the
 * per-account limit: a firm's whole office may sign in through one address.
 */
export const LOGIN_FAILURES_PER_IP = 30

export function loginIpLimiter() {
  return limiter.use({
    requests: LOGIN_FAILURES_PER_IP,
    duration: '15 minutes',
    blockDuration: '15 minutes',
  })
}

/** Wrong two-factor codes for one account from any address. */
export function twoFactorAccountLimiter() {
  return limiter.use({ requests: 10, duration: '15 minutes', blockDuration: '15 minutes' })
}

export function loginThrottleKey(email: string, ip: string) {
  return `login_${email.trim().toLowerCase()}_${ip}`
}

/** One limiter and the key it counts under. */
export interface AttemptCounter {
  limiter: Limiter
  key: string
}

export function loginCounters(email: string, ip: string): AttemptCounter[] {
  return [
    { limiter: loginLimiter(), key: loginThrottleKey(email, ip) },
    { limiter: loginIpLimiter(), key: `login_ip_${ip}` },
  ]
}

export function twoFactorCounters(userId: number, ip: string): AttemptCounter[] {
  return [
    { limiter: loginLimiter(), key: `two_factor_${userId}_${ip}` },
    { limiter: twoFactorAccountLimiter(), key: `two_factor_user_${userId}` },
  ]
}

/**
 * Checks of a signed-in user's current password (confirmation, password and email changes):
 * per account, whatever the address, so that a hijacked session cannot guess it.
 */
export function passwordCheckCounters(userId: number): AttemptCounter[] {
  return [{ limiter: loginLimiter(), key: `password_check_${userId}` }]
}

/** Seconds until every counter lets an attempt through again; 0 when none is exhausted. */
export async function secondsBlocked(counters: AttemptCounter[]) {
  let seconds = 0
  for (const { limiter: counter, key } of counters) {
    if ((await counter.remaining(key)) > 0) continue
    seconds = Math.max(seconds, await counter.availableIn(key))
  }
  return seconds
}

export async function countFailure(counters: AttemptCounter[]) {
  for (const { limiter: counter, key } of counters) await counter.increment(key)
}

/**
 * A success clears the account's own counters. The counters of a whole address are left to
 * expire: signing in to one's own account must not reset a spraying address's count.
 */
export async function clearFailures(counters: AttemptCounter[]) {
  await counters[0].limiter.delete(counters[0].key)
}

export function tooManyAttemptsMessage(secondsLeft: number) {
  const minutes = Math.ceil(secondsLeft / 60)
  return minutes > 1
    ? `Too many sign-in attempts. Try again in ${minutes} minutes.`
    : 'Too many sign-in attempts. Try again in a minute.'
}

export function tooManyPasswordGuessesMessage(secondsLeft: number) {
  const minutes = Math.ceil(secondsLeft / 60)
  return minutes > 1
    ? `Too many wrong passwords. Try again in ${minutes} minutes.`
    : 'Too many wrong passwords. Try again in a minute.'
}
