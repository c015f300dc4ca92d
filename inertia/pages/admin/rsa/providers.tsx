import { Link, router, useForm } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Dialog } from '~/components/ui/dialog'
import { FilterField, ListFilterBar, ListNotices, ListPagination } from '~/components/list_page'
import { FieldError, InlineField, controlClass } from '~/components/admin/inline_field'
import { fieldProps } from '~/components/ui/field'
import { RsaAdminNav } from '~/components/rsa/admin_nav'
import { cn } from '~/lib/cn'
import { DOMICILES, RESEARCH_PROVIDER_TYPES, labelOf, type ResearchProviderType } from '@shared/rsa'

interface ProviderRow {
  id: number
  providerKey: string
  name: string
  providerType: ResearchProviderType | null
  isIndependent: boolean
  parentGroup: string | null
  hqRegion: keyof typeof DOMICILES | null
  isActive: boolean
  hasLogo: boolean
  aliases: string[]
  budgetLines: number
  interactions: number
}

interface Filter {
  q: string
  type: ResearchProviderType | null
  independence: 'independent' | 'affiliated' | null
}

interface Props {
  providers: ProviderRow[]
  meta: { total: number; currentPage: number; lastPage: number }
  choices: { id: number; name: string; providerKey: string }[]
  filter: Filter
  notice: string | null
  pageNotice: string | null
}

const BASE = '/admin/research-spend-analytics/providers'
const TYPE_ENTRIES = Object.entries(RESEARCH_PROVIDER_TYPES) as [ResearchProviderType, string][]
const REGION_ENTRIES = Object.keys(DOMICILES) as (keyof typeof DOMICILES)[]

function listHref(filter: Filter, page = 1) {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.type) params.set('type', filter.type)
  if (filter.independence) params.set('independence', filter.independence)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return `${BASE}${search ? `?${search}` : ''}`
}

const plural = (count: number, noun: string) =>
  `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`

function ProviderLogo({ provider }: { provider: ProviderRow }) {
  return provider.hasLogo ? (
    <img
      src={`${BASE}/${provider.providerKey}/logo`}
      alt=""
      className="h-8 w-8 shrink-0 rounded object-contain"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-700"
    >
      {provider.name.slice(0, 2).toUpperCase()}
    </span>
  )
}

