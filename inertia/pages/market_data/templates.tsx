import { Link } from '@inertiajs/react'
import { ListNotices, ListPagination } from '~/components/list_page'
import type { ListPageMeta } from '@shared/list_page'
import { UploadForm, useUploadForm } from '~/components/data_collection/upload_form'
import { AppShell } from '~/layouts/app_shell'
import { useSharedProps } from '~/hooks/use_shared_props'
import { useDates } from '~/hooks/use_dates'
import { MODULES } from '@shared/modules'
import { Card } from '~/components/ui/card'
import { Alert } from '~/components/ui/alert'
import { cn } from '~/lib/cn'
import {
  ROW_ERROR_PREFIX,
  SUBMISSION_STATUSES,
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from '@shared/data_collection'
import { tabListKeyDown } from '~/lib/tab_list_keys'

interface Collection {
  id: number
  name: string
  dueDate: string | null
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

/** The problems of a refused file, row by row, shown inside the upload form. */
function RowErrors({ errors }: { errors: Record<string, string> }) {
  const rowErrors = Object.entries(errors)
    .filter(([key]) => key.startsWith(ROW_ERROR_PREFIX))
    .sort(([a], [b]) => {
      const row = (key: string) => Number(key.slice(ROW_ERROR_PREFIX.length)) || Infinity
      return row(a) - row(b)
    })
    .map(([, message]) => message)
  if (rowErrors.length === 0) return null
  return (
    <Alert tone="error">
      <p className="font-medium">Problems found, by row</p>
      <ul
        className="mt-2 max-h-60 list-disc space-y-1 overflow-y-auto pl-5"
        data-testid="row-errors"
      >
        {rowErrors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  )
}

export default function Templates(props: Props) {
  const { collections, submissions, status, pagination, pageNotice, counts } = props
  const form = useUploadForm(collections, props.today)
  const dates = useDates()
  const { team } = useSharedProps()
  // A team with market data contracts goes back to its providers from here.
  const withProviders = (team?.moduleNames ?? []).includes(MODULES.marketDataContracts)
  const pageHref = (page: number) => `/market-data/templates?status=${status}&page=${page}`

  return (
    <AppShell title="Data collection templates">
      {withProviders ? (
        <Link
          href="/market-data"
          className="text-sm font-medium text-brand-700 hover:underline"
          aria-label="Market Data: back to your providers"
        >
          ← Market Data
        </Link>
      ) : (
        <p className="text-sm font-medium text-brand-700">Market Data</p>
      )}
      <h1 className="text-2xl font-semibold text-slate-900">Data collection templates</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Download your team&apos;s template, pre-filled with the contracts we hold for you, check and
        complete it, then upload it here. We benchmark the contract lines once the submission is
        completed.
      </p>

      {collections.length === 0 ? (
        <Card className="mt-6">
          <p className="text-sm text-slate-600">
            No data collection is open for your team right now. When one opens, its template appears
            here.
          </p>
        </Card>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
          <Card>
            <h2 className="text-base font-semibold text-slate-900">1. Download your template</h2>
            <ul className="mt-4 divide-y divide-slate-100">
              {collections.map((collection) => (
                <li
                  key={collection.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div>
                    <p className="font-medium text-slate-900">{collection.name}</p>
                    <p className="text-sm text-slate-500">
                      {collection.dueDate ? `Due ${dates.date(collection.dueDate)}` : 'No due date'}
                    </p>
                  </div>
                  <a
                    href={`/market-data/templates/${collection.id}/template`}
                    className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                  >
                    Download template (XLSX)
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-xs text-slate-500">
              The Contracts sheet lists your current and upcoming contract lines; the Reference
              sheet lists the providers, products, license types and currencies accepted.
            </p>
          </Card>
          <Card>
            <h2 className="mb-4 text-base font-semibold text-slate-900">
              2. Upload the completed file
            </h2>
            <UploadForm
              collections={collections}
              form={form}
              action="/market-data/templates/upload"
            >
              <RowErrors errors={form.errors as Record<string, string>} />
            </UploadForm>
          </Card>
        </div>
      )}

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
                  href={`/market-data/templates?status=${filter.key}`}
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
        {submissions.length === 0 ? (
          <Card>
            <p className="text-sm text-slate-600">
              {status === 'all'
                ? 'Your team has not submitted any file yet.'
                : `No ${SUBMISSION_STATUS_LABELS[status].toLowerCase()} submissions.`}
            </p>
          </Card>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table
              className="min-w-full divide-y divide-slate-200 text-sm"
              data-testid="submissions"
            >
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Submitted
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Collection
                  </th>
                  <th scope="col" className="px-4 py-3">
                    File
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Lines
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Delivery date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Comments
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {submissions.map((submission) => (
                  <tr key={submission.id} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div className="text-slate-900">{dates.date(submission.submittedAt)}</div>
                      <div className="text-xs text-slate-500">{submission.submittedBy}</div>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{submission.collection}</td>
                    <td className="px-4 py-3">
                      {submission.hasFile ? (
                        <a
                          href={`/market-data/templates/submissions/${submission.id}/file`}
                          className="font-medium break-all text-brand-700 hover:text-brand-900"
                        >
                          {submission.fileName}
                        </a>
                      ) : (
                        <span className="break-all text-slate-700">{submission.fileName}</span>
                      )}
                      {submission.fileSize > 0 ? (
                        <div className="text-xs text-slate-500">
                          {fileSize(submission.fileSize)}
                        </div>
                      ) : null}
                    </td>
                    <td className="px-4 py-3 text-right font-mono">{submission.rowCount}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {dates.date(submission.deliveryDate)}
                    </td>
                    <td className="px-4 py-3">
                      <span
                        className={cn(
                          'rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1',
                          STATUS_STYLES[submission.status]
                        )}
                      >
                        {submission.statusLabel}
                      </span>
                      {submission.statusComment ? (
                        <p className="mt-2 max-w-56 text-xs text-slate-600">
                          {submission.statusComment}
                        </p>
                      ) : null}
                    </td>
                    <td className="max-w-72 px-4 py-3 text-slate-700">
                      {submission.additionalComments ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPagination
          label="Submissions pages"
          meta={pagination}
          noun={['submission', 'submissions']}
          href={pageHref}
        />
      </section>
    </AppShell>
  )
}
