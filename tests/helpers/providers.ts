import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { MODULES } from '#shared/modules'
import type { MoveType, Seniority } from '#shared/providers'
import { insertReturningId } from '#services/db/insert'
import { refreshProviderStatistics } from '#services/providers/statistics'
import { researchProvider, rsaBudget, rsaMember, rsaTeam } from '#tests/helpers/rsa'

/*
 * Small, hand-checkable analyst-mapping worlds for tests: analysts with their coverage, moves
 * with the sectors they covered, and the statistics refreshed as the product does.
 */

let sequence = 0
const now = () => DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)

export async function sectorIds() {
  const rows = await db.from('sectors').select('id', 'name')
  return Object.fromEntries(rows.map((row) => [row.name as string, Number(row.id)])) as Record<
    string,
    number
  >
}

export async function analyst(input: {
  name: string
  provider: { id: number } | null
  startYear: number
  seniority?: Seniority
  status?: 'active' | 'left_industry'
  coverage?: { year: number; sectorId: number; region: string; lead?: boolean }[]
  verifiedAt?: string | null
}) {
  const id = await insertReturningId(db, 'analysts', {
    external_id: `T-${++sequence}`,
    full_name: input.name,
    provider_id: input.provider?.id ?? null,
    seniority: input.seniority ?? 'analyst',
    industry_start_year: input.startYear,
    status: input.status ?? 'active',
    asset_class: 'equity',
    is_ranked: false,
    source: 'test',
    last_verified_at: input.verifiedAt === undefined ? now() : input.verifiedAt,
    created_at: now(),
    updated_at: now(),
  })
  for (const cell of input.coverage ?? []) {
    await db.table('analyst_coverages').insert({
      analyst_id: id,
      year: cell.year,
      sector_id: cell.sectorId,
      region_code: cell.region,
      is_lead: cell.lead ?? false,
    })
  }
  return { id, name: input.name }
}

export async function move(input: {
  analyst: { id: number }
  date: string
  type: MoveType
  from: { id: number } | null
  to: { id: number } | null
  experience: number
  cells?: { sectorId: number; region: string }[]
}) {
  const id = await insertReturningId(db, 'analyst_moves', {
    analyst_id: input.analyst.id,
    event_date: input.date,
    year: Number(input.date.slice(0, 4)),
    type: input.type,
    from_provider_id: input.from?.id ?? null,
    to_provider_id: input.to?.id ?? null,
    experience_years: input.experience,
    source: 'test',
    created_at: now(),
    updated_at: now(),
  })
  for (const cell of input.cells ?? []) {
    await db.table('analyst_move_coverages').insert({
      move_id: id,
      sector_id: cell.sectorId,
      region_code: cell.region,
    })
  }
  return { id }
}

/** A team holding Providers (and Research Spend Analytics), with a member signed in there. */
export async function providersTeam(
  options: { modules?: (typeof MODULES)[keyof typeof MODULES][] } = {}
) {
  const { team, currencyId } = await rsaTeam({
    currency: 'GBP',
    modules: options.modules ?? [MODULES.analystMapping, MODULES.rsaBudgets],
  })
  const member = await rsaMember(team)
  return { team, currencyId, member }
}

/**
 * The world the Providers tests compute by hand (2024; E = Energy, F = Financials):
 *
 * - a1 (in the industry since 2010) covers E/UK; leaves A for B on 1 March 2024 with 14 years
 *   (the move records E/UK);
 * - a2 (since 2020) covers F/UK at A all along;
 * - a3 (since 2022) joins A from outside on 1 June 2024 with 2 years, covering E/US;
 * - a4 (since 2000) covers E/UK and F/UK at A and leaves the industry on 1 September 2024 with
 *   24 years (no sectors recorded with the move: its 2024 coverage applies);
 * - a5 (since 2015) covers F/US at B all along.
 *
 * A in 2024, every sector and region: 3 at the start (a1, a2, a4), 2 at the end (a2, a3); one
 * joiner (+2 years), two leavers (−38 years); net change −1 (−33.3 %), net experience −36;
 * average experience at the end (4 + 2) ÷ 2 = 3.0; no senior analyst; stability 33.3 %.
 *
 * The viewer's team pays A £120,000 for 2024 and recorded, with A in 2024: one Energy
 * interaction, one Financials interaction, one with a2 (no sector: F from a2's coverage) and one
 * it cannot map; and one in 2023. Sector breakdown for A: E 1, F 2, 4 in all, 75 % mapped.
 * Top sectors: F (2), E (1). Alert: A lost 2 of the 3 analysts covering them (−38 years).
 */