function Filters({ filter }: { filter: Filter }) {
  const [q, setQ] = useState(filter.q)
  const visit = (next: Partial<Filter>) =>
    router.get(listHref({ ...filter, q, ...next }), {}, { preserveState: true })
  return (
    <ListFilterBar label="Research providers" onSubmit={() => visit({})}>
      <FilterField id="providers-search" label="Search name, key or alias">
        <input
          id="providers-search"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className={controlClass(undefined, 'w-64')}
        />
      </FilterField>
      <FilterField id="providers-type" label="Provider type">
        <select
          id="providers-type"
          value={filter.type ?? ''}
          onChange={(event) =>
            visit({ type: (event.target.value || null) as ResearchProviderType | null })
          }
          className={controlClass()}
        >
          <option value="">All types</option>
          {TYPE_ENTRIES.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="providers-independence" label="Independence">
        <select
          id="providers-independence"
          value={filter.independence ?? ''}
          onChange={(event) =>
            visit({ independence: (event.target.value || null) as Filter['independence'] })
          }
          className={controlClass()}
        >
          <option value="">Independent and affiliated</option>
          <option value="independent">Independent</option>
          <option value="affiliated">Affiliated</option>
        </select>
      </FilterField>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </ListFilterBar>
  )
}

function AliasEditor({
  aliases,
  onChange,
  error,
  idPrefix,
}: {
  aliases: string[]
  onChange: (aliases: string[]) => void
  error?: string
  idPrefix: string
}) {
  const [draft, setDraft] = useState('')
  const add = () => {
    const alias = draft.trim().replace(/\s+/g, ' ').toLowerCase()
    if (alias && !aliases.includes(alias)) onChange([...aliases, alias])
    setDraft('')
  }
  return (
    <fieldset className="md:col-span-2">
      <legend className="text-xs font-medium text-slate-700">
        Aliases (other spellings imports match)
      </legend>
      {aliases.length ? (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label="Aliases">
          {aliases.map((alias) => (
            <li
              key={alias}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-800"
            >
              {alias}
              <button
                type="button"
                aria-label={`Remove alias ${alias}`}
                onClick={() => onChange(aliases.filter((entry) => entry !== alias))}
                className="rounded-full px-1.5 text-slate-700 hover:bg-slate-200"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No alias.</p>
      )}
      <div className="mt-2 flex gap-2">
        <label htmlFor={`${idPrefix}-alias`} className="sr-only">
          New alias
        </label>
        <input
          {...fieldProps(`${idPrefix}-alias`, error)}
          value={draft}
          placeholder="New alias"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
          className={controlClass(error, 'max-w-xs')}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add alias
        </Button>
      </div>
      <FieldError id={`${idPrefix}-alias`} message={error} />
    </fieldset>
  )
}

function ProviderForm({ provider, onDone }: { provider: ProviderRow | null; onDone: () => void }) {
  const idPrefix = provider ? `provider-${provider.id}` : 'provider-new'
  const form = useForm({
    name: provider?.name ?? '',
    provider_key: provider?.providerKey ?? '',
    research_provider_type: provider?.providerType ?? TYPE_ENTRIES[0][0],
    is_independent: provider?.isIndependent ?? false,
    parent_group: provider?.parentGroup ?? '',
    hq_region: provider?.hqRegion ?? '',
    is_active: provider?.isActive ?? true,
    aliases: provider?.aliases ?? [],
  })
  const logo = useForm<{ logo: File | null }>({ logo: null })
  const errors = form.errors as Record<string, string | undefined>
  const aliasError =
    errors.aliases ??
    Object.entries(errors).find(([field]) => field.startsWith('aliases.'))?.[1] ??
    undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      parent_group: data.parent_group.trim() || null,
      hq_region: data.hq_region || null,
    }))
    form.post(provider ? `${BASE}/${provider.id}` : BASE, {
      preserveScroll: true,
      onSuccess: onDone,
    })
  }

  return (
    <div className="space-y-4">
      <form
        className="grid items-start gap-3 md:grid-cols-2"
        aria-label={provider ? `Edit ${provider.name}` : 'New research provider'}
        onSubmit={submit}
      >
        <InlineField id={`${idPrefix}-name`} label="Name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.name}
              onChange={(event) => form.setData('name', event.target.value)}
              required
            />
          )}
        </InlineField>
        <InlineField
          id={`${idPrefix}-key`}
          label="Provider key (in addresses and imports)"
          error={errors.provider_key}
        >
          {(props) => (
            <input
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.provider_key}
              onChange={(event) => form.setData('provider_key', event.target.value)}
              required
            />
          )}
        </InlineField>
        <InlineField
          id={`${idPrefix}-type`}
          label="Provider type"
          error={errors.research_provider_type}
        >
          {(props) => (
            <select
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.research_provider_type}
              onChange={(event) =>
                form.setData('research_provider_type', event.target.value as ResearchProviderType)
              }
            >
              {TYPE_ENTRIES.map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        <InlineField id={`${idPrefix}-region`} label="HQ region" error={errors.hq_region}>
          {(props) => (
            <select
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.hq_region}
              onChange={(event) => form.setData('hq_region', event.target.value)}
            >
              <option value="">Not known</option>
              {REGION_ENTRIES.map((region) => (
                <option key={region} value={region}>
                  {region}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        <InlineField id={`${idPrefix}-parent`} label="Parent group" error={errors.parent_group}>
          {(props) => (
            <input
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.parent_group}
              onChange={(event) => form.setData('parent_group', event.target.value)}
            />
          )}
        </InlineField>
        <div className="flex flex-wrap items-center gap-4 pt-5 text-sm text-slate-800">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.data.is_independent}
              onChange={(event) => form.setData('is_independent', event.target.checked)}
            />
            Independent research provider
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.data.is_active}
              onChange={(event) => form.setData('is_active', event.target.checked)}
            />
            Active
          </label>
        </div>
        <AliasEditor
          idPrefix={idPrefix}
          aliases={form.data.aliases}
          onChange={(aliases) => form.setData('aliases', aliases)}
          error={aliasError}
        />
        <div className="flex gap-2 md:col-span-2">
          <Button type="submit" disabled={form.processing}>
            {provider ? 'Save provider' : 'Create provider'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
      {provider ? (
        <form
          className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
          aria-label={`Logo of ${provider.name}`}
          onSubmit={(event) => {
            event.preventDefault()
            logo.post(`${BASE}/${provider.id}/logo`, {
              forceFormData: true,
              preserveScroll: true,
              onSuccess: () => logo.reset(),
            })
          }}
        >
          <InlineField
            id={`${idPrefix}-logo`}
            label="Logo (PNG, JPEG or WebP, up to 1 MB)"
            error={logo.errors.logo}
          >
            {(props) => (
              <input
                {...props}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(event) => logo.setData('logo', event.target.files?.[0] ?? null)}
                className="mt-1 block text-sm"
              />
            )}
          </InlineField>
          <Button type="submit" variant="secondary" disabled={!logo.data.logo || logo.processing}>
            Upload logo
          </Button>
        </form>
      ) : null}
    </div>
  )
}

function MergeForm({
  choices,
  initialMerged,
  onDone,
}: {
  choices: Props['choices']
  initialMerged: number | null
  onDone: () => void
}) {
  const form = useForm<{ survivor_id: number | ''; merged_id: number | '' }>({
    survivor_id: '',
    merged_id: initialMerged ?? '',
  })
  const survivor = choices.find((choice) => choice.id === form.data.survivor_id)
  const merged = choices.find((choice) => choice.id === form.data.merged_id)
  const select = (field: 'survivor_id' | 'merged_id', label: string) => (
    <InlineField id={`merge-${field}`} label={label} error={form.errors[field]}>
      {(props) => (
        <select
          {...props}
          className={cn(props.className, 'mt-1')}
          value={form.data[field]}
          onChange={(event) =>
            form.setData(field, event.target.value ? Number(event.target.value) : '')
          }
          required
        >
          <option value="">Choose a provider</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name} ({choice.providerKey})
            </option>
          ))}
        </select>
      )}
    </InlineField>
  )
  return (
    <form
      className="space-y-4"
      aria-label="Merge providers"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(`${BASE}/merge`, { preserveScroll: true, onSuccess: onDone })
      }}
    >
      {select('merged_id', 'Duplicate to merge (deleted)')}
      {select('survivor_id', 'Provider that stays')}
      <p className="text-sm text-slate-700">
        {survivor && merged && survivor.id !== merged.id
          ? `The budget lines, interactions, assessments, peer interaction statistics and aliases of ${merged.name} move to ${survivor.name}; “${merged.name}” and “${merged.providerKey}” become aliases of ${survivor.name}, and ${merged.name} is deleted. Peer statistics are recomputed. This cannot be undone.`
          : 'Everything the duplicate holds moves to the provider that stays; its name and key become aliases of it, and the duplicate is deleted.'}
      </p>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={form.processing}>
          Merge
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

