import { Link, router, useForm, usePage, usePoll } from '@inertiajs/react'
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FieldError, FormError, fieldProps } from '~/components/ui/field'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { UploadProgress } from '~/components/imports/upload_progress'
import {
  ImportColumnList,
  importFileSize,
  importTime,
  ImportProblems,
  ImportProgress,
  ImportSteps,
} from '~/components/imports/import_parts'
import { RsaAdminNav } from '~/components/rsa/admin_nav'
import { cn } from '~/lib/cn'
import { useStepFocus } from '~/hooks/use_step_focus'
import {
  IMPORT_PHASES,
  IMPORT_STATUSES,
  WORKING_STATUSES,
  type ImportColumn,
  type ImportKind,
  type ImportReport,
  type ImportStatus,
} from '@shared/rsa_imports'

interface ImportSummary {
  id: number
  kind: ImportKind
  teamId: number | null
  teamName: string | null
  year: number
  fileName: string
  fileType: string
  fileSize: number
  checksum: string
  source: string
  status: ImportStatus
  phase: keyof typeof IMPORT_PHASES | null
  processedRows: number
  totalRows: number
  newRows: number
  updatedRows: number
  unchangedRows: number
  rejectedRows: number
  uploadedBy: string | null
  committedBy: string | null
  revertedBy: string | null
  createdAt: string | null
  committedAt: string | null
  revertedAt: string | null
  error: string | null
  hasFile: boolean
  canRevert: boolean
  interrupted: boolean
  cancelRequested: boolean
}

interface ImportDetail extends ImportSummary {
  report: ImportReport
}

interface Props {
  kind: ImportKind
  kindTitle: string
  page: { route: string; path: string; title: string }
  hasTeam: boolean
  columns: ImportColumn[]
  years: number[]
  maxSize: string
  teams: { id: number; name: string }[]
  selected: { teamId: number | null; year: number | null }
  imports: ImportSummary[]
  current: ImportDetail | null
}

const BASE = '/admin/research-spend-analytics'
const number = (value: number) => value.toLocaleString('en-GB')

const STATUS_TONES: Partial<Record<ImportStatus, string>> = {
  previewed: 'bg-brand-50 text-brand-800 ring-brand-200',
  committed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refused: 'bg-red-50 text-red-800 ring-red-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  reverted: 'bg-slate-100 text-slate-700 ring-slate-300',
}

/** An import's state; a check or commit whose process is gone reads as interrupted. */
function StatusBadge({ status, interrupted }: { status: ImportStatus; interrupted?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        interrupted
          ? 'bg-red-50 text-red-800 ring-red-200'
          : (STATUS_TONES[status] ?? 'bg-amber-50 text-amber-900 ring-amber-200')
      )}
    >
      {interrupted ? 'Interrupted' : IMPORT_STATUSES[status]}
    </span>
  )
}

