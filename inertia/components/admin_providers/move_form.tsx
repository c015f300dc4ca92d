import { useForm } from '@inertiajs/react'
import { useEffect, useState, type FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { FieldError, InlineField, controlClass } from '~/components/admin/inline_field'
import { FormError, fieldProps } from '~/components/ui/field'
import { api } from '~/lib/api'
import { cn } from '~/lib/cn'
import { MOVE_TYPES, type MoveType } from '@shared/providers'
import { BASE } from '~/components/admin_providers/nav'
import type {
  AnalystMatch,
  MoveRow,
  ProviderChoice,
  RegionChoice,
  SectorChoice,
} from '~/components/admin_providers/types'

const TYPE_ENTRIES = Object.entries(MOVE_TYPES) as [MoveType, string][]

/** Which providers a type names: the one left, the one joined, or one for both. */
const SIDES: Record<
  MoveType,
  { from: 'required' | 'optional' | 'none'; to: 'required' | 'optional' | 'none' }
> = {
  joiner: { from: 'optional', to: 'required' },
  leaver: { from: 'required', to: 'optional' },
  internal_move: { from: 'required', to: 'none' },
  left_industry: { from: 'required', to: 'none' },
  returned: { from: 'none', to: 'required' },
}

const HINTS: Record<MoveType, string> = {
  joiner:
    'Joins the provider; the provider left is another tracked provider, or empty when the analyst came from outside them.',
  leaver:
    'Leaves the provider; the provider joined is another tracked provider, or empty when unknown or untracked.',
  internal_move: 'A new role or coverage within one provider: counts as neither joiner nor leaver.',
  left_industry:
    'Leaves the provider and the industry: the analyst’s status becomes “left the industry”.',
  returned: 'Comes back to the industry at the provider joined.',
}

/** The analyst picker: a search box and the matching analysts as a list to choose from. */
function AnalystPicker({
  value,
  onChange,
  error,
}: {
  value: AnalystMatch | null
  onChange: (analyst: AnalystMatch | null) => void
  error?: string
}) {
  const [q, setQ] = useState('')
  const [matches, setMatches] = useState<AnalystMatch[]>([])
  const [searching, setSearching] = useState(false)
  useEffect(() => {
    if (q.trim().length < 2) return
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      setSearching(true)
      api
        .get<{ analysts: AnalystMatch[] }>(`${BASE}/analysts/search`, {
          params: { q: q.trim() },
          signal: controller.signal,
        })
        .then((response) => setMatches(response.data.analysts))
        .catch(() => {})
        .finally(() => setSearching(false))
    }, 250)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [q])
  const options =
    value && !matches.some((match) => match.id === value.id) ? [value, ...matches] : matches
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <div>
        <label htmlFor="move-analyst-search" className="text-xs font-medium text-slate-600">
          Find an analyst (name or identifier)
        </label>
        <input
          id="move-analyst-search"
          type="search"
          value={q}
          autoComplete="off"
          onChange={(event) => setQ(event.target.value)}
          className={controlClass(undefined, 'mt-1')}
          aria-describedby="move-analyst-search-status"
        />
        <p
          id="move-analyst-search-status"
          className="mt-1 text-xs text-slate-600"
          aria-live="polite"
        >
          {q.trim().length < 2
            ? 'Type at least two letters.'
            : searching
              ? 'Searching…'
              : `${matches.length}${matches.length === 20 ? '+' : ''} found.`}
        </p>
      </div>
      <div>
        <label htmlFor="move-analyst" className="text-xs font-medium text-slate-600">
          Analyst
        </label>
        <select
          {...fieldProps('move-analyst', error)}
          value={value?.id ?? ''}
          onChange={(event) =>
            onChange(options.find((match) => match.id === Number(event.target.value)) ?? null)
          }
          className={controlClass(error, 'mt-1')}
          required
        >
          <option value="">Choose an analyst</option>
          {options.map((match) => (
            <option key={match.id} value={match.id}>
              {match.fullName} ({match.externalId})
              {match.providerName ? ` · ${match.providerName}` : ''}
            </option>
          ))}
        </select>
        <FieldError id="move-analyst" message={error} />
      </div>
    </div>
  )
}

interface MoveFormData {
  analyst_id: number | ''
  event_date: string
  type: MoveType
  from_provider_id: number | ''
  to_provider_id: number | ''
  experience_years: string
  sector_ids: number[]
  region_codes: string[]
  source: string
}

