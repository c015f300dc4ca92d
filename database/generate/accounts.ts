import { MODULES } from '#shared/modules'
import { CONSENT_VERSION } from '#shared/consent'
import { SUPER_ADMINISTRATOR_ROLE } from '#services/accounts/reference_data'
import { INVITATION_TTL_DAYS } from '#services/accounts/invitations'
import { addDays, instantBetween, type GenerationContext } from '#database/generate/context'
import { FIRM_SUFFIXES, FIRM_WORDS, FIRST_NAMES, LAST_NAMES } from '#database/generate/names'
import type { Random } from '#database/generate/random'

export interface GeneratedTeam {
  id: number
  name: string
  currencyId: number
  /** Its team type (null for the demo teams, whose type the generator does not read). */
  teamTypeId: number | null
  /** US dollars per unit of the team's currency (amounts are priced in it). */
  usdPerUnit: number
  modules: Set<string>
  /** Client users of the team (members and managers). */
  members: number[]
  managers: number[]
  /** One of the demo teams the generator adds to. */
  isDemo: boolean
  createdAt: number
}

export interface GeneratedAccounts {
  /** The generated teams, then the demo teams that get a generated slice. */
  teams: GeneratedTeam[]
  northbridge: GeneratedTeam
  helvetia: GeneratedTeam
  /** Generated administrators (they write the audit trail). */
  administrators: number[]
  /** Every generated user with the teams they belong to (first: their current team). */
  users: { id: number; teamIds: number[]; createdAt: number }[]
}

/** How likely a generated team is to hold each module. */
const MODULE_ODDS: [string, number][] = [
  [MODULES.marketDataContracts, 0.88],
  [MODULES.marketDataRateCard, 0.4],
  [MODULES.marketDataDataCollection, 0.4],
  [MODULES.alternativeData, 0.3],
  [MODULES.insightsReports, 0.6],
  [MODULES.rsaBudgets, 0.5],
  [MODULES.trendingThemes, 0.4],
  [MODULES.analystMapping, 0.2],
  [MODULES.ssoManagement, 0.1],
]

const CURRENCY_ODDS: [string, number][] = [
  ['USD', 40],
  ['EUR', 25],
  ['GBP', 20],
  ['CHF', 10],
  ['JPY', 5],
]

/** Team names: firm words with suffixes, in a fixed shuffled order, never repeated. */
export function teamNames(random: Random, count: number) {
  const all = FIRM_WORDS.flatMap((word) => FIRM_SUFFIXES.map((suffix) => `${word} ${suffix}`))
  return random.shuffle(all).slice(0, count)
}

function personName(random: Random) {
  return { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) }
}

function emailOf(first: string, last: string, index: number, domain: string) {
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')
  return `${local}.${index}@${domain}`
}

/**
 * Teams (with modules), users with their memberships, administrators with roles, consents and
 * invitations. Generated users are clients of the generated teams; a few join Northbridge (at
 * example.com, its allowed domain) and a few the other demo teams' peers.
 */
