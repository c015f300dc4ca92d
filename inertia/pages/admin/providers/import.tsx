import { useForm } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { BASE, ProvidersAdminNav } from '~/components/admin_providers/nav'
import { dayOf, plural } from '~/components/admin_providers/types'
import { cn } from '~/lib/cn'
import { FieldError, FormError, fieldProps } from '~/components/ui/field'
import { useFocusAfterRender } from '~/hooks/use_step_focus'

type Kind = 'roster' | 'moves'

interface Outcome {
  dryRun: boolean
  rosterRows: number
  moveRows: number
  analystsCreated: number
  analystsUpdated: number
  analystsUnchanged: number
  coverageCells: number
  movesWritten: number
  movesReplaced: number
  pairsMerged: number
  providersRefreshed: number
}

interface Props {
  columns: Record<Kind, { header: string; description: string }[]>
  years: number[]
  latestYear: number
  assetClasses: Record<string, string>
  result: Outcome | null
  imports: { id: number; summary: string; by: string; at: string | null }[]
}

interface Problem {
  id: string
  file: string
  row: number | null
  column: string
  message: string
}

const KIND_TITLES: Record<Kind, string> = { roster: 'Roster', moves: 'Moves' }

/**
 * The rows' problems of a refused import, from its errors (`rows.<file>.<row>.<column>`), in the
 * server's order (roster first, then by row).
 */
function problemsOf(errors: Record<string, string>): Problem[] {
  return Object.entries(errors)
    .filter(([key]) => key.startsWith('rows.'))
    .map(([key, message]) => {
      const [, file, row, ...column] = key.split('.')
      const known = file === 'roster' || file === 'moves'
      return {
        id: key,
        file: known ? KIND_TITLES[file as Kind] : '',
        row: known && /^\d+$/.test(row ?? '') ? Number(row) : null,
        column: known && column.join('.') !== 'row' ? column.join('.') : '',
        message,
      }
    })
}

const PROBLEM_COLUMNS: DataTableColumn<Problem>[] = [
  { id: 'file', header: 'File', accessor: (problem) => problem.file },
  { id: 'row', header: 'Row', align: 'right', accessor: (problem) => problem.row },
  { id: 'column', header: 'Column', accessor: (problem) => problem.column },
  { id: 'message', header: 'Problem', accessor: (problem) => problem.message },
]

