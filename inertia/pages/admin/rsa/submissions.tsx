import { Link, router, useForm, usePage } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { ListNotices, ListPagination } from '~/components/list_page'
import type { ListPageMeta } from '@shared/list_page'
import { Button } from '~/components/ui/button'
import { Dialog } from '~/components/ui/dialog'
import { Badge, inputClass } from '~/components/admin/account_tabs'
import { cn } from '~/lib/cn'
import { FieldError, FieldHint, FormError, fieldProps } from '~/components/ui/field'
import { RsaAdminNav } from '~/components/rsa/admin_nav'
import {
  SUBMISSION_STATUSES,
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from '@shared/data_collection'
import { RadioChip } from '~/components/ui/radio_chip'

type Kind = 'rsa' | 'market_data'
type KindFilter = Kind | 'all'

interface Submission {
  id: number
  kind: Kind
  team: { id: number; name: string }
  collection: string
  year: number | null
  /** Completed, research spend, and of a year the budgets offer. */
  canApply: boolean
  fileName: string
  hasFile: boolean
  fileSize: number
  rowCount: number
  additionalComments: string | null
  deliveryDate: string
  status: SubmissionStatus
  statusLabel: string
  statusComment: string | null
  nextStatuses: SubmissionStatus[]
  submitter: { name: string; email: string } | null
  submittedAt: string
  updatedAt: string | null
}

interface Filters {
  status: SubmissionStatus | 'all'
  kind: KindFilter
  year: number | null
  q: string | null
  page: number
}

interface Props {
  filters: Filters
  submissions: Submission[]
  pagination: ListPageMeta
  pageNotice: string | null
  counts: Partial<Record<SubmissionStatus, number>>
  years: number[]
}

const BASE = '/admin/research-spend-analytics/data-collection-submissions'

const KIND_LABELS: Record<Kind, string> = { rsa: 'Research spend', market_data: 'Market data' }

const STATUS_STYLES: Record<SubmissionStatus, string> = {
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  submitted: 'bg-sky-50 text-sky-800 ring-sky-200',
  processing: 'bg-violet-50 text-violet-800 ring-violet-200',
  in_review: 'bg-amber-50 text-amber-800 ring-amber-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
}

/** What an administrator does to move a submission to a status. */
const ACTION_LABELS: Record<SubmissionStatus, string> = {
  submitted: 'Back to submitted',
  processing: 'Start processing',
  in_review: 'Send to review',
  completed: 'Complete',
  rejected: 'Reject',
}

function listHref(filters: Filters, change: Partial<Filters> = {}) {
  const next = { ...filters, page: 1, ...change }
  const params = new URLSearchParams({ status: next.status })
  if (next.kind !== 'all') params.set('kind', next.kind)
  if (next.year) params.set('year', String(next.year))
  if (next.q) params.set('q', next.q)
  if (next.page > 1) params.set('page', String(next.page))
  return `${BASE}?${params.toString()}`
}

function fileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

const when = (value: string) => value.slice(0, 16).replace('T', ' ')

function StatusBadge({ submission }: { submission: Submission }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1',
        STATUS_STYLES[submission.status]
      )}
    >
      {submission.statusLabel}
    </span>
  )
}

/**
 * Feeds the provider lines of an accepted submission through the budget import (preview); only
 * for a year the budgets offer (the server says which: `canApply`), and it refuses any other.
 */
function ApplyActionSlot({ submission }: { submission: Submission }) {
  if (submission.year === null || !submission.canApply) return null
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      // Not preserving the scroll: a refusal is shown above the filters.
      onClick={() => router.post(`${BASE}/${submission.id}/apply`)}
      aria-label={`Apply ${submission.fileName} from ${submission.team.name} to the ${submission.year} budgets`}
    >
      Apply to budgets
    </Button>
  )
}

