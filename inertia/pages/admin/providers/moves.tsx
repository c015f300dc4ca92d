import { Link, router } from '@inertiajs/react'
import { useMemo, useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Dialog } from '~/components/ui/dialog'
import { FilterField, ListFilterBar, ListNotices, ListPagination } from '~/components/list_page'
import { controlClass } from '~/components/admin/inline_field'
import { BASE, ProvidersAdminNav } from '~/components/admin_providers/nav'
import { MoveForm } from '~/components/admin_providers/move_form'
import {
  plural,
  type AnalystMatch,
  type MoveRow,
  type PageMeta,
  type ProviderChoice,
  type RegionChoice,
  type SectorChoice,
} from '~/components/admin_providers/types'
import { cn } from '~/lib/cn'
import { FormError } from '~/components/ui/field'
import { MOVE_TYPES, type MoveType } from '@shared/providers'

interface Filter {
  q: string
  provider: number | null
  analyst: number | null
  year: number | null
  type: MoveType | null
}

interface Props {
  moves: MoveRow[]
  meta: PageMeta
  providers: ProviderChoice[]
  sectors: SectorChoice[]
  regions: RegionChoice[]
  years: number[]
  /** The analyst the list is filtered on. */
  analyst: AnalystMatch | null
  filter: Filter
  notice: string | null
  pageNotice: string | null
}

/** A row's action: compact, so that the table fits narrower screens. */
const ROW_ACTION = 'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100'

const TYPE_ENTRIES = Object.entries(MOVE_TYPES) as [MoveType, string][]

const TYPE_TONES: Record<MoveType, string> = {
  joiner: 'bg-emerald-50 text-emerald-800',
  leaver: 'bg-amber-50 text-amber-900',
  internal_move: 'bg-slate-100 text-slate-700',
  left_industry: 'bg-red-50 text-red-800',
  returned: 'bg-brand-50 text-brand-800',
}

function listHref(filter: Filter, page = 1) {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.provider) params.set('provider', String(filter.provider))
  if (filter.analyst) params.set('analyst', String(filter.analyst))
  if (filter.year) params.set('year', String(filter.year))
  if (filter.type) params.set('type', filter.type)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return `${BASE}/moves${search ? `?${search}` : ''}`
}

