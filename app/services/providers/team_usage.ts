import db from '@adonisjs/lucid/services/db'
import type { RsaView } from '#services/rsa/view'
import { converterFor, round2 } from '#services/rsa/view'

/**
 * What the current team spends with research providers and how much it uses them (its Research
 * Spend Analytics data), joined to the analyst map: spend and interactions per provider, the
 * team's top sectors, and the sector breakdown of its interactions with one provider.
 *
 * An interaction's sector is its own (`rsa_interactions.sector`, a GICS sector name) or else the
 * sector the analyst met covered that year (the lead coverage first). An interaction resolved
 * neither way is "not mapped".
 */

const yearRange = (year: number) => [`${year}-01-01`, `${year}-12-31`] as const

/** The SQL for an interaction's resolved sector id (null: not mapped), as `sector_id`. */
function resolvedSector(year: number) {
  const coverageYear = Math.trunc(Number(year))
  return db.raw(
    `coalesce(s.id, (select c.sector_id from analyst_coverages c where c.analyst_id = i.analyst_id and c.year = ${coverageYear} order by c.is_lead desc, c.sector_id limit 1)) as sector_id`
  )
}

/**
 * The team's budget per provider for `year`, in the view's display currency (amounts no rate
 * converts are left out), and whether the team has research spend data at all (a budget of any
 * year). One query.
 */
export async function teamSpend(view: RsaView, year: number) {
  const query = db
    .from('rsa_budget_lines')
    .where('team_id', view.teamId)
    .groupBy('provider_id', 'currency_id')
    .select('provider_id', 'currency_id')
    .select(
      db.raw('sum(case when year = ? then budget_amount else 0 end) as amount', [Math.trunc(year)])
    )
  const rows = await query
  const convert = converterFor(view)
  const spend = new Map<number, number>()
  for (const row of rows) {
    if (Number(row.amount) === 0) continue
    const amount = convert(Number(row.amount), Number(row.currency_id))
    if (amount === null) continue
    const id = Number(row.provider_id)
    spend.set(id, round2((spend.get(id) ?? 0) + amount))
  }
  return { spend, hasBudgets: rows.length > 0 }
}

/** Whether the team has research spend data: a budget line or an interaction. One query. */
export async function teamHasSpendData(teamId: number) {
  const row = await db
    .query()
    .select(
      db.raw('exists (select 1 from rsa_budget_lines where team_id = ?) as budgets', [teamId]),
      db.raw('exists (select 1 from rsa_interactions where team_id = ?) as usage', [teamId])
    )
    .first()
  const yes = (value: unknown) => value === true || Number(value) === 1
  return yes(row?.budgets) || yes(row?.usage)
}

/**
 * The team's interactions of `year`: per provider, and per resolved sector across providers
 * (most first, the unmapped left out). One query.
 */
export async function teamUsage(teamId: number, year: number, limit = 2) {
  const rows = await db
    .from('rsa_interactions as i')
    .leftJoin('sectors as s', 's.name', 'i.sector')
    .where('i.team_id', teamId)
    .whereBetween('i.occurred_on', [...yearRange(year)])
    .select('i.provider_id', resolvedSector(year))
    .count('* as total')
    .groupByRaw('1, 2')
  const interactions = new Map<number, number>()
  const bySector = new Map<number, number>()
  for (const row of rows) {
    const total = Number(row.total)
    const providerId = Number(row.provider_id)
    interactions.set(providerId, (interactions.get(providerId) ?? 0) + total)
    if (row.sector_id === null) continue
    const sectorId = Number(row.sector_id)
    bySector.set(sectorId, (bySector.get(sectorId) ?? 0) + total)
  }
  const topSectors = [...bySector.entries()]
    .map(([sectorId, total]) => ({ sectorId, interactions: total }))
    .sort((a, b) => b.interactions - a.interactions || a.sectorId - b.sectorId)
    .slice(0, limit)
  return { interactions, topSectors }
}

/**
 * `POST /api/providers/interactions/sector-breakdown`: the team's interactions with the
 * provider in the latest year it has any, per resolved sector (restricted to the sectors asked
 * for, when any), with the share that could be mapped. Two queries.
 */
export async function sectorBreakdown(
  teamId: number,
  providerId: number,
  selectedSectorIds: number[],
  sectors: { id: number; name: string }[]
) {
  const latest = await db
    .from('rsa_interactions')
    .where('team_id', teamId)
    .where('provider_id', providerId)
    .max('occurred_on as latest')
    .first()
  const latestYear = latest?.latest ? Number(isoYear(latest.latest)) : null
  if (latestYear === null) {
    return {
      countPerSector: {},
      latestYear: null,
      percentageMapped: null,
      overallCount: 0,
      sectors: [],
    }
  }
  const rows = await db
    .from('rsa_interactions as i')
    .leftJoin('sectors as s', 's.name', 'i.sector')
    .where('i.team_id', teamId)
    .where('i.provider_id', providerId)
    .whereBetween('i.occurred_on', [...yearRange(latestYear)])
    .select(resolvedSector(latestYear))
    .count('* as total')
    .groupByRaw('1')
  let overallCount = 0
  let mapped = 0
  const selected = new Set(selectedSectorIds)
  const countPerSector: Record<string, number> = {}
  for (const row of rows) {
    const total = Number(row.total)
    overallCount += total
    if (row.sector_id === null) continue
    mapped += total
    const sectorId = Number(row.sector_id)
    if (selected.size && !selected.has(sectorId)) continue
    countPerSector[String(sectorId)] = total
  }
  return {
    countPerSector,
    latestYear,
    percentageMapped: overallCount ? Math.round((mapped / overallCount) * 1000) / 10 : null,
    overallCount,
    sectors: sectors
      .filter((sector) => countPerSector[String(sector.id)] !== undefined)
      .map((sector) => ({ ...sector, count: countPerSector[String(sector.id)] }))
      .sort((a, b) => b.count - a.count),
  }
}

function isoYear(value: unknown) {
  if (value instanceof Date) return value.getUTCFullYear()
  return String(value).slice(0, 4)
}
