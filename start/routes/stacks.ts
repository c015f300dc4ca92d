import { middleware } from '#start/kernel'

/**
 * The middleware every client page and call goes through: signed in, a password that has not
 * expired, a current team (whose IP ranges and modules apply), and the team's two-factor policy.
 */
export const clientStack = () => [
  middleware.auth(),
  middleware.freshPassword(),
  middleware.team(),
  middleware.twoFactorPolicy(),
]

/** The same for the admin area, where a current team is optional. */
export const adminStack = () => [
  middleware.auth(),
  middleware.freshPassword(),
  middleware.team({ required: false }),
  middleware.twoFactorPolicy(),
]