function StatusDialog({ submission, onClose }: { submission: Submission; onClose: () => void }) {
  const form = useForm({ status: submission.nextStatuses[0], message: '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(`${BASE}/${submission.id}/status`, { preserveScroll: true, onSuccess: onClose })
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Change the status of ${submission.fileName}`}
      description={`${submission.team.name} · ${submission.collection} · now ${submission.statusLabel.toLowerCase()}`}
      className="w-[min(36rem,calc(100vw-2rem))]"
    >
      <form onSubmit={submit} className="space-y-4">
        <fieldset {...fieldProps(`status-${submission.id}`, form.errors.status)}>
          <legend className="text-sm font-medium text-slate-700">New status</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {submission.nextStatuses.map((status) => (
              <RadioChip
                key={status}
                name="status"
                value={status}
                checked={form.data.status === status}
                onChange={() => form.setData('status', status)}
              >
                {ACTION_LABELS[status]}
              </RadioChip>
            ))}
          </div>
          <FieldError
            id={`status-${submission.id}`}
            message={form.errors.status}
            className="mt-2"
          />
        </fieldset>
        <div>
          <label
            htmlFor={`message-${submission.id}`}
            className="block text-sm font-medium text-slate-700"
          >
            Message to the submitter
          </label>
          <textarea
            {...fieldProps(`message-${submission.id}`, form.errors.message, true)}
            className={cn(inputClass, 'mt-1 min-h-24')}
            maxLength={2000}
            value={form.data.message}
            onChange={(event) => form.setData('message', event.target.value)}
          />
          <FieldHint id={`message-${submission.id}`} className="mt-1 text-slate-600">
            {submission.submitter
              ? `Mailed to ${submission.submitter.name} and shown on their team's data collection page.`
              : 'The submitter has left: the message is shown on the team’s data collection page only.'}
          </FieldHint>
          <FieldError id={`message-${submission.id}`} message={form.errors.message} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={form.data.status === 'rejected' ? 'danger' : 'primary'}
            disabled={form.processing}
          >
            {ACTION_LABELS[form.data.status]}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

function SubmissionDetail({ submission }: { submission: Submission }) {
  return (
    <dl className="grid gap-x-8 gap-y-2 text-sm [overflow-wrap:anywhere] sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-600">Submitted by</dt>
      <dd className="text-slate-800">
        {submission.submitter
          ? `${submission.submitter.name} (${submission.submitter.email})`
          : 'Former member'}
      </dd>
      <dt className="text-slate-600">Delivery date</dt>
      <dd className="text-slate-800">{submission.deliveryDate}</dd>
      <dt className="text-slate-600">Their comments</dt>
      <dd className="whitespace-pre-line text-slate-800">{submission.additionalComments ?? '—'}</dd>
      <dt className="text-slate-600">Our message</dt>
      <dd className="whitespace-pre-line text-slate-800">{submission.statusComment ?? '—'}</dd>
      {submission.updatedAt ? (
        <>
          <dt className="text-slate-600">Last change</dt>
          <dd className="text-slate-800">{when(submission.updatedAt)}</dd>
        </>
      ) : null}
    </dl>
  )
}

function columns(onChange: (submission: Submission) => void): DataTableColumn<Submission>[] {
  return [
    {
      id: 'submittedAt',
      header: 'Submitted',
      accessor: (row) => row.submittedAt,
      sortDescFirst: true,
      cell: (row) => (
        <div className="whitespace-nowrap">
          <div className="text-slate-900">{when(row.submittedAt)}</div>
          <div className="text-xs text-slate-600">{row.submitter?.name ?? 'Former member'}</div>
        </div>
      ),
    },
    {
      id: 'team',
      header: 'Team',
      accessor: (row) => row.team.name,
      enableHiding: false,
      cell: (row) => <span className="font-medium text-slate-900">{row.team.name}</span>,
    },
    {
      id: 'collection',
      header: 'Collection',
      accessor: (row) => row.collection,
      cell: (row) => (
        <div>
          <div className="text-slate-800">{row.collection}</div>
          <div className="mt-1 flex flex-wrap gap-1">
            <Badge tone={row.kind === 'rsa' ? 'teal' : 'slate'}>{KIND_LABELS[row.kind]}</Badge>
            {row.year ? <Badge>{row.year}</Badge> : null}
          </div>
        </div>
      ),
    },
    {
      id: 'file',
      header: 'File',
      accessor: (row) => row.fileName,
      cell: (row) => (
        <div className="max-w-64 min-w-40 [overflow-wrap:anywhere]">
          {row.hasFile ? (
            <a
              href={`${BASE}/${row.id}/file`}
              className="font-medium text-teal-800 hover:text-teal-950 hover:underline"
              aria-label={`Download ${row.fileName} from ${row.team.name}`}
            >
              {row.fileName}
            </a>
          ) : (
            <span className="text-slate-700">{row.fileName}</span>
          )}
          <div className="text-xs text-slate-600">
            {row.fileSize > 0 ? `${fileSize(row.fileSize)} · ` : ''}
            {row.rowCount} record{row.rowCount === 1 ? '' : 's'}
          </div>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      accessor: (row) => row.statusLabel,
      cell: (row) => <StatusBadge submission={row} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      enableHiding: false,
      cell: (row) => (
        <div className="flex flex-wrap justify-end gap-2">
          {row.nextStatuses.length > 0 ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => onChange(row)}
              aria-label={`Change the status of ${row.fileName} from ${row.team.name}`}
            >
              Change status
            </Button>
          ) : null}
          {row.kind === 'rsa' && row.status === 'completed' ? (
            <ApplyActionSlot submission={row} />
          ) : null}
        </div>
      ),
    },
  ]
}

function FilterBar({ filters, years }: { filters: Filters; years: number[] }) {
  const [q, setQ] = useState(filters.q ?? '')
  const [kind, setKind] = useState<KindFilter>(filters.kind)
  const [year, setYear] = useState(filters.year ? String(filters.year) : '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.get(listHref(filters, { q: q.trim() || null, kind, year: year ? Number(year) : null }))
  }
  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label="Filter submissions"
      className="mb-4 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_9rem_auto]"
    >
      <div>
        <label htmlFor="submissions-q" className="block text-sm font-medium text-slate-700">
          Search
        </label>
        <input
          id="submissions-q"
          type="search"
          className={cn(inputClass, 'mt-1')}
          placeholder="Team, file name or submitter"
          maxLength={160}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor="submissions-kind" className="block text-sm font-medium text-slate-700">
          Kind
        </label>
        <select
          id="submissions-kind"
          className={cn(inputClass, 'mt-1')}
          value={kind}
          onChange={(event) => setKind(event.target.value as KindFilter)}
        >
          <option value="all">All kinds</option>
          <option value="rsa">{KIND_LABELS.rsa}</option>
          <option value="market_data">{KIND_LABELS.market_data}</option>
        </select>
      </div>
      <div>
        <label htmlFor="submissions-year" className="block text-sm font-medium text-slate-700">
          Year
        </label>
        <select
          id="submissions-year"
          className={cn(inputClass, 'mt-1')}
          value={year}
          onChange={(event) => setYear(event.target.value)}
        >
          <option value="">All years</option>
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Apply filters</Button>
    </form>
  )
}

