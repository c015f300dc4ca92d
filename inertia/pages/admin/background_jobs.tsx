import { Link, router } from '@inertiajs/react'
import { useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { ListNotices, ListPagination } from '~/components/list_page'
import type { ListPageMeta } from '@shared/list_page'
import { Button } from '~/components/ui/button'
import { Badge } from '~/components/admin/account_tabs'
import { cn } from '~/lib/cn'
import { JOB_RUN_STATUSES, JOB_RUN_STATUS_LABELS, type JobRunStatus } from '@shared/job_runs'

interface JobRun {
  id: number
  jobId: string
  name: string
  queue: string
  payload: string
  status: JobRunStatus
  attempt: number
  maxAttempts: number
  error: string | null
  startedAt: string
  finishedAt: string | null
  durationMs: number | null
  retriedAs: number | null
  canRunAgain: boolean
}

interface Props {
  status: JobRunStatus | 'all'
  runs: JobRun[]
  pagination: ListPageMeta
  pageNotice: string | null
  counts: Partial<Record<JobRunStatus, number>>
}

const BASE = '/admin/background-jobs'

const TONES: Record<JobRunStatus, 'red' | 'amber' | 'teal' | 'slate' | 'green'> = {
  failed: 'red',
  abandoned: 'amber',
  retrying: 'amber',
  running: 'teal',
  queued: 'slate',
  completed: 'green',
}

function listHref(status: JobRunStatus | 'all', page = 1) {
  return `${BASE}?status=${status}${page > 1 ? `&page=${page}` : ''}`
}

const when = (value: string) => value.slice(0, 19).replace('T', ' ')

function duration(ms: number | null) {
  if (ms === null) return '—'
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
}

function RunAgain({ run }: { run: JobRun }) {
  const [sending, setSending] = useState(false)
  if (run.retriedAs !== null) {
    return <span className="text-xs text-slate-600">Run again as #{run.retriedAs}</span>
  }
  if (!run.canRunAgain) return null
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={sending}
      aria-label={`Run ${run.name} (run #${run.id}) again`}
      onClick={() =>
        router.post(
          `${BASE}/${run.id}/run-again`,
          {},
          {
            preserveScroll: true,
            onStart: () => setSending(true),
            onFinish: () => setSending(false),
          }
        )
      }
    >
      Run again
    </Button>
  )
}

const COLUMNS: DataTableColumn<JobRun>[] = [
  {
    id: 'startedAt',
    header: 'Started',
    accessor: (row) => row.startedAt,
    sortDescFirst: true,
    cell: (row) => (
      <div className="whitespace-nowrap">
        <div className="text-slate-900">{when(row.startedAt)}</div>
        <div className="text-xs text-slate-600">Run #{row.id}</div>
      </div>
    ),
  },
  {
    id: 'name',
    header: 'Job',
    accessor: (row) => row.name,
    cell: (row) => (
      <div>
        <div className="font-medium text-slate-900">{row.name}</div>
        <div className="text-xs text-slate-600">Queue {row.queue}</div>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (row) => row.status,
    cell: (row) => <Badge tone={TONES[row.status]}>{JOB_RUN_STATUS_LABELS[row.status]}</Badge>,
  },
  {
    id: 'attempt',
    header: 'Attempt',
    accessor: (row) => row.attempt,
    align: 'right',
    cell: (row) => `${row.attempt} of ${row.maxAttempts}`,
  },
  {
    id: 'finishedAt',
    header: 'Finished',
    accessor: (row) => row.finishedAt,
    cell: (row) => (
      <div className="whitespace-nowrap">
        <div className="text-slate-900">{row.finishedAt ? when(row.finishedAt) : '—'}</div>
        <div className="text-xs text-slate-600">{duration(row.durationMs)}</div>
      </div>
    ),
  },
  {
    id: 'error',
    header: 'Error',
    accessor: (row) => row.error,
    enableSorting: false,
    className: 'min-w-64 max-w-md whitespace-normal',
    cell: (row) =>
      row.error ? (
        <p className="text-sm [overflow-wrap:anywhere] text-red-800">{row.error}</p>
      ) : (
        <span className="text-slate-600">—</span>
      ),
  },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    enableHiding: false,
    cell: (row) => <RunAgain run={row} />,
  },
]

function RunDetail({ run }: { run: JobRun }) {
  return (
    <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-600">Job id</dt>
      <dd className="font-mono text-xs text-slate-800">{run.jobId || '—'}</dd>
      <dt className="text-slate-600">Payload</dt>
      <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-800">{run.payload}</dd>
    </dl>
  )
}

export default function BackgroundJobs({ status, runs, pagination, pageNotice, counts }: Props) {
  const all = Object.values(counts).reduce((sum, value) => sum + (value ?? 0), 0)
  const tabs = [
    ...JOB_RUN_STATUSES.map((key) => ({
      key,
      title: JOB_RUN_STATUS_LABELS[key],
      count: counts[key] ?? 0,
    })),
    { key: 'all' as const, title: 'All', count: all },
  ]
  return (
    <AdminShell title="Background jobs">
      <PageHeading
        title="Background jobs"
        description="Every attempt of every background job (mails, imports), newest first. A failed run can be run again with the same payload."
      />
      <ListNotices notices={[pageNotice]} />
      <nav aria-label="Job run status" className="mb-4 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            href={listHref(tab.key)}
            aria-current={tab.key === status ? 'page' : undefined}
            preserveScroll
            className={cn(
              'rounded-full px-4 py-1.5 text-sm font-medium',
              tab.key === status
                ? 'bg-teal-700 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'
            )}
          >
            {tab.title} ({tab.count})
          </Link>
        ))}
      </nav>
      <DataTable
        data={runs}
        columns={COLUMNS}
        caption="Background job runs"
        getRowId={(row) => String(row.id)}
        enableHiding={false}
        verticalAlign="top"
        renderExpanded={(row) => <RunDetail run={row} />}
        expandLabel={(row) => `Show the payload of run #${row.id}`}
        emptyMessage={
          status === 'all'
            ? 'No background job has run yet.'
            : `No ${JOB_RUN_STATUS_LABELS[status].toLowerCase()} run.`
        }
      />
      <ListPagination
        label="Job run pages"
        meta={pagination}
        noun={['run', 'runs']}
        href={(page) => listHref(status, page)}
      />
    </AdminShell>
  )
}
