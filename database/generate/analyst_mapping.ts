import type { GenerationContext } from '#database/generate/context'
import { RESEARCH_PROVIDERS, type SeededResearchProvider } from '#database/demo/research_providers'
import {
  dropLatestCoverage,
  sectorIdsOf,
  simulateRoster,
  writeRoster,
} from '#database/demo/analyst_mapping'
import { SECTORS } from '#shared/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'

/**
 * Providers / analyst mapping for the generated universe: `scale.analysts` more analysts (about
 * 30,000 at the large scale) at the demo seed's research providers (the generated providers are
 * market-data vendors, without analysts), with coverage in each of the demo's years (the five
 * before the day of generation and the current one, up to that day) and the moves the demo's
 * simulation makes (database/demo/analyst_mapping.ts, without the demo's
 * stories): leavers, joiners between providers, juniors hired, departures from the industry,
 * returns, internal moves. The provider statistics are then recomputed for every provider (the
 * demo's analysts included), in the generation's transaction.
 *
 * Written with the generator's bulk writer (batches within PostgreSQL's and SQLite's limits on
 * bound values).
 */

/** Analysts the simulation makes, all years together, per analyst there at the start. */
const ANALYSTS_PER_STARTING_ANALYST = 1.3
/** Analysts at the start at the demo's sizes (every research provider, size factor 1). */
const STARTING_ANALYSTS_AT_SIZE_ONE = 3400

export async function generateAnalystMapping(context: GenerationContext) {
  const { trx, scale } = context
  const rows: { id: number; provider_key: string }[] = await trx
    .from('providers')
    .whereIn(
      'provider_key',
      RESEARCH_PROVIDERS.map((provider) => provider.key)
    )
    .select('id', 'provider_key')
  // The research providers and the sectors come with the demo seed and the reference data.
  if (rows.length === 0) return
  const sectorIds = await sectorIdsOf(trx)
  if (sectorIds.size < SECTORS.length) return
  const idOf = new Map(rows.map((row) => [row.provider_key, Number(row.id)]))
  const providers: SeededResearchProvider[] = RESEARCH_PROVIDERS.filter((provider) =>
    idOf.has(provider.key)
  ).map((provider) => ({ ...provider, id: idOf.get(provider.key)! }))

  const sizeFactor =
    scale.analysts /
    ANALYSTS_PER_STARTING_ANALYST /
    ((STARTING_ANALYSTS_AT_SIZE_ONE * providers.length) / RESEARCH_PROVIDERS.length)
  const roster = simulateRoster({
    seed: 'spendlens:analyst-mapping',
    providers,
    years: context.calendar.years,
    until: context.calendar.today.toISODate()!,
    sizeFactor,
  })
  const random = context.random('analyst-mapping:rows')
  // A few without coverage in the current year (the data-quality queue), in proportion.
  dropLatestCoverage(
    roster,
    random,
    Math.round(scale.analysts / 400),
    Math.round(scale.analysts / 700)
  )
  await writeRoster(roster, {
    writer: context.writer,
    sectorIds,
    timestamp: context.timestamp,
    today: context.calendar.asOf,
    externalIdPrefix: 'GEN-AM-',
    source: 'Generated roster',
    random,
    progress: context.progress,
  })
  await context.writer.flushAll()
  await refreshProviderStatistics({ trigger: 'demo_generate', client: trx })
  context.progress(roster.analysts.length, roster.analysts.length)
}
