import { Link } from '@inertiajs/react'
import { useMemo } from 'react'
import { UploadForm, useUploadForm } from '~/components/data_collection/upload_form'
import { RsaPage } from '~/components/rsa/rsa_page'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { ListNotices, ListPagination } from '~/components/list_page'
import type { ListPageMeta } from '@shared/list_page'
import { Card } from '~/components/ui/card'
import { Alert } from '~/components/ui/alert'
import { cn } from '~/lib/cn'
import {
  ROW_ERROR_PREFIX,
  SUBMISSION_STATUSES,
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from '@shared/data_collection'
import { parseReportKey } from '@shared/rsa_collection'
import { useDates } from '~/hooks/use_dates'
import { tabListKeyDown } from '~/lib/tab_list_keys'

interface Collection {
  id: number
  name: string
  dueDate: string | null
  year: number | null
}

interface Submission {
  id: number
  collection: string
  fileName: string
  hasFile: boolean
  fileSize: number
  additionalComments: string | null
  deliveryDate: string
  status: SubmissionStatus
  statusLabel: string
  statusComment: string | null
  rowCount: number
  submittedBy: string
  submittedAt: string
  updatedAt: string | null
}

interface Props {
  collections: Collection[]
  status: SubmissionStatus | 'all'
  submissions: Submission[]
  pagination: ListPageMeta
  pageNotice: string | null
  counts: Partial<Record<SubmissionStatus, number>>
  today: string
}

interface Problem {
  id: string
  row: number | null
  sheet: string
  sheetOrder: number
  columnOrder: number
  column: string
  message: string
}

const BASE = '/rsa/data-collection'

const STATUS_STYLES: Record<SubmissionStatus, string> = {
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  submitted: 'bg-sky-50 text-sky-800 ring-sky-200',
  processing: 'bg-violet-50 text-violet-800 ring-violet-200',
  in_review: 'bg-amber-50 text-amber-800 ring-amber-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
}

const FILTERS = [
  ...SUBMISSION_STATUSES.map((key) => ({ key, title: SUBMISSION_STATUS_LABELS[key] })),
  { key: 'all' as const, title: 'All' },
]

function fileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** Days from today to the due date (negative: overdue). */
function daysUntil(date: string, today: string) {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 864e5)
}

