import { Link, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { FieldError, InlineField } from '~/components/admin/inline_field'
import { fieldProps } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import {
  ANALYST_STATUSES,
  SENIORITIES,
  type AnalystStatus,
  type Seniority,
} from '@shared/providers'
import { BASE } from '~/components/admin_providers/nav'
import {
  dayOf,
  plural,
  type AnalystDetail,
  type CoverageCell,
  type ProviderChoice,
  type RegionChoice,
  type SectorChoice,
} from '~/components/admin_providers/types'

const SENIORITY_ENTRIES = Object.entries(SENIORITIES) as [Seniority, string][]
const STATUS_ENTRIES = Object.entries(ANALYST_STATUSES) as [AnalystStatus, string][]

type CellState = '' | 'covers' | 'lead'

const cellKey = (sectorId: number, regionCode: string) => `${sectorId}/${regionCode}`
const sameCells = (a: CoverageCell[], b: CoverageCell[]) => {
  const text = (cells: CoverageCell[]) =>
    cells
      .map((cell) => `${cellKey(cell.sector_id, cell.region_code)}/${cell.is_lead}`)
      .sort()
      .join(',')
  return text(a) === text(b)
}

/**
 * One year's coverage as a grid of sectors (rows) × regions (columns); each cell is not
 * covered, covered, or covered as lead analyst.
 */
function CoverageGrid({
  year,
  cells,
  sectors,
  regions,
  onChange,
  error,
}: {
  year: number
  cells: CoverageCell[]
  sectors: SectorChoice[]
  regions: RegionChoice[]
  onChange: (cells: CoverageCell[]) => void
  error?: string
}) {
  const byKey = new Map(cells.map((cell) => [cellKey(cell.sector_id, cell.region_code), cell]))
  const stateOf = (sectorId: number, regionCode: string): CellState => {
    const cell = byKey.get(cellKey(sectorId, regionCode))
    return cell ? (cell.is_lead ? 'lead' : 'covers') : ''
  }
  const set = (sectorId: number, regionCode: string, state: CellState) => {
    const others = cells.filter(
      (cell) => cellKey(cell.sector_id, cell.region_code) !== cellKey(sectorId, regionCode)
    )
    onChange(
      state === ''
        ? others
        : [...others, { sector_id: sectorId, region_code: regionCode, is_lead: state === 'lead' }]
    )
  }
  return (
    <div>
      <div
        role="group"
        aria-label={`Coverage in ${year}`}
        {...fieldProps('analyst-coverage', error)}
        className="overflow-x-auto rounded-md border border-slate-200"
      >
        <table className="min-w-full text-xs">
          <caption className="sr-only">Coverage in {year}: sectors by region</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1.5 text-left font-medium">
                Sector
              </th>
              {regions.map((region) => (
                <th
                  key={region.code}
                  scope="col"
                  className="px-1 py-1.5 text-center font-medium"
                  title={region.name}
                >
                  {region.code}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sectors.map((sector) => (
              <tr key={sector.id}>
                <th scope="row" className="px-2 py-1 text-left font-normal text-slate-800">
                  {sector.name}
                </th>
                {regions.map((region) => {
                  const state = stateOf(sector.id, region.code)
                  return (
                    <td key={region.code} className="px-1 py-1 text-center">
                      <select
                        aria-label={`${sector.name}, ${region.name}`}
                        value={state}
                        onChange={(event) =>
                          set(sector.id, region.code, event.target.value as CellState)
                        }
                        className={cn(
                          'w-full min-w-16 rounded border px-1 py-0.5 text-xs',
                          state === 'lead'
                            ? 'border-brand-400 text-brand-800 bg-brand-50 font-semibold'
                            : state === 'covers'
                              ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
                              : 'border-slate-200 bg-white text-slate-500'
                        )}
                      >
                        <option value="">–</option>
                        <option value="covers">Covers</option>
                        <option value="lead">Lead</option>
                      </select>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError id="analyst-coverage" message={error} />
    </div>
  )
}

interface AnalystFormData {
  full_name: string
  external_id: string
  provider_id: number | ''
  title: string
  seniority: Seniority
  industry_start_year: string
  role_start_date: string
  asset_class: string
  status: AnalystStatus
  is_ranked: boolean
  source: string
  coverage_year: number
  coverage: CoverageCell[]
  mark_verified: boolean
}

/** Create (analyst null) or edit an analyst, with one year's coverage. */
export function AnalystForm({
  analyst,
  providers,
  sectors,
  regions,
  years,
  latestYear,
  assetClasses,
  onCancel,
  onSaved,
}: {
  analyst: AnalystDetail | null
  providers: ProviderChoice[]
  sectors: SectorChoice[]
  regions: RegionChoice[]
  years: number[]
  latestYear: number
  assetClasses: Record<string, string>
  onCancel: () => void
  onSaved: () => void
}) {
  const saved = (year: number) => analyst?.coverage[String(year)] ?? []
  const form = useForm<AnalystFormData>({
    full_name: analyst?.fullName ?? '',
    external_id: analyst?.externalId ?? '',
    provider_id: analyst?.providerId ?? '',
    title: analyst?.title ?? '',
    seniority: analyst?.seniority ?? 'analyst',
    industry_start_year: analyst ? String(analyst.industryStartYear) : '',
    role_start_date: analyst?.roleStartDate ?? '',
    asset_class: analyst?.assetClass ?? 'equity',
    status: analyst?.status ?? 'active',
    is_ranked: analyst?.isRanked ?? false,
    source: analyst?.source ?? '',
    coverage_year: latestYear,
    coverage: saved(latestYear),
    mark_verified: false,
  })
  const [message, setMessage] = useState<string | null>(null)
  const errors = form.errors as Record<string, string | undefined>
  const coverageError =
    errors.coverage ??
    errors.coverage_year ??
    Object.entries(errors).find(([field]) => field.startsWith('coverage.'))?.[1]
  const followsMoves = Boolean(analyst && analyst.moveCount > 0)
  const idPrefix = analyst ? `analyst-${analyst.id}` : 'analyst-new'

  const chooseYear = (year: number) => {
    if (
      !sameCells(form.data.coverage, saved(form.data.coverage_year)) &&
      !window.confirm(
        `Discard the coverage changes for ${form.data.coverage_year}? Coverage is saved one year at a time.`
      )
    ) {
      return
    }
    form.setData((data) => ({ ...data, coverage_year: year, coverage: saved(year) }))
  }

  const copyPreviousYear = () => {
    const previous = saved(form.data.coverage_year - 1)
    if (previous.length === 0) {
      setMessage(`Nothing recorded for ${form.data.coverage_year - 1}.`)
      return
    }
    setMessage(null)
    form.setData('coverage', previous)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      provider_id: data.provider_id === '' ? null : data.provider_id,
      title: data.title.trim() || null,
      role_start_date: data.role_start_date || null,
      source: data.source.trim() || null,
    }))
    form.post(analyst ? `${BASE}/analysts/${analyst.id}` : `${BASE}/analysts`, {
      preserveScroll: true,
      preserveState: true,
      onSuccess: onSaved,
    })
  }

  const text = (
    field: 'full_name' | 'external_id' | 'title' | 'source' | 'industry_start_year',
    label: string,
    extra: { required?: boolean; inputMode?: 'numeric'; placeholder?: string } = {}
  ) => (
    <InlineField id={`${idPrefix}-${field}`} label={label} error={errors[field]}>
      {(props) => (
        <input
          {...props}
          className={cn(props.className, 'mt-1')}
          value={form.data[field]}
          onChange={(event) => form.setData(field, event.target.value)}
          {...extra}
        />
      )}
    </InlineField>
  )

  return (
    <form
      className="space-y-5"
      aria-label={analyst ? `Edit ${analyst.fullName}` : 'New analyst'}
      onSubmit={submit}
    >
      <div className="grid items-start gap-3 md:grid-cols-2 lg:grid-cols-3">
        {text('full_name', 'Full name', { required: true })}
        {text('external_id', 'Identifier (the source’s analyst_id)', { required: true })}
        {text('title', 'Title')}
        <InlineField id={`${idPrefix}-provider`} label="Provider" error={errors.provider_id}>
          {(props) => (
            <select
              {...props}
              className={cn(props.className, 'mt-1 disabled:bg-slate-100 disabled:text-slate-600')}
              value={form.data.provider_id}
              disabled={followsMoves}
              aria-describedby={followsMoves ? `${idPrefix}-follows` : props['aria-describedby']}
              onChange={(event) =>
                form.setData('provider_id', event.target.value ? Number(event.target.value) : '')
              }
            >
              <option value="">No tracked provider</option>
              {providers.map((provider) => (
                <option key={provider.id} value={provider.id}>
                  {provider.name}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        <InlineField id={`${idPrefix}-status`} label="Status" error={errors.status}>
          {(props) => (
            <select
              {...props}
              className={cn(props.className, 'mt-1 disabled:bg-slate-100 disabled:text-slate-600')}
              value={form.data.status}
              disabled={followsMoves}
              onChange={(event) => form.setData('status', event.target.value as AnalystStatus)}
            >
              {STATUS_ENTRIES.map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        <InlineField id={`${idPrefix}-seniority`} label="Seniority" error={errors.seniority}>
          {(props) => (
            <select
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.seniority}
              onChange={(event) => form.setData('seniority', event.target.value as Seniority)}
            >
              {SENIORITY_ENTRIES.map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        {text('industry_start_year', 'Industry start year', {
          required: true,
          inputMode: 'numeric',
          placeholder: 'e.g. 2012',
        })}
        <InlineField
          id={`${idPrefix}-role-start`}
          label="Role start date"
          error={errors.role_start_date}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              className={cn(props.className, 'mt-1')}
              value={form.data.role_start_date}
              onChange={(event) => form.setData('role_start_date', event.target.value)}
            />
          )}
        </InlineField>
        <InlineField id={`${idPrefix}-asset-class`} label="Asset class" error={errors.asset_class}>
          {(props) => (
            <select
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.asset_class}
              onChange={(event) => form.setData('asset_class', event.target.value)}
            >
              {Object.entries(assetClasses).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        {text('source', 'Source')}
        <div className="flex flex-col gap-2 pt-5 text-sm text-slate-800">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.data.is_ranked}
              onChange={(event) => form.setData('is_ranked', event.target.checked)}
            />
            Survey-ranked
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.data.mark_verified}
              onChange={(event) => form.setData('mark_verified', event.target.checked)}
            />
            Mark verified now
            <span className="text-xs text-slate-600">
              (last: {dayOf(analyst?.lastVerifiedAt ?? null) ?? 'never'})
            </span>
          </label>
        </div>
      </div>
      {followsMoves && analyst ? (
        <p id={`${idPrefix}-follows`} className="text-sm text-slate-700">
          The provider and status follow the analyst’s {plural(analyst.moveCount, 'move')}: record a
          move to change them.{' '}
          <Link
            href={`${BASE}/moves?analyst=${analyst.id}`}
            className="font-medium text-brand-700 underline"
          >
            Moves of {analyst.fullName}
          </Link>
        </p>
      ) : null}

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Coverage</legend>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label
              htmlFor={`${idPrefix}-coverage-year`}
              className="text-xs font-medium text-slate-600"
            >
              Year
            </label>
            <select
              id={`${idPrefix}-coverage-year`}
              value={form.data.coverage_year}
              onChange={(event) => chooseYear(Number(event.target.value))}
              className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                  {saved(year).length ? '' : ' (none recorded)'}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={copyPreviousYear}>
            Copy {form.data.coverage_year - 1}
          </Button>
          <Button variant="ghost" onClick={() => form.setData('coverage', [])}>
            Clear
          </Button>
          <p className="text-xs text-slate-600" aria-live="polite">
            {message ??
              `${plural(new Set(form.data.coverage.map((cell) => cell.sector_id)).size, 'sector')}, ${plural(form.data.coverage.length, 'cell')} in ${form.data.coverage_year}; saved one year at a time.`}
          </p>
        </div>
        <CoverageGrid
          year={form.data.coverage_year}
          cells={form.data.coverage}
          sectors={sectors}
          regions={regions}
          onChange={(cells) => form.setData('coverage', cells)}
          error={coverageError}
        />
      </fieldset>

      <div className="flex gap-2">
        <Button type="submit" disabled={form.processing}>
          {analyst ? 'Save analyst' : 'Create analyst'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
