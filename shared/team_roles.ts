/**
 * A member's role inside a team. Managers look after their team's own settings (single
 * sign-on, invitations); members use the team's products.
 */
export const TEAM_ROLES = ['member', 'manager'] as const

export type TeamRole = (typeof TEAM_ROLES)[number]

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  member: 'Member',
  manager: 'Team manager',
}

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value)
}
