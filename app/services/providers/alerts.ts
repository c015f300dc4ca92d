import db from '@adonisjs/lucid/services/db'
import { TALENT_ALERT_MIN_NET_YEARS, type TalentAlert } from '#shared/providers'

/**
 * Spend × talent alerts (DOMAIN §3(e) 1): the rule (TALENT_ALERT_MIN_NET_YEARS, stated on the
 * pages by talentAlertRule) applied to every provider the team budgeted for in the year, among
 * the analysts covering the sectors the team interacts with most: flagged when they took at
 * least that many more years of experience away than joiners brought. One measure for every
 * provider, so a large bank losing more experience than a small firm is flagged too. Counted
 * from the moves and each analyst's employer on 1 January (analyst_year_employers), so an
 * analyst who covers both sectors counts once. One query whatever the number of providers.
 */
export async function talentAlerts(input: {
  year: number
  spend: Map<number, number>
  topSectors: { id: number; name: string }[]
  formatMoney: (amount: number) => string
}): Promise<TalentAlert[]> {
  const paid = [...input.spend.entries()].filter(([, amount]) => amount > 0).map(([id]) => id)
  const sectorIds = input.topSectors.map((sector) => sector.id)
  if (!paid.length || !sectorIds.length) return []

  // One query: each grouped part stands as a derived table (SQLite takes no parenthesised
  // selects in a union), with the same columns: side, provider, name, key, analysts, years.
  const starting = db
    .from('analyst_year_employers as e')
    .join('providers as p', 'p.id', 'e.start_provider_id')
    .where('e.year', input.year)
    .whereIn('e.start_provider_id', paid)
    .whereExists((query) =>
      query
        .from('analyst_coverages as c')
        .whereColumn('c.analyst_id', 'e.analyst_id')
        .where('c.year', input.year)
        .whereIn('c.sector_id', sectorIds)
    )
    .groupBy('e.start_provider_id', 'p.name', 'p.provider_key')
    .select(db.raw(`'start' as side`))
    .select('e.start_provider_id as provider_id', 'p.name', 'p.provider_key')
    .count('* as analysts')
    .select(db.raw('0 as experience'))
  const rows = await db
    .from(movesCovering('from', paid, sectorIds, input.year).as('lost'))
    .select('*')
    .unionAll(db.from(movesCovering('to', paid, sectorIds, input.year).as('gained')).select('*'))
    .unionAll(db.from(starting.as('starting')).select('*'))

  const providers = new Map<number, { name: string; key: string }>()
  const lost = new Map<number, { analysts: number; experience: number }>()
  const gained = new Map<number, { analysts: number; experience: number }>()
  const headcountStart = new Map<number, number>()
  for (const row of rows) {
    const providerId = Number(row.provider_id)
    providers.set(providerId, { name: row.name, key: row.provider_key })
    if (row.side === 'start') {
      headcountStart.set(providerId, Number(row.analysts))
      continue
    }
    const entry = { analysts: Number(row.analysts), experience: Number(row.experience ?? 0) }
    ;(row.side === 'from' ? lost : gained).set(providerId, entry)
  }

  const sectorWords =
    input.topSectors.length === 1
      ? `your top sector (${input.topSectors[0].name})`
      : `your top ${input.topSectors.length === 2 ? 'two' : input.topSectors.length} sectors (${input.topSectors.map((sector) => sector.name).join(' and ')})`

  const alerts: TalentAlert[] = []
  for (const [providerId, loss] of lost) {
    const gain = gained.get(providerId) ?? { analysts: 0, experience: 0 }
    const net = gain.experience - loss.experience
    if (-net < TALENT_ALERT_MIN_NET_YEARS) continue
    const start = Math.max(headcountStart.get(providerId) ?? 0, loss.analysts)
    const { name, key } = providers.get(providerId)!
    const spend = input.spend.get(providerId) ?? 0
    alerts.push({
      providerId,
      providerKey: key,
      providerName: name,
      spend,
      sectors: input.topSectors,
      leavers: loss.analysts,
      headcountStart: start,
      experienceLost: loss.experience,
      netExperience: net,
      message:
        `You budgeted ${input.formatMoney(spend)} for ${name} in ${input.year}; among the analysts ` +
        `covering ${sectorWords}, ${name} lost ${loss.analysts} of ${start} ` +
        `(−${loss.experience} years of experience` +
        (gain.analysts
          ? `; ${gain.analysts} joined with ${gain.experience} ${gain.experience === 1 ? 'year' : 'years'}`
          : '; none joined') +
        `): ${net < 0 ? '−' : ''}${Math.abs(net)} net years.`,
    })
  }
  return alerts.sort((a, b) => a.netExperience - b.netExperience || b.spend - a.spend)
}

/**
 * Moves leaving (`from`) or joining (`to`) the providers in `year` whose analyst covered one of
 * the sectors: the sectors recorded with the move, else the analyst's coverage that year.
 */
function movesCovering(
  side: 'from' | 'to',
  providerIds: number[],
  sectorIds: number[],
  year: number
) {
  const column = side === 'from' ? 'm.from_provider_id' : 'm.to_provider_id'
  const other = side === 'from' ? 'm.to_provider_id' : 'm.from_provider_id'
  return db
    .from('analyst_moves as m')
    .where('m.year', year)
    .whereIn(column, providerIds)
    .where((query) => query.whereNull(other).orWhereColumn(other, '<>', column))
    .where((query) =>
      query
        .whereExists((cells) =>
          cells
            .from('analyst_move_coverages as mc')
            .whereColumn('mc.move_id', 'm.id')
            .whereIn('mc.sector_id', sectorIds)
        )
        .orWhere((fallback) =>
          fallback
            .whereNotExists((cells) =>
              cells.from('analyst_move_coverages as mc').whereColumn('mc.move_id', 'm.id')
            )
            .whereExists((coverage) =>
              coverage
                .from('analyst_coverages as c')
                .whereColumn('c.analyst_id', 'm.analyst_id')
                .whereColumn('c.year', 'm.year')
                .whereIn('c.sector_id', sectorIds)
            )
        )
    )
    .join('providers as p', 'p.id', column)
    .groupBy(column, 'p.name', 'p.provider_key')
    .select(db.raw(`'${side}' as side`))
    .select(`${column} as provider_id`, 'p.name', 'p.provider_key')
    .count('* as analysts')
    .sum('m.experience_years as experience')
}
