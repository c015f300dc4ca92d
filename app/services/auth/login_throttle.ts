import limiter from '@adonisjs/limiter/services/main'

/**
 * Failed sign-ins are counted per email and IP pair: five failures block that pair for
 * fifteen minutes, without locking the account for everyone else.
 */
export function loginLimiter() {
  return limiter.use({ requests: 5, duration: '15 minutes', blockDuration: '15 minutes' })
}

export function loginThrottleKey(email: string, ip: string) {
  return `login_${email.trim().toLowerCase()}_${ip}`
}

export function tooManyAttemptsMessage(secondsLeft: number) {
  const minutes = Math.ceil(secondsLeft / 60)
  return minutes > 1
    ? `Too many sign-in attempts. Try again in ${minutes} minutes.`
    : 'Too many sign-in attempts. Try again in a minute.'
}
