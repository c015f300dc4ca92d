import { Link } from '@inertiajs/react'
import { useMemo } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { ListNotices, ListPagination } from '~/components/list_page'
import { BASE, ProvidersAdminNav } from '~/components/admin_providers/nav'
import { dayOf, plural, type PageMeta } from '~/components/admin_providers/types'
import { cn } from '~/lib/cn'
import { SENIORITIES, type Seniority } from '@shared/providers'

type Reason = 'unverified' | 'no_coverage'

interface Row {
  id: number
  externalId: string
  fullName: string
  seniority: Seniority
  providerName: string | null
  lastVerifiedAt: string | null
  latestCoverageYear: number | null
}

interface Props {
  analysts: Row[]
  meta: PageMeta
  counts: Record<Reason, number>
  reason: Reason
  latestYear: number
  maxAgeMonths: number
  notice: string | null
  pageNotice: string | null
}

const href = (reason: Reason, page = 1) =>
  `${BASE}/data-quality?reason=${reason}${page > 1 ? `&page=${page}` : ''}`

export default function ProvidersAdminDataQuality({
  analysts,
  meta,
  counts,
  reason,
  latestYear,
  maxAgeMonths,
  notice,
  pageNotice,
}: Props) {
  const reasons: { key: Reason; title: string; description: string }[] = [
    {
      key: 'unverified',
      title: 'Not verified',
      description: `Active analysts whose record was not verified in the last ${maxAgeMonths} months, or never.`,
    },
    {
      key: 'no_coverage',
      title: `No coverage in ${latestYear}`,
      description: `Active analysts with no sector recorded for ${latestYear}: they count in no sector’s figures.`,
    },
  ]
  const current = reasons.find((entry) => entry.key === reason)!

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      {
        id: 'name',
        header: 'Analyst',
        enableHiding: false,
        accessor: (row) => row.fullName,
        cell: (row) => (
          <div>
            <p className="font-medium text-slate-900">{row.fullName}</p>
            <p className="text-xs text-slate-600">{row.externalId}</p>
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
        id: 'verified',
        header: 'Last verified',
        accessor: (row) => dayOf(row.lastVerifiedAt),
        cell: (row) => dayOf(row.lastVerifiedAt) ?? <span className="text-slate-600">Never</span>,
      },
      {
        id: 'coverage',
        header: 'Latest coverage',
        accessor: (row) => row.latestCoverageYear,
        cell: (row) =>
          row.latestCoverageYear ?? <span className="text-slate-600">None recorded</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        enableHiding: false,
        cell: (row) => (
          <div className="flex justify-end">
            <Link
              href={`${BASE}?edit=${row.id}`}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-100"
              aria-label={`Edit ${row.fullName}`}
            >
              Edit
            </Link>
          </div>
        ),
      },
    ],
    []
  )

  return (
    <AdminShell title="Analyst data quality">
      <PageHeading
        title="Providers: data quality"
        description="Analyst records to check: verify them, or complete their coverage, from the analyst’s edit form."
      />
      <ProvidersAdminNav current="data_quality" />
      <ListNotices notices={[notice, pageNotice]} />
      <nav aria-label="Reasons" className="mb-4">
        <ul className="grid gap-3 sm:grid-cols-2">
          {reasons.map((entry) => (
            <li key={entry.key}>
              <Link
                href={href(entry.key)}
                aria-current={entry.key === reason ? 'page' : undefined}
                className={cn(
                  'hover:border-brand-300 block rounded-lg border bg-white p-4 shadow-sm',
                  entry.key === reason
                    ? 'border-brand-500 ring-1 ring-brand-500'
                    : 'border-slate-200'
                )}
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="text-sm font-semibold text-slate-900">{entry.title}</span>
                  <span
                    className={cn(
                      'text-2xl font-semibold tabular-nums',
                      counts[entry.key] ? 'text-amber-800' : 'text-emerald-700'
                    )}
                  >
                    {counts[entry.key].toLocaleString('en-GB')}
                  </span>
                </span>
                <span className="mt-1 block text-xs text-slate-600">{entry.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Card padding="sm">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">
          {current.title}: {plural(meta.total, 'analyst')}
        </h2>
        <DataTable
          data={analysts}
          columns={columns}
          caption={current.title}
          getRowId={(row) => String(row.id)}
          enableSorting={false}
          storageKey="providers-admin-data-quality"
          density="compact"
          framed={false}
          emptyMessage="Nothing to check here."
        />
        <ListPagination
          label={`${current.title} pages`}
          meta={meta}
          href={(page) => href(reason, page)}
        />
      </Card>
    </AdminShell>
  )
}