export async function analystWorld() {
  const sectors = await sectorIds()
  const E = sectors['Energy']
  const F = sectors['Financials']
  const A = await researchProvider('Ashdown Securities', 'bulge_bracket')
  const B = await researchProvider('Brookline Research', 'premium_broker')
  const both = (sectorId: number, region: string) => [
    { year: 2023, sectorId, region },
    { year: 2024, sectorId, region },
  ]
  const a1 = await analyst({
    name: 'Alice Ashby',
    provider: B,
    startYear: 2010,
    coverage: both(E, 'UK'),
  })
  const a2 = await analyst({
    name: 'Bruno Bell',
    provider: A,
    startYear: 2020,
    coverage: both(F, 'UK'),
  })
  const a3 = await analyst({
    name: 'Chloe Chen',
    provider: A,
    startYear: 2022,
    seniority: 'associate',
    coverage: [{ year: 2024, sectorId: E, region: 'US' }],
  })
  const a4 = await analyst({
    name: 'Dmitri Dorn',
    provider: null,
    startYear: 2000,
    seniority: 'md',
    status: 'left_industry',
    coverage: [...both(E, 'UK'), ...both(F, 'UK')],
  })
  const a5 = await analyst({
    name: 'Eve Evans',
    provider: B,
    startYear: 2015,
    coverage: both(F, 'US'),
  })
  await move({
    analyst: a1,
    date: '2024-03-01',
    type: 'joiner',
    from: A,
    to: B,
    experience: 14,
    cells: [{ sectorId: E, region: 'UK' }],
  })
  await move({ analyst: a3, date: '2024-06-01', type: 'joiner', from: null, to: A, experience: 2 })
  await move({
    analyst: a4,
    date: '2024-09-01',
    type: 'left_industry',
    from: A,
    to: null,
    experience: 24,
  })
  await refreshProviderStatistics({ trigger: 'test' })

  const viewer = await providersTeam()
  await rsaBudget(viewer.team, viewer.currencyId, [{ provider: A, price: 120_000 }])
  const interaction = (fields: Record<string, unknown>) => ({
    team_id: viewer.team.id,
    provider_id: A.id,
    interaction_type: 'analyst_call',
    source_system: 'test',
    external_ref: `am-${++sequence}`,
    valued: true,
    created_at: now(),
    occurred_on: '2024-05-15',
    ...fields,
  })
  await db
    .table('rsa_interactions')
    .multiInsert([
      interaction({ sector: 'Energy' }),
      interaction({ sector: 'Financials' }),
      interaction({ analyst_id: a2.id, analyst_name: a2.name }),
      interaction({}),
      interaction({ sector: 'Energy', occurred_on: '2023-05-15' }),
    ])
  return { A, B, E, F, a1, a2, a3, a4, a5, viewer, member: viewer.member }
}

/** A provider's stored figures for a year (every sector and region), or null without any. */
export async function providerYearFigures(providerId: number, year = 2024) {
  const row = await db
    .from('provider_year_stats')
    .where({ provider_id: providerId, year, sector_id: 0, region_code: 'ALL' })
    .first()
  return row
    ? {
        start: Number(row.headcount_start),
        end: Number(row.headcount_end),
        joiners: Number(row.joiners),
        leavers: Number(row.leavers),
        gained: Number(row.experience_gained),
        lost: Number(row.experience_lost),
      }
    : null
}

/** A signed-in JSON POST to an administration endpoint, as the admin pages send it. */
export function postJson(
  client: ApiClient,
  user: User,
  url: string,
  body: Record<string, unknown> = {}
) {
  return client
    .post(url)
    .loginAs(user)
    .withCsrfToken()
    .header('accept', 'application/json')
    .json(body)
}