export default function RsaSubmissions(props: Props) {
  const { filters, submissions, pagination, pageNotice, counts, years } = props
  const [changing, setChanging] = useState<Submission | null>(null)
  const tableColumns = useMemo(() => columns(setChanging), [])
  const all = Object.values(counts).reduce((sum, value) => sum + (value ?? 0), 0)
  const errors = usePage().props.errors as Record<string, string> | undefined
  const tabs = [
    ...SUBMISSION_STATUSES.map((key) => ({
      key,
      title: SUBMISSION_STATUS_LABELS[key],
      count: counts[key] ?? 0,
    })),
    { key: 'all' as const, title: 'All', count: all },
  ]
  return (
    <AdminShell title="Data collection submissions">
      <PageHeading
        title="Data collection submissions"
        description="Every team's research spend and market data submissions. Download a file, move it through processing and review, and tell the submitter: each change is mailed to them and kept in the audit trail."
        actions={
          <Link
            href="/admin/research-spend-analytics"
            className="text-sm font-medium text-teal-800 hover:underline"
          >
            Research spend administration overview
          </Link>
        }
      />
      <RsaAdminNav current="submissions" />
      <FormError className="mb-4" message={errors?.submission} />
      <ListNotices notices={[pageNotice]} />
      <FilterBar key={listHref(filters)} filters={filters} years={years} />
      <nav aria-label="Submission status" className="mb-4 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            href={listHref(filters, { status: tab.key })}
            aria-current={tab.key === filters.status ? 'page' : undefined}
            preserveScroll
            className={cn(
              'rounded-full px-4 py-1.5 text-sm font-medium',
              tab.key === filters.status
                ? 'bg-teal-700 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'
            )}
          >
            {tab.title}{' '}
            <span className={tab.key === filters.status ? '' : 'text-slate-600'}>
              ({tab.count})
            </span>
          </Link>
        ))}
      </nav>
      <DataTable
        data={submissions}
        columns={tableColumns}
        caption="Data collection submissions of every team"
        getRowId={(row) => String(row.id)}
        enableHiding={false}
        verticalAlign="top"
        renderExpanded={(row) => <SubmissionDetail submission={row} />}
        expandLabel={(row) => `Show the details of ${row.fileName} from ${row.team.name}`}
        emptyMessage={
          filters.status === 'all'
            ? 'No submission matches these filters.'
            : `No ${SUBMISSION_STATUS_LABELS[filters.status].toLowerCase()} submission matches these filters.`
        }
      />
      <ListPagination
        label="Submission pages"
        meta={pagination}
        noun={['submission', 'submissions']}
        href={(page) => listHref(filters, { page })}
      />
      {changing ? (
        <StatusDialog key={changing.id} submission={changing} onClose={() => setChanging(null)} />
      ) : null}
    </AdminShell>
  )
}