export async function generateAccounts(context: GenerationContext): Promise<GeneratedAccounts> {
  const { scale, writer, reference, demo, timestamp } = context
  const { firstDay, asOf } = context.calendar
  const random = context.random('accounts')
  const currency = (code: string) => reference.currencies.find((entry) => entry.code === code)!

  const teamWriter = await writer.table(
    'teams',
    [
      'id',
      'name',
      'currency_id',
      'team_type_id',
      'region',
      'require_two_factor',
      'password_min_length',
      'allow_self_registration',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const teamModules = await writer.table('team_modules', ['team_id', 'module_id', 'created_at'])

  const teams: GeneratedTeam[] = []
  const names = teamNames(random, scale.teams)
  if (names.length < scale.teams) throw new Error('Not enough team names for this scale')
  for (const name of names) {
    const code = random.weighted(CURRENCY_ODDS)
    const chosen = currency(code)
    const region = code === 'JPY' ? 'APAC' : code === 'USD' && random.chance(0.8) ? 'AMER' : 'EMEA'
    // Teams joined up to about 16 months ago.
    const createdAt = instantBetween(random, firstDay, addDays(asOf, -490))
    const id = teamWriter.nextId()
    const requireTwoFactor = random.chance(0.1)
    const passwordMinLength = random.weighted([
      [12, 80],
      [14, 15],
      [16, 5],
    ] as const)
    const teamTypeId = random.pick(reference.teamTypes).id
    await teamWriter.add(
      id,
      name,
      chosen.id,
      teamTypeId,
      region,
      requireTwoFactor,
      passwordMinLength,
      false,
      timestamp(createdAt),
      timestamp(createdAt)
    )
    const modules = new Set<string>()
    for (const [module, odds] of MODULE_ODDS) {
      if (random.chance(odds)) modules.add(module)
    }
    for (const module of modules) {
      await teamModules.add(id, reference.modules.get(module)!, timestamp(createdAt))
    }
    teams.push({
      id,
      name,
      currencyId: chosen.id,
      teamTypeId,
      usdPerUnit: chosen.usdPerUnit,
      modules,
      members: [],
      managers: [],
      isDemo: false,
      createdAt,
    })
  }
  context.progress(1, 4)

  const demoTeam = (id: number, currencyId: number, modules: string[]): GeneratedTeam => ({
    id,
    name: '',
    currencyId,
    teamTypeId: null,
    usdPerUnit: reference.currencies.find((entry) => entry.id === currencyId)!.usdPerUnit,
    modules: new Set(modules),
    members: [],
    managers: [],
    isDemo: true,
    createdAt: firstDay,
  })
  const northbridge = demoTeam(demo.northbridgeId, demo.northbridgeCurrencyId, [
    MODULES.marketDataContracts,
    MODULES.marketDataRateCard,
    MODULES.insightsReports,
  ])
  northbridge.name = 'Northbridge Asset Management'
  const helvetia = demoTeam(demo.helvetiaId, demo.helvetiaCurrencyId, [
    MODULES.marketDataContracts,
    MODULES.marketDataDataCollection,
    MODULES.alternativeData,
    MODULES.insightsReports,
  ])
  helvetia.name = 'Helvetia Capital Partners'

  const userWriter = await writer.table(
    'users',
    [
      'id',
      'name',
      'email',
      'password',
      'password_changed_at',
      'email_verified_at',
      'is_administrator',
      'should_show_main_nav_user_tour',
      'disabled_at',
      'current_team_id',
      'last_login_at',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const memberships = await writer.table('team_user', ['team_id', 'user_id', 'role', 'created_at'])
  const userRoles = await writer.table('user_roles', ['user_id', 'role_id', 'created_at'])
  const consents = await writer.table('user_consents', ['user_id', 'version', 'ip', 'accepted_at'])

  // Bigger and smaller teams: each team's share of the members.
  const weights = teams.map(() => random.between(0.4, 3))
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0)
  const pickTeam = () => {
    let target = random.next() * totalWeight
    for (const [index, weight] of weights.entries()) {
      target -= weight
      if (target < 0) return teams[index]
    }
    return teams[teams.length - 1]
  }

  const clients = scale.users - scale.administrators
  const users: GeneratedAccounts['users'] = []
  const administrators: number[] = []
  const roleOdds: [string, number][] = [
    [SUPER_ADMINISTRATOR_ROLE, 20],
    ['Market data administrator', 40],
    ['Client services', 40],
  ]

  for (let index = 0; index < scale.users; index++) {
    const id = userWriter.nextId()
    const { first, last } = personName(random)
    const isAdministrator = index >= clients
    const inNorthbridge = !isAdministrator && index < scale.northbridgeMembers
    let userTeams: GeneratedTeam[] = []
    if (isAdministrator) {
      if (random.chance(0.3)) userTeams = [pickTeam()]
    } else if (inNorthbridge) {
      userTeams = [northbridge]
    } else {
      // Every team has at least one member; then in proportion to the teams' sizes.
      const primary =
        index - scale.northbridgeMembers < teams.length
          ? teams[index - scale.northbridgeMembers]
          : pickTeam()
      userTeams = [primary]
      for (const odds of [0.15, 0.04]) {
        if (!random.chance(odds)) break
        const other = pickTeam()
        if (!userTeams.includes(other)) userTeams.push(other)
      }
    }
    const createdAt = instantBetween(
      random,
      Math.max(...userTeams.map((team) => team.createdAt), firstDay),
      addDays(asOf, -32)
    )
    const domain = inNorthbridge ? 'example.com' : 'example.net'
    const disabled = random.chance(0.02)
    const lastLogin = random.chance(0.85) ? instantBetween(random, createdAt, asOf) : null
    await userWriter.add(
      id,
      `${first} ${last}`,
      emailOf(first, last, index + 1, domain),
      context.passwordHash,
      // Passwords changed recently: the accounts can sign in without the rotation gate.
      timestamp(addDays(context.runAt, -random.int(0, 60))),
      random.chance(0.97) ? timestamp(createdAt) : null,
      isAdministrator,
      false,
      disabled ? timestamp(instantBetween(random, createdAt, asOf)) : null,
      userTeams[0]?.id ?? null,
      lastLogin === null ? null : timestamp(lastLogin),
      timestamp(createdAt),
      timestamp(createdAt)
    )
    for (const team of userTeams) {
      const manager = team.members.length === 0 || random.chance(0.08)
      if (!isAdministrator) {
        team.members.push(id)
        if (manager) team.managers.push(id)
      }
      await memberships.add(
        team.id,
        id,
        manager && !isAdministrator ? 'manager' : 'member',
        timestamp(createdAt)
      )
    }
    if (isAdministrator) {
      administrators.push(id)
      const roles = new Set([random.weighted(roleOdds)])
      if (random.chance(0.15)) roles.add(random.weighted(roleOdds))
      for (const role of roles) {
        await userRoles.add(id, reference.roles.get(role)!, timestamp(createdAt))
      }
    }
    if (random.chance(0.7)) {
      await consents.add(
        id,
        CONSENT_VERSION,
        `198.51.100.${random.int(1, 254)}`,
        timestamp(instantBetween(random, createdAt, asOf))
      )
    }
    users.push({ id, teamIds: userTeams.map((team) => team.id), createdAt })
    if (index % 500 === 0) context.progress(1 + (2 * index) / scale.users, 4)
  }
  context.progress(3, 4)

  await generateInvitations(context, random, teams, administrators)
  context.progress(4, 4)

  return { teams: [...teams, northbridge, helvetia], northbridge, helvetia, administrators, users }
}

/** Invitations sent by team managers and administrators: accepted, revoked, expired or open. */
async function generateInvitations(
  context: GenerationContext,
  random: Random,
  teams: GeneratedTeam[],
  administrators: number[]
) {
  const { timestamp } = context
  const { asOf } = context.calendar
  const invitations = await context.writer.table('team_invitations', [
    'team_id',
    'email',
    'role',
    'invited_by_id',
    'nonce',
    'expires_at',
    'last_sent_at',
    'send_count',
    'accepted_at',
    'accepted_by_id',
    'revoked_at',
    'created_at',
  ])
  for (let index = 0; index < context.scale.invitations; index++) {
    const team = random.pick(teams)
    const { first, last } = personName(random)
    const inviter =
      random.chance(0.6) && team.managers.length
        ? random.pick(team.managers)
        : random.pick(administrators)
    const created = instantBetween(random, team.createdAt, asOf)
    const sendCount = random.weighted([
      [1, 80],
      [2, 15],
      [3, 5],
    ] as const)
    const lastSent = addDays(created, (sendCount - 1) * random.int(1, 3))
    const state = random.weighted([
      ['accepted', 50],
      ['expired', 30],
      ['revoked', 10],
      ['open', 10],
    ] as const)
    // Open invitations were sent in the last days before the universe's date.
    const sent =
      state === 'open' ? addDays(asOf, -random.int(0, INVITATION_TTL_DAYS - 1)) : lastSent
    await invitations.add(
      team.id,
      emailOf(first, last, 100_000 + index, 'example.org'),
      random.chance(0.1) ? 'manager' : 'member',
      inviter,
      random.hex(32),
      timestamp(addDays(sent, INVITATION_TTL_DAYS)),
      timestamp(sent),
      sendCount,
      state === 'accepted'
        ? timestamp(addDays(sent, random.int(0, INVITATION_TTL_DAYS - 1)))
        : null,
      null,
      state === 'revoked' ? timestamp(addDays(sent, random.int(0, INVITATION_TTL_DAYS - 1))) : null,
      timestamp(state === 'open' ? sent : created)
    )
  }
}
