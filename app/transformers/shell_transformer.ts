import type User from '#models/user'
import type { TeamContext } from '#services/teams/team_context'

/**
 * The signed-in user as every page sees it. An explicit field list: nothing else leaves.
 */
export function sharedUser(user: User, options: { signedInWithSso: boolean }) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdministrator: user.isAdministrator,
    emailVerified: user.emailVerifiedAt !== null,
    passwordChangedAt: user.passwordChangedAt.toISO()!,
    /** Signed in through single sign-on: our password's expiry does not concern them here. */
    signedInWithSso: options.signedInWithSso,
    shouldShowMainNavUserTour: user.shouldShowMainNavUserTour,
  }
}

export function sharedTeam(context: TeamContext) {
  const current = context.currentTeam
  return {
    teams: context.teams.map((team) => ({ id: team.id, name: team.name })),
    current: current
      ? {
          id: current.id,
          name: current.name,
          region: current.region,
          currency: {
            id: current.currency.id,
            code: current.currency.code,
            name: current.currency.name,
          },
        }
      : null,
    moduleNames: context.moduleNames,
  }
}