function Counts({ result }: { result: Outcome }) {
  const items = [
    ...(result.rosterRows
      ? [
          { label: 'analysts created', value: result.analystsCreated },
          { label: 'analysts updated', value: result.analystsUpdated },
          { label: 'unchanged', value: result.analystsUnchanged },
          { label: 'coverage cells', value: result.coverageCells },
        ]
      : []),
    ...(result.moveRows
      ? [
          { label: 'moves', value: result.movesWritten },
          { label: 'pairs merged', value: result.pairsMerged },
          { label: 'recorded moves replaced', value: result.movesReplaced },
        ]
      : []),
    ...(result.dryRun ? [] : [{ label: 'providers recomputed', value: result.providersRefreshed }]),
  ]
  return (
    <dl className="mt-3 flex flex-wrap gap-3" aria-label="What the import did">
      {items.map((item) => (
        <div
          key={item.label}
          className="min-w-28 rounded-md border border-slate-200 bg-white px-4 py-2"
        >
          <dt className="text-xs tracking-wide text-slate-600 uppercase">{item.label}</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">
            {item.value.toLocaleString('en-GB')}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function FileInput({
  kind,
  error,
  onChange,
}: {
  kind: Kind
  error?: string
  onChange: (file: File | null) => void
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={`import-${kind}`} className="block text-sm font-medium text-slate-700">
        {kind === 'roster' ? 'Analyst roster' : 'Analyst moves'} (CSV UTF-8 or XLSX, up to 20 MB)
      </label>
      <input
        {...fieldProps(`import-${kind}`, error)}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full max-w-lg text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
      />
      <FieldError id={`import-${kind}`} message={error} />
    </div>
  )
}

function Format({ kind, columns }: { kind: Kind; columns: Props['columns'][Kind] }) {
  return (
    <details className="group rounded-md border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-900">
        {KIND_TITLES[kind]} columns ({columns.length})
      </summary>
      <div className="border-t border-slate-200 px-4 py-3">
        <a
          href={`${BASE}/import/templates/${kind}`}
          className="text-sm font-medium text-brand-700 underline"
          download
        >
          Download the {kind} template (CSV)
        </a>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          {columns.map((column) => (
            <div key={column.header} className="contents">
              <dt>
                <code className="rounded bg-slate-100 px-1 text-xs">{column.header}</code>
              </dt>
              <dd className="text-slate-700">{column.description}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  )
}

export default function ProvidersAdminImport({
  columns,
  years,
  latestYear,
  result,
  imports,
}: Props) {
  const form = useForm<{ roster: File | null; moves: File | null; dry_run: boolean }>({
    roster: null,
    moves: null,
    dry_run: false,
  })
  const errors = form.errors as Record<string, string>
  const problems = useMemo(() => problemsOf(errors), [errors])
  const summary = errors.file
  // A new key empties the file inputs once their files are imported.
  const [inputs, setInputs] = useState(0)
  // Each answer of the server moves the focus to what it said: the refusal, the outcome, or the
  // field in error (the import button is disabled once its files are imported).
  const moveFocus = useFocusAfterRender()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checking = form.data.dry_run
    form.post(`${BASE}/import`, {
      forceFormData: true,
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => {
        // Clean files, checked: the next step is to import them.
        if (checking) form.setData('dry_run', false)
        else {
          form.reset()
          setInputs((count) => count + 1)
        }
      },
      onFinish: () =>
        moveFocus(
          () =>
            document.getElementById('import-problems') ??
            document.getElementById('import-outcome') ??
            document.querySelector<HTMLElement>(
              'form[aria-label="Import files"] [aria-invalid="true"]'
            )
        ),
    })
  }

  return (
    <AdminShell title="Import analysts">
      <PageHeading
        title="Providers: import"
        description="Load the analyst roster and the moves from CSV or XLSX files, together or apart. Every row is checked first: one problem and nothing is written, with the report below; otherwise everything is written at once and the statistics are recomputed."
      />
      <ProvidersAdminNav current="import" />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Card>
            <form className="space-y-5" aria-label="Import files" onSubmit={submit}>
              <FileInput
                key={`roster-${inputs}`}
                kind="roster"
                error={errors.roster}
                onChange={(file) => form.setData('roster', file)}
              />
              <FileInput
                key={`moves-${inputs}`}
                kind="moves"
                error={errors.moves}
                onChange={(file) => form.setData('moves', file)}
              />
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={form.data.dry_run}
                  onChange={(event) => form.setData('dry_run', event.target.checked)}
                />
                Check only: report what would change, write nothing
              </label>
              <Button
                type="submit"
                disabled={(!form.data.roster && !form.data.moves) || form.processing}
              >
                {form.processing ? 'Checking…' : form.data.dry_run ? 'Check files' : 'Import'}
              </Button>
            </form>
          </Card>
          {summary || problems.length ? (
            <section aria-labelledby="import-problems" className="space-y-3">
              <Alert tone="error">
                <h2 id="import-problems" tabIndex={-1} className="font-semibold">
                  The import was refused; nothing was written.
                </h2>
                <FormError inside className="mt-1" message={summary} />
              </Alert>
              {problems.length ? (
                <DataTable
                  data={problems}
                  columns={PROBLEM_COLUMNS}
                  caption={`Problems: ${plural(problems.length, 'entry', 'entries')}`}
                  captionVisible
                  getRowId={(problem) => problem.id}
                  enableHiding={false}
                  maxHeight={problems.length > 15 ? 480 : undefined}
                />
              ) : null}
            </section>
          ) : result ? (
            <Alert tone={result.dryRun ? 'info' : 'success'}>
              <p id="import-outcome" tabIndex={-1} className="font-semibold">
                {result.dryRun
                  ? 'The files are clean. Nothing was written: this is what importing them would do.'
                  : 'Imported.'}
              </p>
              <Counts result={result} />
            </Alert>
          ) : null}
        </div>
        <div className="space-y-4">
          <Card padding="sm">
            <h2 className="text-sm font-semibold text-slate-900">How files are read</h2>
            <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
              <li>
                The header row names the columns below, in any order; the first sheet of a workbook
                is read. Lists (sectors, regions) are separated by <code>|</code>.
              </li>
              <li>
                A roster row creates or updates the analyst with its <code>analyst_id</code>. Its
                sectors × regions become the analyst’s coverage for the year of{' '}
                <code>verified_at</code> when that is {years.join(', ')}, otherwise for {latestYear}
                . A row without sectors keeps the coverage recorded. An analyst may take several
                rows (one per coverage line) that agree on everything else.
              </li>
              <li>
                A move’s analyst must be in the roster already, or in the roster file sent with it.
                A leaver and a joiner of one analyst on one date become one move from the provider
                left to the provider joined. Empty experience is the years since the analyst’s
                industry start. For each analyst and date in the file, the moves recorded on that
                date are replaced by the file’s.
              </li>
              <li>
                After its last move an analyst works where the move took it: a roster row that names
                another provider is refused. Provider keys may be a provider’s import aliases.
              </li>
            </ul>
          </Card>
          <Format kind="roster" columns={columns.roster} />
          <Format kind="moves" columns={columns.moves} />
          <Card padding="sm">
            <h2 className="text-sm font-semibold text-slate-900">Latest imports</h2>
            {imports.length ? (
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {imports.map((entry) => (
                  <li key={entry.id} className="py-2">
                    <p className="text-slate-800">{entry.summary}</p>
                    <p className={cn('text-xs text-slate-600')}>
                      {dayOf(entry.at)} · {entry.by}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No import yet.</p>
            )}
          </Card>
        </div>
      </div>
    </AdminShell>
  )
}