/** Step 1: the team (where the format has one) and the year. */
function ChooseScope({ props }: { props: Props }) {
  const [teamId, setTeamId] = useState(props.selected.teamId ? String(props.selected.teamId) : '')
  const [year, setYear] = useState(props.selected.year ? String(props.selected.year) : '')
  return (
    <form
      className="flex flex-wrap items-end gap-4"
      aria-label="Choose the team and year"
      onSubmit={(event) => {
        event.preventDefault()
        router.get(
          `${BASE}/${props.page.path}`,
          props.hasTeam ? { team: teamId, year } : { year },
          { preserveScroll: true }
        )
      }}
    >
      {props.hasTeam ? (
        <div className="w-full space-y-1 sm:w-auto">
          <label htmlFor="import-team" className="block text-sm font-medium text-slate-700">
            Team
          </label>
          <select
            id="import-team"
            required
            value={teamId}
            onChange={(event) => setTeamId(event.target.value)}
            className="block w-full max-w-md rounded-md border border-slate-300 bg-white px-3 py-2 text-sm sm:w-96"
          >
            <option value="">Choose a team…</option>
            {props.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name} (#{team.id})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="space-y-1">
        <label htmlFor="import-year" className="block text-sm font-medium text-slate-700">
          Year
        </label>
        <select
          id="import-year"
          required
          value={year}
          onChange={(event) => setYear(event.target.value)}
          className="block w-32 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">Year…</option>
          {props.years.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Continue
      </Button>
    </form>
  )
}

/** Step 2: the file, posted as a stream (the server stops it at the size limit). */
function UploadFile({ props }: { props: Props }) {
  const input = useRef<HTMLInputElement>(null)
  const form = useForm<{ file: File | null }>({ file: null })
  const errors = usePage().props.errors as Record<string, string> | undefined
  const query = props.hasTeam
    ? `?team=${props.selected.teamId}&year=${props.selected.year}`
    : `?year=${props.selected.year}`
  const fileError = errors?.file ?? errors?.team ?? errors?.year
  return (
    <form
      className="space-y-4"
      aria-label="Upload the file"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(`${BASE}/imports/${props.kind}${query}`, { forceFormData: true })
      }}
    >
      <div className="space-y-1">
        <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
          CSV (UTF-8) or XLSX file, up to {props.maxSize}
        </label>
        <input
          ref={input}
          {...fieldProps('import-file', fileError)}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => form.setData('file', event.target.files?.[0] ?? null)}
          className="block w-full max-w-lg text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
        <FieldError id="import-file" message={fileError} />
      </div>
      {form.progress ? <UploadProgress progress={form.progress} /> : null}
      <Button type="submit" disabled={!form.data.file || form.processing}>
        {form.processing ? 'Uploading…' : 'Upload and check'}
      </Button>
    </form>
  )
}

function Counts({ current }: { current: ImportDetail }) {
  // A refused file is not compared with what is stored: only its rows and rejections are known.
  const items =
    current.status === 'refused'
      ? [
          { label: 'rows in the file', value: current.totalRows, tone: 'text-slate-900' },
          { label: 'rejected', value: current.rejectedRows, tone: 'text-red-800' },
        ]
      : [
          { label: 'new', value: current.newRows, tone: 'text-emerald-800' },
          { label: 'updated', value: current.updatedRows, tone: 'text-brand-800' },
          { label: 'unchanged', value: current.unchangedRows, tone: 'text-slate-700' },
          { label: 'rejected', value: current.rejectedRows, tone: 'text-red-800' },
        ]
  return (
    <dl className="flex flex-wrap gap-3" aria-label="What the file holds">
      {items.map((item) => (
        <div key={item.label} className="min-w-28 rounded-md border border-slate-200 px-4 py-2">
          <dt className="text-xs tracking-wide text-slate-600 uppercase">{item.label}</dt>
          <dd className={cn('text-xl font-semibold tabular-nums', item.tone)}>
            {number(item.value)}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** The rejected rows, row by row, and the provider aliases worth adding. */
function Report({ current }: { current: ImportDetail }) {
  const { report } = current
  const [chosen, setChosen] = useState<string[]>(() =>
    report.aliasSuggestions.map((suggestion) => suggestion.alias)
  )
  return (
    <div className="space-y-4">
      {report.aliasSuggestions.length ? (
        <Card padding="sm">
          <h3 className="text-sm font-semibold text-slate-900">Unknown providers with a match</h3>
          <p className="mt-1 text-sm text-slate-600">
            Add what the file says as an import alias of the provider it matches, and the file is
            checked again. Aliases also serve every later import.
          </p>
          <form
            className="mt-3 space-y-2"
            onSubmit={(event) => {
              event.preventDefault()
              router.post(`${BASE}/imports/${current.id}/aliases`, { aliases: chosen })
            }}
          >
            {report.aliasSuggestions.map((suggestion) => (
              <label key={suggestion.alias} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(suggestion.alias)}
                  onChange={(event) =>
                    setChosen((previous) =>
                      event.target.checked
                        ? [...previous, suggestion.alias]
                        : previous.filter((alias) => alias !== suggestion.alias)
                    )
                  }
                />
                <span>
                  <code className="rounded bg-slate-100 px-1">{suggestion.alias}</code> →{' '}
                  {suggestion.providerName}{' '}
                  <span className="text-slate-600">
                    ({suggestion.providerKey}; {number(suggestion.rows)} row
                    {suggestion.rows === 1 ? '' : 's'})
                  </span>
                </span>
              </label>
            ))}
            <Button type="submit" variant="secondary" disabled={chosen.length === 0}>
              Add the chosen aliases and check again
            </Button>
          </form>
        </Card>
      ) : null}
      <ImportProblems
        fileProblems={report.fileProblems}
        problems={report.problems}
        rejectedRows={current.rejectedRows}
        more={report.more}
      />
    </div>
  )
}

/** Steps 3 and 4 for one import: its check, its commit, their progress and outcome. */
function CurrentImport({
  current,
  props,
  heading,
}: {
  current: ImportDetail
  props: Props
  heading: RefObject<HTMLHeadingElement | null>
}) {
  // A check or commit whose process is gone is not at work: no polling, it can be discarded.
  const working = WORKING_STATUSES.includes(current.status) && !current.interrupted
  // The page stays mounted from upload to commit: poll while a job works, and only then.
  const { start, stop } = usePoll(1000, { only: ['current', 'imports'] }, { autoStart: false })
  useEffect(() => {
    if (working) start()
    else stop()
    return stop
  }, [working, start, stop])
  const errors = usePage().props.errors as Record<string, string> | undefined
  const share =
    current.status === 'committing' && current.totalRows > 0
      ? (current.processedRows / current.totalRows) * 100
      : null
  const waiting = current.status === 'uploaded' || current.status === 'queued'
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
            Import #{current.id}: {current.fileName}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {current.teamName ? `${current.teamName} · ` : ''}
            {current.year} · {current.fileType.toUpperCase()}, {importFileSize(current.fileSize)} ·
            SHA-256 <code title={current.checksum}>{current.checksum.slice(0, 12)}…</code> ·
            uploaded by {current.uploadedBy ?? '—'} on {importTime(current.createdAt)}
          </p>
        </div>
        <div role="status">
          <StatusBadge status={current.status} interrupted={current.interrupted} />
        </div>
      </div>

      <div className="mt-4 space-y-4">
        <FormError message={errors?.import} />
        <FormError message={errors?.aliases} />
        {working ? (
          <ImportProgress
            label={
              current.status === 'queued' || current.status === 'committing'
                ? 'Commit progress'
                : 'Check progress'
            }
            value={share}
            text={
              waiting
                ? `${IMPORT_STATUSES[current.status]}: the background worker starts on it shortly…`
                : share === null
                  ? `${current.phase ? IMPORT_PHASES[current.phase] : IMPORT_STATUSES[current.status]}… ${number(current.processedRows)} rows read`
                  : `${current.phase ? IMPORT_PHASES[current.phase] : 'Committing'}: ${number(current.processedRows)} of ${number(current.totalRows)} rows`
            }
          />
        ) : null}
        {current.status === 'previewing' && working ? (
          <div className="flex flex-wrap items-center gap-3">
            {current.cancelRequested ? (
              <p className="text-sm text-slate-700">
                Stopping the check; the upload is then discarded…
              </p>
            ) : (
              <>
                <Button
                  variant="secondary"
                  onClick={() => router.post(`${BASE}/imports/${current.id}/discard`)}
                >
                  Stop the check
                </Button>
                <p className="text-sm text-slate-600">
                  Stops checking and discards this upload; nothing has been written.
                </p>
              </>
            )}
          </div>
        ) : null}
        {current.interrupted ? (
          <div className="space-y-3">
            <Alert tone="warning">
              The {current.status === 'committing' ? 'commit' : 'check'} was interrupted: the
              process running it stopped (a worker or an import command killed or lost) and nothing
              of this file was written. Discard it and upload the file again.
            </Alert>
            <Button
              variant="secondary"
              onClick={() => router.post(`${BASE}/imports/${current.id}/discard`)}
            >
              Discard this upload
            </Button>
          </div>
        ) : null}
        {current.status === 'failed' ? (
          <Alert tone="error">
            The import failed and nothing was written: {current.error ?? 'unknown error'}. The
            background job is listed with its error in Background jobs.
          </Alert>
        ) : null}
        {['previewed', 'refused', 'committed', 'reverted', 'queued', 'committing'].includes(
          current.status
        ) ? (
          <Counts current={current} />
        ) : null}
        {current.status === 'previewed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => router.post(`${BASE}/imports/${current.id}/commit`)}>
              Commit {number(current.newRows + current.updatedRows)} rows
            </Button>
            <Button
              variant="secondary"
              onClick={() => router.post(`${BASE}/imports/${current.id}/discard`)}
            >
              Discard
            </Button>
            <p className="text-sm text-slate-600">
              All or nothing: the rows are written in one go and the peer benchmarks of{' '}
              {props.selected.year} are recomputed.
            </p>
          </div>
        ) : null}
        {current.status === 'refused' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">
              Nothing was written. Correct the file and upload it again.
            </p>
            <Button
              variant="secondary"
              onClick={() => router.post(`${BASE}/imports/${current.id}/discard`)}
            >
              Discard this upload
            </Button>
          </div>
        ) : null}
        {current.status === 'committed' ? (
          <Alert tone="success">
            Committed on {importTime(current.committedAt)} by {current.committedBy ?? 'an operator'}
            ; peer benchmarks recomputed.
          </Alert>
        ) : null}
        <Report current={current} />
      </div>
    </Card>
  )
}

function ImportsTable({ imports }: { imports: ImportSummary[] }) {
  const columns = useMemo<DataTableColumn<ImportSummary>[]>(
    () => [
      {
        id: 'id',
        header: 'Import',
        accessor: (row) => row.id,
        cell: (row) => (
          <Link href={`${BASE}/imports/${row.id}`} className="font-medium text-brand-700 underline">
            #{row.id}
          </Link>
        ),
      },
      { id: 'team', header: 'Team', accessor: (row) => row.teamName ?? '—' },
      { id: 'year', header: 'Year', accessor: (row) => row.year },
      {
        id: 'file',
        header: 'File',
        accessor: (row) => row.fileName,
        // The name downloads the file as uploaded, which keeps the actions column narrow.
        cell: (row) =>
          row.hasFile ? (
            <a
              className="break-words text-brand-700 underline"
              href={`${BASE}/imports/${row.id}/file`}
              title="Download the file as uploaded"
            >
              {row.fileName}
            </a>
          ) : (
            <span className="break-words">{row.fileName}</span>
          ),
      },
      {
        id: 'status',
        header: 'Status',
        accessor: (row) => (row.interrupted ? 'Interrupted' : IMPORT_STATUSES[row.status]),
        cell: (row) => <StatusBadge status={row.status} interrupted={row.interrupted} />,
      },
      {
        id: 'counts',
        header: 'New / updated / rejected rows',
        accessor: (row) => `${row.newRows} / ${row.updatedRows} / ${row.rejectedRows}`,
      },
      {
        id: 'when',
        header: 'Uploaded',
        accessor: (row) => row.createdAt,
        cell: (row) => (
          <>
            {importTime(row.createdAt)}
            <span className="block text-xs text-slate-600">by {row.uploadedBy ?? '—'}</span>
          </>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (row) => (
          <div className="flex gap-2">
            {row.canRevert ? (
              <button
                type="button"
                aria-label={`Revert import #${row.id}`}
                className="text-sm text-red-700 underline"
                onClick={() => {
                  if (
                    window.confirm(
                      `Revert import #${row.id}? Its rows are removed, the rows it replaced are put back, and peer benchmarks are recomputed.`
                    )
                  ) {
                    router.post(`${BASE}/imports/${row.id}/revert`, {}, { preserveScroll: true })
                  }
                }}
              >
                Revert
              </button>
            ) : null}
          </div>
        ),
      },
    ],
    []
  )
  if (imports.length === 0) {
    return <p className="text-sm text-slate-600">No file of this kind was imported yet.</p>
  }
  return (
    <DataTable
      caption="Latest imports"
      data={imports}
      columns={columns}
      getRowId={(row) => String(row.id)}
      initialSorting={[{ id: 'id', desc: true }]}
    />
  )
}

export default function ImportWizard(props: Props) {
  const errors = usePage().props.errors as Record<string, string> | undefined
  const scopeChosen = Boolean(props.selected.year && (!props.hasTeam || props.selected.teamId))
  const step: 1 | 2 | 3 | 4 = props.current
    ? ['queued', 'committing', 'committed', 'reverted'].includes(props.current.status)
      ? 4
      : 3
    : scopeChosen
      ? 2
      : 1
  // Each step's button goes with its step: the new step's heading takes the focus.
  const stepHeading = useRef<HTMLHeadingElement>(null)
  useStepFocus(
    `rsa-import-${props.kind}`,
    [
      step,
      props.selected.teamId,
      props.selected.year,
      props.current?.id,
      props.current?.status,
    ].join(':'),
    stepHeading
  )
  return (
    <AdminShell title={props.page.title}>
      <PageHeading
        title={props.page.title}
        description={`${props.kindTitle} from CSV or XLSX: checked row by row, previewed, then committed all or nothing. Every import is recorded and can be reverted.`}
        actions={
          <a className={secondaryLinkClass} href={`${BASE}/imports/templates/${props.kind}`}>
            Download the column template
          </a>
        }
      />
      <RsaAdminNav current={props.kind} />
      <ImportSteps steps={['Team and year', 'Upload', 'Preview', 'Commit']} step={step} />
      {props.current ? null : <FormError className="mb-4" message={errors?.import} />}
      <div className="space-y-6">
        <Card>
          <h2
            ref={step === 1 ? stepHeading : undefined}
            tabIndex={-1}
            className="mb-3 text-base font-semibold text-slate-900"
          >
            1. {props.hasTeam ? 'Team and year' : 'Year'}
          </h2>
          <ChooseScope key={`${props.selected.teamId}-${props.selected.year}`} props={props} />
        </Card>
        {scopeChosen && !props.current ? (
          <Card>
            <h2
              ref={stepHeading}
              tabIndex={-1}
              className="mb-3 text-base font-semibold text-slate-900"
            >
              2. Upload
            </h2>
            <UploadFile props={props} />
          </Card>
        ) : null}
        {props.current ? (
          <CurrentImport current={props.current} props={props} heading={stepHeading} />
        ) : null}
        <Card>
          <h2 className="mb-3 text-base font-semibold text-slate-900">Columns</h2>
          <p className="mb-3 text-sm text-slate-600">
            One header row, then one row per{' '}
            {props.kind === 'budgets'
              ? 'budget line'
              : props.kind === 'client_interactions'
                ? 'interaction'
                : 'statistic'}
            . Dates YYYY-MM-DD, amounts as plain decimals, values only (no formulas). Required
            columns are in bold and marked; any other column is refused.
          </p>
          <ImportColumnList columns={props.columns} />
        </Card>
        <Card>
          <h2 className="mb-3 text-base font-semibold text-slate-900">Latest imports</h2>
          <ImportsTable imports={props.imports} />
        </Card>
      </div>
    </AdminShell>
  )
}
