import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { RsaAdminNav } from '~/components/rsa/admin_nav'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Badge } from '~/components/admin/account_tabs'

interface YearOverview {
  year: number
  collection: { invited: number; submitted: number; completed: number; overdue: number }
  benchmarks: { published: number; suppressed: number }
  lastRecompute: {
    trigger: string
    triggerLabel: string
    finishedAt: string
    cells: number
    suppressedCells: number
    teams: number
  } | null
}

interface ImportRow {
  id: number
  kind: string
  year: number
  source: string
  status: string
  statusLabel: string
  kindLabel: string
  fileName: string
  team: string | null
  user: string | null
  rows: { total: number; new: number; updated: number; rejected: number }
  createdAt: string
  committedAt: string | null
}

interface Props {
  today: string
  years: YearOverview[]
  imports: ImportRow[]
}

const BASE = '/admin/research-spend-analytics'

const PAGES = [
  {
    href: `${BASE}/data-collections`,
    title: 'Data collections',
    description: 'Ask teams for a year’s figures by a due date; close a round once done.',
  },
  {
    href: `${BASE}/data-collection-submissions`,
    title: 'Data collection submissions',
    description: 'Every team’s files: download, review, complete or reject.',
  },
  {
    href: `${BASE}/budget-upload`,
    title: 'Budget upload',
    description: 'Import budgets and budget lines from a file.',
  },
  {
    href: `${BASE}/client-interactions-upload`,
    title: 'Client interactions upload',
    description: 'Import the interactions teams logged with providers.',
  },
  {
    href: `${BASE}/peer-interactions-upload`,
    title: 'Peer interactions upload',
    description: 'Import the pre-aggregated peer interaction panel.',
  },
  {
    href: `${BASE}/providers`,
    title: 'Research providers',
    description: 'Provider types, aliases and independence.',
  },
]

const when = (value: string) => value.slice(0, 16).replace('T', ' ')
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0)

