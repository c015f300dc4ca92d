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
import { AnalystForm } from '~/components/admin_providers/analyst_form'
import {
  dayOf,
  plural,
  type AnalystDetail,
  type AnalystListRow,
  type PageMeta,
  type ProviderChoice,
  type RegionChoice,
  type SectorChoice,
} from '~/components/admin_providers/types'
import { ANALYST_STATUSES, SENIORITIES, type AnalystStatus } from '@shared/providers'

interface Filter {
  q: string
  /** A provider id, or 'none'. */
  provider: string | null
  status: AnalystStatus | null
}

interface Props {
  analysts: AnalystListRow[]
  meta: PageMeta
  providers: ProviderChoice[]
  sectors: SectorChoice[]
  regions: RegionChoice[]
  years: number[]
  latestYear: number
  assetClasses: Record<string, string>
  filter: Filter
  editing: AnalystDetail | null
  notice: string | null
  pageNotice: string | null
}

const STATUS_ENTRIES = Object.entries(ANALYST_STATUSES) as [AnalystStatus, string][]

function listHref(filter: Filter, page = 1, edit?: number) {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.provider) params.set('provider', filter.provider)
  if (filter.status) params.set('status', filter.status)
  if (page > 1) params.set('page', String(page))
  if (edit) params.set('edit', String(edit))
  const search = params.toString()
  return `${BASE}${search ? `?${search}` : ''}`
}

