import { PASSWORD_MIN_LENGTH } from './password_policy.js'

/** The range a team's minimum password length may take. */
export const TEAM_PASSWORD_MIN_LENGTH = { lowest: PASSWORD_MIN_LENGTH, highest: 64 } as const
