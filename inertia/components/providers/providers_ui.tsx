import { useId, type ReactNode } from 'react'
import { Link, router } from '@inertiajs/react'
import { AppShell } from '~/layouts/app_shell'
import { Icon } from '~/components/icons'
import { Alert } from '~/components/ui/alert'
import { DefinitionTip } from '~/components/providers/definition_tip'
import { MISSING, filterParams, providerHref } from '~/components/providers/format'
import { cn } from '~/lib/cn'
import type {
  ProviderFilters,
  RegionCode,
  RegionOption,
  SectorOption,
  TalentAlert,
} from '@shared/providers'

/**
 * The frame both Providers pages share: the area's name, the heading with its lead sentence,
 * actions at the right (an export, a back link) and the filters.
 */
export function ProvidersPage({
  title,
  heading,
  eyebrow,
  lead,
  actions,
  filters,
  notice,
  children,
}: {
  /** The document title, e.g. "Providers" ("Providers - Spendlens"). */
  title: string
  heading?: ReactNode
  eyebrow?: ReactNode
  lead?: ReactNode
  actions?: ReactNode
  filters?: ReactNode
  /** Said above the figures, e.g. that the link asked for filters the page does not have. */
  notice?: string | null
  children: ReactNode
}) {
  return (
    <AppShell title={title}>
      {eyebrow ?? <p className="text-sm font-medium text-brand-700">Analyst mapping</p>}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words text-slate-900">{heading ?? title}</h1>
          {lead ? <div className="mt-1 max-w-3xl text-sm text-slate-600">{lead}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
      </div>
      {filters ? <div className="mt-5">{filters}</div> : null}
      {notice ? (
        <Alert tone="info" className="mt-4">
          {notice}
        </Alert>
      ) : null}
      <div className="mt-6 space-y-6">{children}</div>
    </AppShell>
  )
}

const selectClass =
  'rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none'

/**
 * Year, sector and region, kept in the address (`?year=&sector=&region=`) so that a view can be
 * shared: a change reloads the page's figures with Inertia, keeping the scroll position.
 */
export function FilterBar({
  path,
  filters,
  years,
  sectors,
  regions,
}: {
  /** The page's path without its query, e.g. "/providers". */
  path: string
  filters: ProviderFilters
  years: number[]
  sectors: SectorOption[]
  regions: RegionOption[]
}) {
  const id = useId()
  const go = (next: ProviderFilters) =>
    router.get(path, filterParams(next), { preserveScroll: true, preserveState: true })

  return (
    <form
      aria-label="Filters"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-wrap items-center gap-x-5 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-year`} className="text-sm font-medium text-slate-700">
          Year
        </label>
        <select
          id={`${id}-year`}
          value={filters.year}
          onChange={(event) =>
            go({ ...filters, year: Number(event.target.value) as ProviderFilters['year'] })
          }
          className={selectClass}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-sector`} className="text-sm font-medium text-slate-700">
          Sector
        </label>
        <select
          id={`${id}-sector`}
          value={filters.sectorId ?? ''}
          onChange={(event) =>
            go({
              ...filters,
              sectorId: event.target.value === '' ? null : Number(event.target.value),
            })
          }
          className={cn(selectClass, 'max-w-60')}
        >
          <option value="">All sectors</option>
          {sectors.map((sector) => (
            <option key={sector.id} value={sector.id}>
              {sector.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-region`} className="text-sm font-medium text-slate-700">
          Region
        </label>
        <select
          id={`${id}-region`}
          value={filters.regionCode ?? ''}
          onChange={(event) =>
            go({
              ...filters,
              regionCode: event.target.value === '' ? null : (event.target.value as RegionCode),
            })
          }
          className={cn(selectClass, 'max-w-60')}
        >
          <option value="">All regions</option>
          {regions.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  )
}

/** A figure that is not there: a dash for the eye, the reason for everyone (hover, reader). */
export function Missing({ reason }: { reason: string }) {
  // `relative`: the hidden reason stays inside a scrolling table instead of widening the page.
  return (
    <span title={reason} className="relative text-slate-400">
      <span aria-hidden="true">{MISSING}</span>
      <span className="sr-only">{reason}</span>
    </span>
  )
}

/** A key indicator: its name with its definition, the figure, and a line of context. */
export function IndicatorCard({
  label,
  definition,
  value,
  missingReason,
  hint,
  tone = 'default',
}: {
  label: string
  definition: string
  /** The formatted figure, or null when there is none (then `missingReason` says why). */
  value: string | null
  missingReason?: string
  hint?: ReactNode
  tone?: 'default' | 'good' | 'bad'
}) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center gap-1">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
        <DefinitionTip term={label} definition={definition} />
      </div>
      <p
        className={cn(
          'mt-1 text-2xl font-semibold tabular-nums',
          value === null && 'text-slate-400',
          value !== null && tone === 'good' && 'text-emerald-700',
          value !== null && tone === 'bad' && 'text-red-700',
          value !== null && tone === 'default' && 'text-slate-900'
        )}
      >
        {value ?? <span aria-hidden="true">{MISSING}</span>}
        {value === null ? <span className="sr-only">Not available</span> : null}
      </p>
      {value === null && missingReason ? (
        <p className="mt-1 text-xs text-slate-500">{missingReason}</p>
      ) : hint ? (
        <p className="mt-1 text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  )
}

/** The spend × talent alert: what the team pays and the talent the provider lost. */
export function TalentAlertCard({
  alert,
  filters,
  linkToProvider = true,
  providerKey,
  rule,
}: {
  alert: TalentAlert
  filters: ProviderFilters
  linkToProvider?: boolean
  providerKey?: string
  /** The alert rule in words, where the page does not state it elsewhere. */
  rule?: string | null
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <Icon name="warning" className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div className="min-w-0">
        <p>{alert.message}</p>
        {rule ? <p className="mt-1 text-xs text-amber-800">{rule}</p> : null}
        {linkToProvider && providerKey ? (
          <Link
            href={providerHref(providerKey, filters)}
            className="mt-1 inline-block font-medium text-amber-950 underline underline-offset-2 hover:text-amber-800"
          >
            Open {alert.providerName}
          </Link>
        ) : null}
      </div>
    </div>
  )
}

/** A section of a page with its heading (h2) and an optional note under it. */
export function Section({
  title,
  note,
  actions,
  children,
  className,
}: {
  title: string
  note?: ReactNode
  actions?: ReactNode
  children: ReactNode
  className?: string
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={cn('space-y-3', className)}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {note ? <div className="mt-0.5 max-w-3xl text-sm text-slate-600">{note}</div> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  )
}