/** Create (move null) or edit a move. */
export function MoveForm({
  move,
  analyst: initialAnalyst,
  providers,
  sectors,
  regions,
  onCancel,
  onSaved,
}: {
  move: MoveRow | null
  /** The analyst to start with (the list filtered on one analyst). */
  analyst: AnalystMatch | null
  providers: ProviderChoice[]
  sectors: SectorChoice[]
  regions: RegionChoice[]
  onCancel: () => void
  onSaved: () => void
}) {
  const [analyst, setAnalyst] = useState<AnalystMatch | null>(
    move
      ? {
          id: move.analystId,
          fullName: move.analystName,
          externalId: move.analystExternalId,
          industryStartYear: move.industryStartYear,
          providerName: null,
        }
      : initialAnalyst
  )
  const form = useForm<MoveFormData>({
    analyst_id: analyst?.id ?? '',
    event_date: move?.eventDate ?? '',
    type: move?.type ?? 'joiner',
    from_provider_id: move?.fromProviderId ?? '',
    to_provider_id: move?.toProviderId ?? '',
    experience_years: move ? String(move.experienceYears) : '',
    sector_ids: move?.sectorIds ?? [],
    region_codes: move?.regionCodes ?? [],
    source: move?.source ?? '',
  })
  const errors = form.errors as Record<string, string | undefined>
  const sides = SIDES[form.data.type]
  const derived =
    analyst && /^\d{4}-/.test(form.data.event_date)
      ? Number(form.data.event_date.slice(0, 4)) - analyst.industryStartYear
      : null
  const listError = (field: 'sector_ids' | 'region_codes') =>
    errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => {
      const from = data.from_provider_id === '' ? null : data.from_provider_id
      const to = data.to_provider_id === '' ? null : data.to_provider_id
      return {
        ...data,
        analyst_id: data.analyst_id === '' ? null : data.analyst_id,
        from_provider_id: sides.from === 'none' ? null : from,
        // An internal move stays at the provider it happens at.
        to_provider_id: data.type === 'internal_move' ? from : sides.to === 'none' ? null : to,
        experience_years: data.experience_years.trim() === '' ? null : data.experience_years.trim(),
        source: data.source.trim() || null,
      }
    })
    form.post(move ? `${BASE}/moves/${move.id}` : `${BASE}/moves`, {
      preserveScroll: true,
      preserveState: true,
      onSuccess: onSaved,
    })
  }

  const providerSelect = (
    field: 'from_provider_id' | 'to_provider_id',
    label: string,
    required: boolean
  ) => (
    <InlineField id={`move-${field}`} label={label} error={errors[field]}>
      {(props) => (
        <select
          {...props}
          className={cn(props.className, 'mt-1')}
          value={form.data[field]}
          required={required}
          onChange={(event) =>
            form.setData(field, event.target.value ? Number(event.target.value) : '')
          }
        >
          <option value="">
            {required ? 'Choose a provider' : 'None (not a tracked provider)'}
          </option>
          {providers.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </select>
      )}
    </InlineField>
  )

  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on
      ? [...list.filter((entry) => entry !== value), value]
      : list.filter((entry) => entry !== value)

  return (
    <form className="space-y-4" aria-label={move ? 'Edit move' : 'New move'} onSubmit={submit}>
      <AnalystPicker
        value={analyst}
        error={errors.analyst_id}
        onChange={(chosen) => {
          setAnalyst(chosen)
          form.setData('analyst_id', chosen?.id ?? '')
        }}
      />
      <div className="grid items-start gap-3 md:grid-cols-3">
        <InlineField id="move-date" label="Date" error={errors.event_date}>
          {(props) => (
            <input
              {...props}
              type="date"
              className={cn(props.className, 'mt-1')}
              value={form.data.event_date}
              onChange={(event) => form.setData('event_date', event.target.value)}
              required
            />
          )}
        </InlineField>
        <InlineField id="move-type" label="Type" error={errors.type}>
          {(props) => (
            <select
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.type}
              onChange={(event) => form.setData('type', event.target.value as MoveType)}
            >
              {TYPE_ENTRIES.map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        <InlineField
          id="move-experience"
          label="Experience at the event (years)"
          error={errors.experience_years}
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              className={cn(props.className, 'mt-1')}
              value={form.data.experience_years}
              placeholder={
                derived !== null ? `${derived} (from the start year)` : 'From the start year'
              }
              onChange={(event) => form.setData('experience_years', event.target.value)}
            />
          )}
        </InlineField>
        <p className="text-xs text-slate-600 md:col-span-3">{HINTS[form.data.type]}</p>
        {sides.from !== 'none'
          ? providerSelect(
              'from_provider_id',
              form.data.type === 'internal_move' ? 'Provider' : 'Provider left',
              sides.from === 'required'
            )
          : null}
        {sides.to !== 'none'
          ? providerSelect('to_provider_id', 'Provider joined', sides.to === 'required')
          : null}
        {/* A provider given for a side this type of move has no control for. */}
        {sides.to === 'none' ? (
          <FormError className="md:col-span-3" message={errors.to_provider_id} />
        ) : null}
        {sides.from === 'none' ? (
          <FormError className="md:col-span-3" message={errors.from_provider_id} />
        ) : null}
        <InlineField id="move-source" label="Source" error={errors.source}>
          {(props) => (
            <input
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.source}
              onChange={(event) => form.setData('source', event.target.value)}
            />
          )}
        </InlineField>
      </div>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <fieldset {...fieldProps('move-sectors', listError('sector_ids'))}>
          <legend className="text-xs font-medium text-slate-600">
            Sectors covered at the event
          </legend>
          <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm lg:grid-cols-3">
            {sectors.map((sector) => (
              <label key={sector.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={form.data.sector_ids.includes(sector.id)}
                  onChange={(event) =>
                    form.setData(
                      'sector_ids',
                      toggle(form.data.sector_ids, sector.id, event.target.checked)
                    )
                  }
                />
                {sector.name}
              </label>
            ))}
          </div>
          <FieldError id="move-sectors" message={listError('sector_ids')} />
        </fieldset>
        <fieldset {...fieldProps('move-regions', listError('region_codes'))}>
          <legend className="text-xs font-medium text-slate-600">
            Regions covered at the event
          </legend>
          <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            {regions.map((region) => (
              <label key={region.code} className="flex items-center gap-2" title={region.name}>
                <input
                  type="checkbox"
                  checked={form.data.region_codes.includes(region.code)}
                  onChange={(event) =>
                    form.setData(
                      'region_codes',
                      toggle(form.data.region_codes, region.code, event.target.checked)
                    )
                  }
                />
                {region.code}
              </label>
            ))}
          </div>
          <FieldError id="move-regions" message={listError('region_codes')} />
        </fieldset>
      </div>
      <p className="text-xs text-slate-600">
        Without sectors and regions the statistics use what the analyst covered that year.
      </p>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.processing}>
          {move ? 'Save move' : 'Record move'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
