import { type DateTime } from 'luxon'
import { createTeam, createUser } from '#services/accounts/accounts'
import { MODULES, type ModuleName } from '#shared/modules'

export const TEST_PASSWORD = 'Correct-Horse-Battery-42'

let sequence = 0
const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${(sequence++).toString(36)}`

export async function makeTeam(
  overrides: { name?: string; currencyCode?: string; modules?: ModuleName[] } = {}
) {
  return createTeam({
    name: overrides.name ?? unique('Team'),
    currencyCode: overrides.currencyCode ?? 'GBP',
    teamTypeKey: 'asset_manager',
    region: 'EMEA',
    moduleNames: overrides.modules ?? [MODULES.marketDataContracts],
  })
}

export async function makeUser(
  overrides: {
    teams?: { name: string }[]
    isAdministrator?: boolean
    roles?: string[]
    passwordChangedAt?: DateTime
    email?: string
    emailVerified?: boolean
    showTour?: boolean
  } = {}
) {
  return createUser({
    name: 'Test User',
    email: overrides.email ?? `${unique('user').replace(/\s/g, '.').toLowerCase()}@example.com`,
    password: TEST_PASSWORD,
    teamNames: (overrides.teams ?? []).map((team) => team.name),
    isAdministrator: overrides.isAdministrator ?? false,
    roleNames: overrides.roles ?? [],
    passwordChangedAt: overrides.passwordChangedAt,
    emailVerified: overrides.emailVerified,
    // The first-time tour covers the page; tests that are about it turn it on.
    showTour: overrides.showTour ?? false,
  })
}

/**
 * A session in which the password was just confirmed. Built at the request: a value taken when
 * the spec file loads expires (5 minutes) before a long suite reaches the test.
 */
export function passwordJustConfirmed() {
  return { password_confirmed_at: Date.now() }
}