export default function ResearchProviders({
  providers,
  meta,
  choices,
  filter,
  notice,
  pageNotice,
}: Props) {
  const [editing, setEditing] = useState<ProviderRow | 'new' | null>(null)
  const [merging, setMerging] = useState<{ mergedId: number | null } | null>(null)

  const columns = useMemo<DataTableColumn<ProviderRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Provider',
        enableHiding: false,
        accessor: (row) => row.name,
        cell: (row) => (
          <div className="flex min-w-48 items-center gap-3">
            <ProviderLogo provider={row} />
            <div>
              <p className="font-medium text-slate-900">{row.name}</p>
              <p className="text-xs text-slate-600">{row.providerKey}</p>
            </div>
          </div>
        ),
      },
      {
        id: 'type',
        header: 'Provider type',
        accessor: (row) => labelOf(RESEARCH_PROVIDER_TYPES, row.providerType),
      },
      {
        id: 'independent',
        header: 'Independent',
        accessor: (row) => (row.isIndependent ? 'Independent' : 'Affiliated'),
      },
      { id: 'parentGroup', header: 'Parent group', accessor: (row) => row.parentGroup },
      { id: 'hqRegion', header: 'HQ region', accessor: (row) => row.hqRegion },
      {
        id: 'aliases',
        header: 'Import aliases',
        accessor: (row) => row.aliases.join(', '),
        cell: (row) =>
          row.aliases.length ? (
            <span className="text-slate-800">{row.aliases.join(', ')}</span>
          ) : (
            <span className="text-slate-600">None</span>
          ),
      },
      {
        id: 'budgetLines',
        header: 'Budget lines',
        align: 'right',
        accessor: (row) => row.budgetLines,
        cell: (row) => row.budgetLines.toLocaleString(),
      },
      {
        id: 'interactions',
        header: 'Interactions',
        align: 'right',
        accessor: (row) => row.interactions,
        cell: (row) => row.interactions.toLocaleString(),
      },
      {
        id: 'status',
        header: 'Status',
        accessor: (row) => (row.isActive ? 'Active' : 'Inactive'),
        cell: (row) => (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              row.isActive ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'
            )}
          >
            {row.isActive ? 'Active' : 'Inactive'}
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        enableHiding: false,
        cell: (row) => (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
              Edit
            </Button>
            <Button
              variant="ghost"
              onClick={() => setMerging({ mergedId: row.id })}
              aria-label={`Merge ${row.name} into another provider`}
            >
              Merge
            </Button>
          </div>
        ),
      },
    ],
    []
  )

  return (
    <AdminShell title="Research providers">
      <PageHeading
        title="Research providers"
        description="The brokers, independents and networks clients pay for research: their classification for peer groups, the other spellings imports match, and merging duplicates."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href={`${BASE}/audit`} className={secondaryLinkClass}>
              Audit trail
            </Link>
            <Button variant="secondary" onClick={() => setMerging({ mergedId: null })}>
              Merge providers
            </Button>
            <Button onClick={() => setEditing('new')}>New provider</Button>
          </div>
        }
      />
      <RsaAdminNav current="providers" />
      <ListNotices notices={[notice, pageNotice]} />
      <Card padding="sm">
        <Filters key={listHref(filter)} filter={filter} />
        <p className="mb-2 text-sm text-slate-700" aria-live="polite">
          {plural(meta.total, 'research provider')}
          {filter.q || filter.type || filter.independence ? ' match' : ''}
        </p>
        <DataTable
          data={providers}
          columns={columns}
          caption="Research providers"
          getRowId={(row) => String(row.id)}
          // One page of the list: sorting it alone would mislead; the list is by name.
          enableSorting={false}
          storageKey="rsa-admin-providers"
          framed={false}
          emptyMessage="No research provider matches this search."
        />
        <ListPagination
          label="Research provider pages"
          meta={meta}
          href={(page) => listHref(filter, page)}
        />
      </Card>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null)
        }}
        title={
          editing === 'new' || editing === null ? 'New research provider' : `Edit ${editing.name}`
        }
      >
        {editing !== null ? (
          <ProviderForm
            key={editing === 'new' ? 'new' : editing.id}
            provider={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={merging !== null}
        onOpenChange={(open) => {
          if (!open) setMerging(null)
        }}
        title="Merge duplicate providers"
        description="Choose the duplicate and the provider that stays. Merges refuse when both hold the same budget line or statistic, or when the duplicate is a market data provider too."
      >
        {merging !== null ? (
          <MergeForm
            choices={choices}
            initialMerged={merging.mergedId}
            onDone={() => setMerging(null)}
          />
        ) : null}
      </Dialog>
    </AdminShell>
  )
}
