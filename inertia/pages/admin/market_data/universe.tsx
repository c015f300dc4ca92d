import { useState } from 'react'
import { toast } from 'sonner'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { api, problemMessages } from '~/lib/api'
import { cn } from '~/lib/cn'
import { useFocusAfterRender } from '~/hooks/use_step_focus'

interface PlanLine {
  entity: string
  name: string
  action: 'create' | 'change' | 'unchanged'
  detail?: string
}

interface Result {
  dryRun: boolean
  plan: PlanLine[]
  counts: { create: number; change: number; unchanged: number }
}

interface Props {
  sheets: Record<string, readonly string[]>
  contractColumns: string[]
}

/**
 * Client contracts from CSV/XLSX: created or updated by team and reference, all or nothing.
 */
function ContractsImport({ columns }: { columns: string[] }) {
  const [file, setFile] = useState<File | null>(null)
  const [problems, setProblems] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  // The button is disabled while the file is sent: the focus goes to the problems, or back to it.
  const moveFocus = useFocusAfterRender()
  const send = async () => {
    if (!file) return
    setBusy(true)
    const body = new FormData()
    body.append('file', file)
    try {
      const { data } = await api.post<{ created: number; updated: number }>(
        '/api/admin/market-data/contracts/import',
        body
      )
      setProblems([])
      toast.success(`Contracts imported: ${data.created} created, ${data.updated} updated.`)
    } catch (error) {
      setProblems(problemMessages(error, 'The file could not be imported.'))
    } finally {
      setBusy(false)
      moveFocus(
        () =>
          document.getElementById('contracts-problems') ??
          document.getElementById('contracts-import')
      )
    }
  }
  return (
    <Card className="mt-6">
      <h2 className="mb-2 text-base font-semibold text-slate-900">Contracts</h2>
      <p className="mb-3 text-xs text-slate-600">
        CSV or XLSX with the columns {columns.join(', ')}. A team&apos;s contract with the same
        reference is updated; the others are created. A file with any bad row imports nothing.
      </p>
      <input
        type="file"
        aria-label="Contracts file"
        accept=".csv,.xlsx"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="block text-sm"
      />
      <Button
        id="contracts-import"
        className="mt-3"
        disabled={!file || busy}
        onClick={() => void send()}
      >
        Import contracts
      </Button>
      {problems.length ? (
        <Alert tone="error" className="mt-3">
          <ul
            id="contracts-problems"
            tabIndex={-1}
            aria-label="Problems with the contracts file"
            className="list-disc space-y-1 pl-5"
            data-testid="contracts-problems"
          >
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </Card>
  )
}

const ACTION_STYLES = {
  create: 'bg-emerald-50 text-emerald-800',
  change: 'bg-amber-50 text-amber-800',
  unchanged: 'bg-slate-100 text-slate-600',
}

export default function Universe({ sheets, contractColumns }: Props) {
  const [file, setFile] = useState<File | null>(null)
  const [result, setResult] = useState<Result | null>(null)
  const [problems, setProblems] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [showUnchanged, setShowUnchanged] = useState(false)
  // Preview and Import are disabled while the workbook is sent: the answer takes the focus.
  const moveFocus = useFocusAfterRender()

  const send = async (dryRun: boolean) => {
    if (!file) return
    setBusy(true)
    const body = new FormData()
    body.append('file', file)
    body.append('dry_run', dryRun ? '1' : '0')
    try {
      const { data } = await api.post<Result>('/api/admin/market-data/universe/import', body)
      setResult(data)
      setProblems([])
      if (!dryRun) toast.success('The universe is imported.')
    } catch (error) {
      setResult(null)
      setProblems(problemMessages(error, 'The file could not be imported.'))
    } finally {
      setBusy(false)
      moveFocus(
        () =>
          document.getElementById('universe-problems') ?? document.getElementById('universe-result')
      )
    }
  }

  const lines = result?.plan.filter((line) => showUnchanged || line.action !== 'unchanged') ?? []

  return (
    <AdminShell title="Universe upload">
      <PageHeading
        title="Universe and contract imports"
        description="Providers, their product classification and drivers from one workbook. Preview what changes, then import: all or nothing. What the workbook does not mention is left alone."
        actions={
          <a href="/admin/market-data/universe/workbook" className={secondaryLinkClass}>
            Download the current universe
          </a>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_2fr]">
        <div>
          <Card>
            <h2 className="mb-2 text-base font-semibold text-slate-900">Workbook</h2>
            <ul className="mb-4 space-y-1 text-xs text-slate-600">
              {Object.entries(sheets).map(([sheet, columns]) => (
                <li key={sheet}>
                  <span className="font-semibold text-slate-800">{sheet}</span>:{' '}
                  {columns.join(', ')}
                </li>
              ))}
            </ul>
            <input
              type="file"
              aria-label="Universe workbook"
              accept=".xlsx"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null)
                setResult(null)
                setProblems([])
              }}
              className="block text-sm"
            />
            <div className="mt-4 flex gap-2">
              <Button variant="secondary" disabled={!file || busy} onClick={() => void send(true)}>
                Preview changes
              </Button>
              <Button disabled={!file || busy || !result?.dryRun} onClick={() => void send(false)}>
                Import
              </Button>
            </div>
            <p className="mt-2 text-xs text-slate-500">
              Import is offered once a preview succeeds.
            </p>
          </Card>
          <ContractsImport columns={contractColumns} />
        </div>
        <div>
          {problems.length ? (
            <Alert tone="error">
              <ul
                id="universe-problems"
                tabIndex={-1}
                aria-label="Problems with the workbook"
                className="list-disc space-y-1 pl-5"
                data-testid="universe-problems"
              >
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {result ? (
            <Card>
              <h2
                id="universe-result"
                tabIndex={-1}
                className="text-base font-semibold text-slate-900"
              >
                {result.dryRun ? 'Preview: nothing is saved yet' : 'Imported'}
              </h2>
              <p className="mt-1 text-sm text-slate-600" data-testid="universe-counts">
                {result.counts.create} to create · {result.counts.change} to change ·{' '}
                {result.counts.unchanged} unchanged
              </p>
              <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={showUnchanged}
                  onChange={(event) => setShowUnchanged(event.target.checked)}
                />
                Show unchanged rows
              </label>
              <ul className="mt-3 max-h-[32rem] divide-y divide-slate-100 overflow-y-auto text-sm">
                {lines.map((line, index) => (
                  <li
                    key={`${line.entity}-${line.name}-${index}`}
                    className="flex items-center gap-3 py-1.5"
                  >
                    <span
                      className={cn(
                        'w-20 rounded px-1.5 py-0.5 text-center text-xs font-medium',
                        ACTION_STYLES[line.action]
                      )}
                    >
                      {line.action}
                    </span>
                    <span className="w-16 text-xs text-slate-500">{line.entity}</span>
                    <span className="text-slate-800">{line.name}</span>
                    {line.detail ? (
                      <span className="text-xs text-slate-500">({line.detail})</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      </div>
    </AdminShell>
  )
}
