import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { DateTime } from 'luxon'
import { paginateCounted } from '#services/db/paginate'
import { VERIFICATION_MAX_AGE_MONTHS, type Seniority } from '#shared/providers'
import type { DataQualityReason } from '#validators/providers_admin'
import { PER_PAGE, isoInstant } from '#services/providers/admin/reference'

/*
 * The data-quality queue: active analysts whose record was not verified for
 * VERIFICATION_MAX_AGE_MONTHS (or never), and active analysts with no coverage in the latest
 * year (their sectors are unknown, so they count in no sector's figures).
 */

function cutoff() {
  return DateTime.now().minus({ months: VERIFICATION_MAX_AGE_MONTHS })
}

function reasonFilter(
  query: DatabaseQueryBuilderContract,
  reason: DataQualityReason,
  latestYear: number
) {
  query.where('analysts.status', 'active')
  if (reason === 'unverified') {
    const limit = cutoff().toFormat(db.connection().dialect.dateTimeFormat)
    query.where((stale) =>
      stale.whereNull('analysts.last_verified_at').orWhere('analysts.last_verified_at', '<', limit)
    )
  } else {
    query.whereNotExists((coverage) =>
      coverage
        .from('analyst_coverages')
        .whereColumn('analyst_coverages.analyst_id', 'analysts.id')
        .where('analyst_coverages.year', latestYear)
    )
  }
  return query
}

/**
 * How many analysts each reason holds, in one query; `latestYear` is the latest year with
 * coverage (`offeredYears('analysts').defaultYear`).
 */
export async function dataQualityCounts(latestYear: number) {
  const client = db.connection()
  const count = (reason: DataQualityReason) =>
    reasonFilter(client.from('analysts'), reason, latestYear).count('* as total')
  const row = await client
    .query()
    .select(count('unverified').as('unverified'), count('no_coverage').as('no_coverage'))
    .first()
  return {
    unverified: Number(row?.unverified ?? 0),
    no_coverage: Number(row?.no_coverage ?? 0),
  }
}

/**
 * One page of the analysts a reason holds: the longest unverified first (never verified
 * before all), or by name.
 */
export async function dataQualityList(reason: DataQualityReason, page: number, latestYear: number) {
  const client = db.connection()
  const rows = reasonFilter(
    client
      .from('analysts')
      .leftJoin('providers', 'providers.id', 'analysts.provider_id')
      .select(
        'analysts.id',
        'analysts.external_id',
        'analysts.full_name',
        'analysts.seniority',
        'analysts.last_verified_at',
        'providers.name as provider_name',
        client.raw(
          '(select max(analyst_coverages.year) from analyst_coverages where analyst_coverages.analyst_id = analysts.id) as latest_coverage_year'
        )
      ),
    reason,
    latestYear
  )
  if (reason === 'unverified') {
    rows
      .orderByRaw('case when analysts.last_verified_at is null then 0 else 1 end')
      .orderBy('analysts.last_verified_at')
  }
  rows.orderByRaw('lower(analysts.full_name)').orderBy('analysts.id')
  const result = await paginateCounted(
    rows,
    reasonFilter(client.from('analysts'), reason, latestYear),
    page,
    PER_PAGE
  )
  const meta = result.getMeta() as { total: number; currentPage: number; lastPage: number }
  return {
    analysts: result.all().map((row) => ({
      id: Number(row.id),
      externalId: String(row.external_id),
      fullName: String(row.full_name),
      seniority: row.seniority as Seniority,
      providerName: (row.provider_name as string | null) ?? null,
      lastVerifiedAt: isoInstant(row.last_verified_at),
      latestCoverageYear:
        row.latest_coverage_year === null ? null : Number(row.latest_coverage_year),
    })),
    meta: { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage },
  }
}