function Filters({
  filter,
  providers,
  years,
}: {
  filter: Filter
  providers: ProviderChoice[]
  years: number[]
}) {
  const [q, setQ] = useState(filter.q)
  const visit = (next: Partial<Filter>) =>
    router.get(listHref({ ...filter, q, ...next }), {}, { preserveState: true })
  return (
    <ListFilterBar label="Moves" onSubmit={() => visit({})}>
      <FilterField id="moves-search" label="Search analyst (name or identifier)">
        <input
          id="moves-search"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className={controlClass(undefined, 'w-64')}
        />
      </FilterField>
      <FilterField id="moves-provider" label="Provider (left or joined)">
        <select
          id="moves-provider"
          value={filter.provider ?? ''}
          onChange={(event) =>
            visit({ provider: event.target.value ? Number(event.target.value) : null })
          }
          className={controlClass(undefined, 'max-w-64')}
        >
          <option value="">All providers</option>
          {providers.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="moves-year" label="Year">
        <select
          id="moves-year"
          value={filter.year ?? ''}
          onChange={(event) =>
            visit({ year: event.target.value ? Number(event.target.value) : null })
          }
          className={controlClass()}
        >
          <option value="">Every year</option>
          {[...new Set([...(filter.year ? [filter.year] : []), ...years])].map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="moves-type" label="Type">
        <select
          id="moves-type"
          value={filter.type ?? ''}
          onChange={(event) => visit({ type: (event.target.value || null) as MoveType | null })}
          className={controlClass()}
        >
          <option value="">Every type</option>
          {TYPE_ENTRIES.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </FilterField>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </ListFilterBar>
  )
}

export default function ProvidersAdminMoves(props: Props) {
  const { moves, meta, filter, notice, pageNotice, analyst } = props
  const [editing, setEditing] = useState<MoveRow | 'new' | null>(null)
  const [deleting, setDeleting] = useState<MoveRow | null>(null)
  const [removing, setRemoving] = useState(false)
  // Why the server kept a move (its removal would break the analyst's chain of moves).
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const sectorNames = useMemo(
    () => new Map(props.sectors.map((sector) => [sector.id, sector.name])),
    [props.sectors]
  )

  const columns = useMemo<DataTableColumn<MoveRow>[]>(
    () => [
      {
        id: 'date',
        header: 'Date',
        enableHiding: false,
        accessor: (row) => row.eventDate,
        className: 'whitespace-nowrap',
      },
      {
        id: 'analyst',
        header: 'Analyst',
        enableHiding: false,
        accessor: (row) => row.analystName,
        cell: (row) => (
          <div>
            <p className="font-medium text-slate-900">{row.analystName}</p>
            <p className="text-xs text-slate-600">{row.analystExternalId}</p>
          </div>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        accessor: (row) => MOVE_TYPES[row.type],
        cell: (row) => (
          <span
            className={cn(
              'inline-block rounded-full px-2 py-0.5 text-xs font-medium',
              TYPE_TONES[row.type]
            )}
          >
            {MOVE_TYPES[row.type]}
          </span>
        ),
      },
      {
        id: 'route',
        header: 'From → to',
        accessor: (row) => `${row.fromName ?? '—'} → ${row.toName ?? '—'}`,
        cell: (row) =>
          row.type === 'internal_move' ? (
            <span className="text-slate-800">Within {row.fromName ?? '—'}</span>
          ) : (
            <span className="text-slate-800">
              {row.fromName ?? <span className="text-slate-500">—</span>}
              <span aria-hidden="true" className="px-1 text-slate-500">
                →
              </span>
              <span className="sr-only"> to </span>
              {row.toName ?? <span className="text-slate-500">—</span>}
            </span>
          ),
      },
      {
        id: 'experience',
        header: 'Experience',
        align: 'right',
        description: 'Years of experience the analyst had at the event.',
        accessor: (row) => row.experienceYears,
        cell: (row) => `${row.experienceYears} yrs`,
      },
      {
        id: 'coverage',
        header: 'Covered',
        description: 'The sectors and regions the analyst covered at the event.',
        accessor: (row) =>
          row.sectorIds.map((id) => sectorNames.get(id)).join(', ') +
          (row.regionCodes.length ? ` · ${row.regionCodes.join(', ')}` : ''),
        cell: (row) =>
          row.sectorIds.length ? (
            <span className="text-slate-800">
              {row.sectorIds.map((id) => sectorNames.get(id) ?? `#${id}`).join(', ')}
              <span className="text-slate-600"> · {row.regionCodes.join(', ')}</span>
            </span>
          ) : (
            <span className="text-slate-600">That year’s coverage</span>
          ),
      },
      { id: 'source', header: 'Source', accessor: (row) => row.source },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        enableHiding: false,
        cell: (row) => (
          <div className="flex flex-col items-end xl:flex-row xl:justify-end xl:gap-1">
            <button
              type="button"
              onClick={() => setEditing(row)}
              aria-label={`Edit the move of ${row.analystName} on ${row.eventDate}`}
              className={ROW_ACTION}
            >
              Edit
            </button>
            <button
              type="button"
              onClick={() => {
                setDeleteError(null)
                setDeleting(row)
              }}
              aria-label={`Delete the move of ${row.analystName} on ${row.eventDate}`}
              className={ROW_ACTION}
            >
              Delete
            </button>
          </div>
        ),
      },
    ],
    [sectorNames]
  )

  const filtered = Boolean(
    filter.q || filter.provider || filter.analyst || filter.year || filter.type
  )

  return (
    <AdminShell title="Analyst moves">
      <PageHeading
        title="Providers: analyst moves"
        description="Joiners, leavers, internal moves, departures from and returns to the industry. A move between two providers is one record: a joiner for the provider joined and a leaver for the provider left. Each change updates the analyst’s provider and the statistics."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href={`${BASE}/import`} className={secondaryLinkClass}>
              Import moves
            </Link>
            <Button onClick={() => setEditing('new')}>New move</Button>
          </div>
        }
      />
      <ProvidersAdminNav current="moves" />
      <ListNotices notices={[notice, pageNotice]} />
      <Card padding="sm">
        <Filters
          key={listHref(filter)}
          filter={filter}
          providers={props.providers}
          years={props.years}
        />
        {filter.analyst ? (
          <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            Moves of{' '}
            <strong>
              {analyst
                ? `${analyst.fullName} (${analyst.externalId})`
                : `analyst #${filter.analyst}`}
            </strong>
            <Link
              href={listHref({ ...filter, analyst: null })}
              className="text-brand-700 underline"
            >
              Show every analyst
            </Link>
            {analyst ? (
              <Link href={`${BASE}?edit=${analyst.id}`} className="text-brand-700 underline">
                Edit the analyst
              </Link>
            ) : null}
          </p>
        ) : null}
        <p className="mb-2 text-sm text-slate-700" aria-live="polite">
          {plural(meta.total, 'move')}
          {filtered ? ' match' : ''}
        </p>
        <DataTable
          data={moves}
          columns={columns}
          caption="Analyst moves"
          getRowId={(row) => String(row.id)}
          enableSorting={false}
          storageKey="providers-admin-moves"
          defaultVisibleColumns={['type', 'route', 'experience', 'coverage']}
          density="compact"
          framed={false}
          emptyMessage="No move matches these filters."
        />
        <ListPagination label="Move pages" meta={meta} href={(page) => listHref(filter, page)} />
      </Card>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null)
        }}
        title={
          editing === 'new' || editing === null
            ? 'New move'
            : `Edit the move of ${editing.analystName}`
        }
        className="w-[min(64rem,calc(100vw-2rem))]"
      >
        {editing !== null ? (
          <MoveForm
            key={editing === 'new' ? 'new' : editing.id}
            move={editing === 'new' ? null : editing}
            analyst={analyst}
            providers={props.providers}
            sectors={props.sectors}
            regions={props.regions}
            onCancel={() => setEditing(null)}
            onSaved={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null)
        }}
        title="Delete this move?"
      >
        {deleting ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-800">
              The {MOVE_TYPES[deleting.type].toLowerCase()} of{' '}
              <strong>{deleting.analystName}</strong> on {deleting.eventDate} (
              {deleting.fromName ?? 'no provider'} → {deleting.toName ?? 'no provider'}) is deleted.
              The analyst’s provider follows its remaining moves, and the statistics of the
              providers concerned are recomputed. The deletion is recorded in the audit trail.
            </p>
            <FormError message={deleteError} />
            <div className="flex gap-2">
              <Button
                variant="danger"
                disabled={removing}
                onClick={() =>
                  router.post(
                    `${BASE}/moves/${deleting.id}/destroy`,
                    {},
                    {
                      preserveScroll: true,
                      onStart: () => setRemoving(true),
                      onFinish: () => setRemoving(false),
                      onSuccess: () => setDeleting(null),
                      onError: (errors) =>
                        setDeleteError(errors.move ?? Object.values(errors)[0] ?? null),
                    }
                  )
                }
              >
                Delete move
              </Button>
              <Button variant="ghost" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </AdminShell>
  )
}
