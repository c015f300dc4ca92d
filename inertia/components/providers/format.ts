import { formatDate, formatDateTime } from '@shared/dates'
import { useSharedProps } from '~/hooks/use_shared_props'
import { teamLocale } from '~/lib/format'
import { REGIONS, type ProviderFilters } from '@shared/providers'

/** What a missing figure reads as; the reason goes next to it (a note, a tooltip). */
export const MISSING = '–'

/** The locale the current team reads numbers in; dates follow the reader (`useDates`). */
export function useProvidersLocale() {
  const { team } = useSharedProps()
  return teamLocale(team?.current?.currency.code)
}

/**
 * The figures of the Providers pages, formatted once for a locale and display currency: counts
 * in full, years of experience with at most one decimal, shares with one, money without pence.
 */
export function providerFormat(locale: string, currencyCode: string) {
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const signedCount = new Intl.NumberFormat(locale, {
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  })
  const years = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  const signedYears = new Intl.NumberFormat(locale, {
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  })
  const pct = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const signedPct = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  })
  let money: Intl.NumberFormat
  try {
    money = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currencyCode,
      maximumFractionDigits: 0,
    })
  } catch {
    // An unknown code: the amount with the code in front.
    money = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  }
  const known = (value: number | null | undefined): value is number =>
    value !== null && value !== undefined && Number.isFinite(value)
  const or = (value: number | null | undefined, format: (value: number) => string) =>
    known(value) ? format(value) : MISSING

  return {
    count: (value: number | null | undefined) => or(value, (v) => count.format(v)),
    signedCount: (value: number | null | undefined) => or(value, (v) => signedCount.format(v)),
    /** Years of experience: "12.5", "3". */
    years: (value: number | null | undefined) => or(value, (v) => years.format(v)),
    signedYears: (value: number | null | undefined) => or(value, (v) => signedYears.format(v)),
    /** A percentage already × 100: "4.2%". */
    percent: (value: number | null | undefined) => or(value, (v) => `${pct.format(v)}%`),
    signedPercent: (value: number | null | undefined) =>
      or(value, (v) => `${signedPct.format(v)}%`),
    /** A share between 0 and 1 as a percentage: 0.42 → "42.0%". */
    share: (value: number | null | undefined) => or(value, (v) => `${pct.format(v * 100)}%`),
    money: (value: number | null | undefined) =>
      or(value, (v) =>
        money.resolvedOptions().style === 'currency'
          ? money.format(v)
          : `${currencyCode} ${money.format(v)}`
      ),
  }
}

export type ProviderFormat = ReturnType<typeof providerFormat>

/** The query string of a filter set (year always; sector and region when chosen). */
export function filterQuery(filters: ProviderFilters) {
  const params = new URLSearchParams({ year: String(filters.year) })
  if (filters.sectorId !== null) params.set('sector', String(filters.sectorId))
  if (filters.regionCode !== null) params.set('region', filters.regionCode)
  return params.toString()
}

/** The same filters as the object `router.get` takes. */
export function filterParams(filters: ProviderFilters) {
  return Object.fromEntries(new URLSearchParams(filterQuery(filters)))
}

export const leagueTableHref = (filters: ProviderFilters) => `/providers?${filterQuery(filters)}`

export const providerHref = (providerKey: string, filters: ProviderFilters) =>
  `/providers/${encodeURIComponent(providerKey)}?${filterQuery(filters)}`

export const leagueTableCsvHref = (filters: ProviderFilters) =>
  `/providers/league-table.csv?${filterQuery(filters)}`

export function regionName(code: string | null, regions?: { code: string; name: string }[]) {
  if (code === null) return 'All regions'
  return (
    regions?.find((region) => region.code === code)?.name ??
    REGIONS.find((region) => region.code === code)?.name ??
    code
  )
}

/** "Energy, United Kingdom, 2024" / "all sectors and regions, 2024": the view in words. */
export function describeFilters(
  filters: ProviderFilters,
  sectors: { id: number; name: string }[],
  regions: { code: string; name: string }[]
) {
  const sector =
    filters.sectorId === null
      ? null
      : (sectors.find((entry) => entry.id === filters.sectorId)?.name ?? 'the chosen sector')
  const region = filters.regionCode === null ? null : regionName(filters.regionCode, regions)
  const scope =
    sector && region
      ? `${sector} in ${region}`
      : sector
        ? `${sector}, all regions`
        : region
          ? `all sectors in ${region}`
          : 'all sectors and regions'
  return `${scope}, ${filters.year}`
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`

/** "12 Mar 2024" (en-GB), "Mar 12, 2024" (en-US): the reader's form (`shared/dates.ts`). */
export function providerDate(iso: string, locale: string) {
  return formatDate(iso, locale)
}

/** "12 Mar 2024, 14:05" in UTC, the time the figures are stamped in. */
export function providerDateTime(iso: string, locale: string) {
  return formatDateTime(iso, locale, 'UTC')
}