/** Completed and submitted-not-completed shares of the invited collections, as one bar. */
function ProgressBar({ collection }: { collection: YearOverview['collection'] }) {
  const { invited, submitted, completed } = collection
  if (invited === 0) return <span className="text-sm text-slate-600">No collection</span>
  const done = share(completed, invited)
  const received = Math.max(0, share(submitted, invited) - done)
  return (
    <div className="min-w-32">
      <div
        className="flex h-2 overflow-hidden rounded-full bg-slate-200"
        role="img"
        aria-label={`${completed} of ${invited} completed, ${submitted} submitted`}
      >
        <span className="bg-emerald-600" style={{ width: `${done}%` }} />
        <span className="bg-sky-500" style={{ width: `${received}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{done}% completed</p>
    </div>
  )
}

const YEAR_COLUMNS: DataTableColumn<YearOverview>[] = [
  { id: 'year', header: 'Year', accessor: (row) => row.year, sortDescFirst: true },
  {
    id: 'invited',
    header: 'Teams invited',
    description: 'Research spend data collections opened for the year, one per team',
    accessor: (row) => row.collection.invited,
    align: 'right',
  },
  {
    id: 'submitted',
    header: 'Submitted',
    description: 'Collections with at least one file received, whatever its status',
    accessor: (row) => row.collection.submitted,
    align: 'right',
  },
  {
    id: 'completed',
    header: 'Completed',
    description: 'Collections with a completed submission',
    accessor: (row) => row.collection.completed,
    align: 'right',
  },
  {
    id: 'overdue',
    header: 'Overdue',
    description: 'Collections past their due date without a completed submission',
    accessor: (row) => row.collection.overdue,
    align: 'right',
    cell: (row) =>
      row.collection.overdue > 0 ? (
        <span className="font-semibold text-red-700">{row.collection.overdue}</span>
      ) : (
        0
      ),
  },
  {
    id: 'progress',
    header: 'Progress',
    enableSorting: false,
    cell: (row) => <ProgressBar collection={row.collection} />,
  },
  {
    id: 'published',
    header: 'Cells published',
    description: 'Benchmark cells shown to clients (enough contributors, no dominant one)',
    accessor: (row) => row.benchmarks.published,
    align: 'right',
  },
  {
    id: 'suppressed',
    header: 'Cells suppressed',
    description: 'Benchmark cells stored but withheld (fewer than 5 contributors or one dominant)',
    accessor: (row) => row.benchmarks.suppressed,
    align: 'right',
  },
  {
    id: 'recompute',
    header: 'Last recompute',
    description: 'The latest recompute of the peer statistics for the year, and what started it',
    accessor: (row) => row.lastRecompute?.finishedAt ?? null,
    cell: (row) =>
      row.lastRecompute ? (
        <div className="whitespace-nowrap">
          <div className="text-slate-900">{when(row.lastRecompute.finishedAt)}</div>
          <div className="text-xs text-slate-600">
            {row.lastRecompute.triggerLabel} · {row.lastRecompute.teams} team
            {row.lastRecompute.teams === 1 ? '' : 's'}
          </div>
        </div>
      ) : (
        <span className="text-slate-600">Never</span>
      ),
  },
]

const IMPORT_COLUMNS: DataTableColumn<ImportRow>[] = [
  {
    id: 'createdAt',
    header: 'Uploaded',
    accessor: (row) => row.createdAt,
    sortDescFirst: true,
    cell: (row) => (
      <div className="whitespace-nowrap">
        <div className="text-slate-900">{when(row.createdAt)}</div>
        <div className="text-xs text-slate-600">{row.user ?? 'Command line'}</div>
      </div>
    ),
  },
  {
    id: 'kind',
    header: 'Import',
    accessor: (row) => row.kindLabel,
    cell: (row) => (
      <div>
        <div className="text-slate-900">
          {row.kindLabel} {row.year}
        </div>
        <div className="text-xs text-slate-600">{row.team ?? 'Every team'}</div>
      </div>
    ),
  },
  {
    id: 'file',
    header: 'File',
    accessor: (row) => row.fileName,
    className: 'max-w-64 [overflow-wrap:anywhere]',
    cell: (row) => (
      <Link
        href={`/admin/research-spend-analytics/imports/${row.id}`}
        className="text-blue-700 underline-offset-2 hover:underline"
      >
        {row.fileName}
      </Link>
    ),
  },
  {
    id: 'rows',
    header: 'Rows',
    description: 'Rows read: new, updated and rejected',
    accessor: (row) => row.rows.total,
    align: 'right',
    cell: (row) => (
      <div>
        <div>{row.rows.total}</div>
        <div className="text-xs text-slate-600">
          {row.rows.new} new · {row.rows.updated} updated · {row.rows.rejected} rejected
        </div>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (row) => row.statusLabel,
    cell: (row) => (
      <Badge
        tone={
          row.status === 'committed'
            ? 'green'
            : row.status === 'failed' || row.status === 'refused'
              ? 'red'
              : 'slate'
        }
      >
        {row.statusLabel}
      </Badge>
    ),
  },
]

export default function RsaAdminOverview({ today, years, imports }: Props) {
  return (
    <AdminShell title="Research Spend Analytics administration">
      <PageHeading
        title="Research Spend Analytics administration"
        description={`Data collection progress, published peer benchmarks and the latest imports, per year (overdue as of ${today}).`}
      />
      <RsaAdminNav current="overview" />
      <nav aria-label="Research spend administration pages" className="mb-8">
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {PAGES.map((page) => (
            <li key={page.href}>
              <Link
                href={page.href}
                className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-teal-400 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              >
                <span className="font-medium text-teal-800">{page.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{page.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="years-heading" className="mb-10">
        <h2 id="years-heading" className="mb-3 text-lg font-semibold text-slate-900">
          By year
        </h2>
        <DataTable
          data={years}
          columns={YEAR_COLUMNS}
          caption="Data collection progress and benchmark cells per year"
          getRowId={(row) => String(row.year)}
          enableHiding={false}
        />
      </section>

      <section aria-labelledby="imports-heading">
        <h2 id="imports-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Latest imports
        </h2>
        {imports.length === 0 ? (
          <Card>
            <p className="text-sm text-slate-600">
              No budget or interaction file has been imported yet. Imports made from the upload
              pages above appear here, newest first.
            </p>
          </Card>
        ) : (
          <DataTable
            data={imports}
            columns={IMPORT_COLUMNS}
            caption="The latest research spend imports"
            getRowId={(row) => String(row.id)}
            enableHiding={false}
          />
        )}
      </section>
    </AdminShell>
  )
}