function DueDate({ dueDate, today }: { dueDate: string | null; today: string }) {
  const dates = useDates()
  if (!dueDate) return <span className="text-sm text-slate-500">No due date</span>
  const days = daysUntil(dueDate, today)
  if (days < 0) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-red-700">Due {dates.date(dueDate)}</span>
        <span
          className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200"
          data-testid="overdue"
        >
          Overdue by {-days} day{days === -1 ? '' : 's'}
        </span>
      </span>
    )
  }
  return (
    <span className={cn('text-sm', days <= 7 ? 'font-medium text-amber-800' : 'text-slate-600')}>
      Due {dates.date(dueDate)} · {days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`}
    </span>
  )
}

/** The problems of a refused file, one per cell, in sheet, row and column order. */
function problemsOf(errors: Record<string, string>): Problem[] {
  return Object.entries(errors)
    .filter(([key]) => key.startsWith(ROW_ERROR_PREFIX))
    .map(([key, message]) => {
      const location = parseReportKey(key)
      return {
        id: key,
        row: location?.row ?? null,
        sheet: location?.sheet ?? '',
        sheetOrder: location?.sheetIndex ?? Number.MAX_SAFE_INTEGER,
        columnOrder: location?.columnIndex ?? 0,
        column: location?.column ?? '',
        message,
      }
    })
    .sort(
      (a, b) =>
        a.sheetOrder - b.sheetOrder ||
        (a.row ?? Infinity) - (b.row ?? Infinity) ||
        a.columnOrder - b.columnOrder
    )
}

const PROBLEM_COLUMNS: DataTableColumn<Problem>[] = [
  {
    id: 'row',
    header: 'Row',
    accessor: (problem) => problem.row,
    align: 'right',
    className: 'w-16',
  },
  { id: 'sheet', header: 'Sheet', accessor: (problem) => problem.sheet, className: 'w-44' },
  { id: 'column', header: 'Column', accessor: (problem) => problem.column, className: 'w-48' },
  {
    id: 'message',
    header: 'Problem',
    accessor: (problem) => problem.message,
    enableSorting: false,
    className: 'min-w-80 whitespace-normal',
  },
]

const TIMELINE_STEPS = ['submitted', 'processing', 'in_review', 'done'] as const

/** submitted → processing → in review → completed / rejected, the step reached highlighted. */
function StatusTimeline({ submission }: { submission: Submission }) {
  const reached = { submitted: 0, processing: 1, in_review: 2, completed: 3, rejected: 3 }[
    submission.status
  ]
  const last = submission.status === 'rejected' ? 'Rejected' : 'Completed'
  return (
    <ol
      className="flex flex-wrap items-center gap-x-1 gap-y-1.5 text-xs"
      aria-label={`Progress: ${submission.statusLabel}`}
    >
      {TIMELINE_STEPS.map((step, index) => {
        const done = index <= reached
        const current = index === reached
        const title = step === 'done' ? last : SUBMISSION_STATUS_LABELS[step]
        return (
          <li key={step} className="flex items-center gap-1 whitespace-nowrap">
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={cn('h-px w-3', done ? 'bg-brand-500' : 'bg-slate-300')}
              />
            ) : null}
            <span
              aria-current={current ? 'step' : undefined}
              className={cn(
                'rounded-full px-2 py-0.5',
                current
                  ? cn('font-semibold ring-1', STATUS_STYLES[submission.status])
                  : done
                    ? 'text-slate-700'
                    : 'text-slate-400'
              )}
            >
              {title}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** The day a file came in, in the reader's form. */
function SubmittedOn({ at }: { at: string }) {
  const dates = useDates()
  return <>{dates.date(at)}</>
}

function SubmissionDetail({ submission }: { submission: Submission }) {
  const dates = useDates()
  return (
    <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-500">Submitted</dt>
      <dd className="text-slate-800">
        {dates.dateTime(submission.submittedAt)} by {submission.submittedBy}
      </dd>
      {submission.status !== 'submitted' && submission.updatedAt ? (
        <>
          <dt className="text-slate-500">{submission.statusLabel}</dt>
          <dd className="text-slate-800">{submission.updatedAt.slice(0, 16).replace('T', ' ')}</dd>
        </>
      ) : null}
      {submission.statusComment ? (
        <>
          <dt className="text-slate-500">Our comment</dt>
          <dd className="text-slate-800">{submission.statusComment}</dd>
        </>
      ) : null}
      <dt className="text-slate-500">Your comments</dt>
      <dd className="text-slate-800">{submission.additionalComments ?? '—'}</dd>
    </dl>
  )
}

const SUBMISSION_COLUMNS: DataTableColumn<Submission>[] = [
  {
    id: 'submittedAt',
    header: 'Submitted',
    accessor: (row) => row.submittedAt,
    sortDescFirst: true,
    cell: (row) => (
      <div className="whitespace-nowrap">
        <div className="text-slate-900">
          <SubmittedOn at={row.submittedAt} />
        </div>
        <div className="text-xs text-slate-500">{row.submittedBy}</div>
      </div>
    ),
  },
  { id: 'collection', header: 'Collection', accessor: (row) => row.collection },
  {
    id: 'file',
    header: 'File',
    accessor: (row) => row.fileName,
    cell: (row) => (
      <div className="max-w-64 min-w-40 [overflow-wrap:anywhere]">
        {row.hasFile ? (
          <a
            href={`${BASE}/submissions/${row.id}/file`}
            className="font-medium text-brand-700 hover:text-brand-900"
          >
            {row.fileName}
          </a>
        ) : (
          <span className="text-slate-700">{row.fileName}</span>
        )}
        {row.fileSize > 0 ? (
          <div className="text-xs text-slate-500">{fileSize(row.fileSize)}</div>
        ) : null}
      </div>
    ),
  },
  {
    id: 'rowCount',
    header: 'Records',
    description:
      'Rows read from the file: the profile, provider lines, interaction counts and scores',
    accessor: (row) => row.rowCount,
    align: 'right',
    sortDescFirst: true,
  },
  {
    id: 'deliveryDate',
    header: 'Delivery date',
    accessor: (row) => row.deliveryDate,
    className: 'whitespace-nowrap',
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (row) => row.statusLabel,
    cell: (row) => <StatusTimeline submission={row} />,
  },
]

export default function DataCollection(props: Props) {
  const { collections, submissions, status, pagination, pageNotice, counts, today } = props
  const form = useUploadForm(collections, today)
  const problems = useMemo(() => problemsOf(form.errors as Record<string, string>), [form.errors])
  const pageHref = (page: number) => `${BASE}?status=${status}&page=${page}`

  return (
    <RsaPage
      title="Data collection"
      current="data-collection"
      description="Send us your research spend: download your template, pre-filled with your latest profile and budget lines, check and complete it, then upload it here. We review every file before its figures join your budgets and the peer benchmarks."
    >
      {collections.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No research spend data collection is open for your team right now. When one opens, its
            template appears here.
          </p>
        </Card>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <Card>
            <h2 className="text-base font-semibold text-slate-900">1. Download your template</h2>
            <ul className="mt-4 divide-y divide-slate-100" data-testid="collections">
              {collections.map((collection) => (
                <li
                  key={collection.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{collection.name}</p>
                    <DueDate dueDate={collection.dueDate} today={today} />
                  </div>
                  <a
                    href={`${BASE}/${collection.id}/template`}
                    className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50"
                  >
                    Download template (XLSX)
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-xs text-slate-500">
              Four sheets: Profile (AUM by asset class, active AUM, PMs and analysts, payment
              method, domicile), Providers (one line per provider and service), Interactions summary
              (counts per provider and interaction type) and Assessment (scores from 1 to 5).
              Drop-down lists show the values accepted; type values, not formulas.
            </p>
          </Card>
          <Card>
            <h2 className="mb-4 text-base font-semibold text-slate-900">
              2. Upload the completed file
            </h2>
            <UploadForm collections={collections} form={form} action={`${BASE}/upload`} />
          </Card>
        </div>
      )}

      {problems.length > 0 ? (
        <section className="mt-6" aria-labelledby="problems-heading">
          <Alert tone="error" className="mb-3">
            <h2 id="problems-heading" className="font-semibold">
              The file was refused: nothing was saved
            </h2>
            <p className="mt-1">
              Correct each problem below in your file and upload it again. Rows are those of the
              sheet in Excel.
            </p>
          </Alert>
          <DataTable
            data={problems}
            columns={PROBLEM_COLUMNS}
            caption="Problems found in the file, by sheet and row"
            getRowId={(problem) => problem.id}
            enableHiding={false}
            density="compact"
            verticalAlign="top"
            maxHeight={problems.length > 15 ? 480 : undefined}
          />
        </section>
      ) : null}

      <section className="mt-10" aria-labelledby="submissions-heading">
        <ListNotices notices={[pageNotice]} />
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="submissions-heading" className="text-lg font-semibold text-slate-900">
            Submissions
          </h2>
          <div
            role="tablist"
            onKeyDown={tabListKeyDown}
            aria-label="Submission status"
            className="flex flex-wrap gap-2"
          >
            {FILTERS.map((filter) => {
              const count =
                filter.key === 'all'
                  ? Object.values(counts).reduce((sum, value) => sum + (value ?? 0), 0)
                  : (counts[filter.key] ?? 0)
              return (
                <Link
                  key={filter.key}
                  role="tab"
                  aria-selected={filter.key === status}
                  href={`${BASE}?status=${filter.key}`}
                  preserveScroll
                  className={cn(
                    'rounded-full px-4 py-1.5 text-sm font-medium',
                    filter.key === status
                      ? 'bg-brand-600 text-white'
                      : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
                  )}
                >
                  {filter.title} <span className="opacity-75">({count})</span>
                </Link>
              )
            })}
          </div>
        </div>
        <DataTable
          data={submissions}
          columns={SUBMISSION_COLUMNS}
          caption="Your team's research spend submissions"
          getRowId={(row) => String(row.id)}
          enableHiding={false}
          verticalAlign="top"
          renderExpanded={(row) => <SubmissionDetail submission={row} />}
          expandLabel={(row) => `Show the history of ${row.fileName}`}
          emptyMessage={
            status === 'all'
              ? 'Your team has not submitted any file yet.'
              : `No ${SUBMISSION_STATUS_LABELS[status].toLowerCase()} submissions.`
          }
        />
        <ListPagination
          label="Submissions pages"
          meta={pagination}
          noun={['submission', 'submissions']}
          href={pageHref}
        />
      </section>
    </RsaPage>
  )
}