function Filters({ filter, providers }: { filter: Filter; providers: ProviderChoice[] }) {
  const [q, setQ] = useState(filter.q)
  const visit = (next: Partial<Filter>) =>
    router.get(listHref({ ...filter, q, ...next }), {}, { preserveState: true })
  return (
    <ListFilterBar label="Analysts" onSubmit={() => visit({})}>
      <FilterField id="analysts-search" label="Search name or identifier">
        <input
          id="analysts-search"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className={controlClass(undefined, 'w-64')}
        />
      </FilterField>
      <FilterField id="analysts-provider" label="Provider">
        <select
          id="analysts-provider"
          value={filter.provider ?? ''}
          onChange={(event) => visit({ provider: event.target.value || null })}
          className={controlClass(undefined, 'max-w-64')}
        >
          <option value="">All providers</option>
          <option value="none">No tracked provider</option>
          {providers.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="analysts-status" label="Status">
        <select
          id="analysts-status"
          value={filter.status ?? ''}
          onChange={(event) =>
            visit({ status: (event.target.value || null) as AnalystStatus | null })
          }
          className={controlClass()}
        >
          <option value="">Every status</option>
          {STATUS_ENTRIES.map(([key, label]) => (
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

export default function ProvidersAdminAnalysts(props: Props) {
  const { analysts, meta, filter, editing, notice, pageNotice, latestYear } = props
  const [creating, setCreating] = useState(false)
  const closeEdit = () =>
    router.get(
      listHref(filter, meta.currentPage),
      {},
      { preserveState: true, preserveScroll: true, only: ['editing', 'notice'] }
    )

  const columns = useMemo<DataTableColumn<AnalystListRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Analyst',
        enableHiding: false,
        accessor: (row) => row.fullName,
        cell: (row) => (
          <div className="min-w-40">
            <p className="font-medium text-slate-900">
              {row.fullName}
              {row.status === 'left_industry' ? (
                <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700">
                  {ANALYST_STATUSES.left_industry}
                </span>
              ) : null}
            </p>
            <p className="text-xs text-slate-600">
              {row.externalId}
              {row.title ? ` · ${row.title}` : ''}
            </p>
          </div>
        ),
      },
      {
        id: 'provider',
        header: 'Provider',
        accessor: (row) => row.providerName,
        cell: (row) => row.providerName ?? <span className="text-slate-600">None</span>,
      },
      { id: 'seniority', header: 'Seniority', accessor: (row) => SENIORITIES[row.seniority] },
      {
        id: 'experience',
        header: 'Experience',
        align: 'right',
        description: 'Years since the analyst started in the industry.',
        accessor: (row) => new Date().getFullYear() - row.industryStartYear,
        cell: (row) => `${new Date().getFullYear() - row.industryStartYear} yrs`,
      },
      {
        id: 'sectors',
        header: 'Sectors',
        align: 'right',
        description: `GICS sectors covered in ${latestYear}.`,
        accessor: (row) => row.sectorsLatest,
        cell: (row) =>
          row.sectorsLatest ? (
            row.sectorsLatest
          ) : row.status === 'active' ? (
            <span className="font-medium text-amber-800">None</span>
          ) : (
            <span className="text-slate-600">—</span>
          ),
      },
      {
        id: 'moves',
        header: 'Moves',
        align: 'right',
        accessor: (row) => row.moveCount,
        cell: (row) =>
          row.moveCount ? (
            <Link
              href={`${BASE}/moves?analyst=${row.id}`}
              className="text-brand-700 underline"
              aria-label={`${plural(row.moveCount, 'move')} of ${row.fullName}`}
            >
              {row.moveCount}
            </Link>
          ) : (
            0
          ),
      },
      {
        id: 'verified',
        header: 'Last verified',
        accessor: (row) => dayOf(row.lastVerifiedAt),
        cell: (row) => dayOf(row.lastVerifiedAt) ?? <span className="text-slate-600">Never</span>,
        className: 'whitespace-nowrap',
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        enableHiding: false,
        cell: (row) => (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              onClick={() =>
                router.get(
                  listHref(filter, meta.currentPage, row.id),
                  {},
                  { preserveState: true, preserveScroll: true, only: ['editing', 'notice'] }
                )
              }
              aria-label={`Edit ${row.fullName}`}
            >
              Edit
            </Button>
          </div>
        ),
      },
    ],
    [latestYear, filter, meta.currentPage]
  )

  const formProps = {
    providers: props.providers,
    sectors: props.sectors,
    regions: props.regions,
    years: props.years,
    latestYear,
    assetClasses: props.assetClasses,
  }

  return (
    <AdminShell title="Analysts">
      <PageHeading
        title="Providers: analysts"
        description="The sell-side analysts of the research providers: who works where, their seniority and experience, what they cover each year, and when their record was last verified. The league table and provider pages are computed from these records."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href={`${BASE}/import`} className={secondaryLinkClass}>
              Import a roster
            </Link>
            <Button onClick={() => setCreating(true)}>New analyst</Button>
          </div>
        }
      />
      <ProvidersAdminNav current="analysts" />
      <ListNotices notices={[notice, pageNotice]} />
      <Card padding="sm">
        <Filters key={listHref(filter)} filter={filter} providers={props.providers} />
        <p className="mb-2 text-sm text-slate-700" aria-live="polite">
          {plural(meta.total, 'analyst')}
          {filter.q || filter.provider || filter.status ? ' match' : ''}
        </p>
        <DataTable
          data={analysts}
          columns={columns}
          caption="Analysts"
          getRowId={(row) => String(row.id)}
          // One page of the list: sorting it alone would mislead; the list is by name.
          enableSorting={false}
          storageKey="providers-admin-analysts"
          density="compact"
          framed={false}
          emptyMessage="No analyst matches this search."
        />
        <ListPagination label="Analyst pages" meta={meta} href={(page) => listHref(filter, page)} />
      </Card>
      <Dialog
        open={creating || editing !== null}
        onOpenChange={(open) => {
          if (open) return
          if (creating) setCreating(false)
          else closeEdit()
        }}
        title={editing && !creating ? `Edit ${editing.fullName}` : 'New analyst'}
        className="w-[min(64rem,calc(100vw-2rem))]"
      >
        {creating ? (
          <AnalystForm
            key="new"
            analyst={null}
            {...formProps}
            onCancel={() => setCreating(false)}
            onSaved={() => setCreating(false)}
          />
        ) : editing ? (
          <AnalystForm
            key={editing.id}
            analyst={editing}
            {...formProps}
            onCancel={closeEdit}
            onSaved={() => {}}
          />
        ) : null}
      </Dialog>
    </AdminShell>
  )
}
