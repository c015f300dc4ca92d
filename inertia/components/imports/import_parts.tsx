import { useMemo } from 'react'
import { Alert } from '~/components/ui/alert'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { cn } from '~/lib/cn'

/*
 * The parts every import wizard of the administration shares: its steps, a progress bar for the
 * background job at work, and the report of a refused file (its problems as a whole, then row by
 * row).
 */

const number = (value: number) => value.toLocaleString('en-GB')

/** When an import was uploaded or committed, in UTC as the server records it. */
export const importTime = (value: string | null) =>
  value
    ? new Date(value).toLocaleString('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }) + ' UTC'
    : '—'

/** An uploaded file's size, in KB below a megabyte. */
export function importFileSize(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** An import's steps, the current one marked. */
export function ImportSteps({ steps, step }: { steps: string[]; step: number }) {
  return (
    <ol
      className={cn(
        'mb-6 grid grid-cols-2 gap-2',
        steps.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-4'
      )}
      aria-label="Import steps"
    >
      {steps.map((title, index) => {
        const position = index + 1
        const state = position < step ? 'done' : position === step ? 'current' : 'todo'
        return (
          <li
            key={title}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-md border px-3 py-2 text-sm',
              state === 'current' && 'border-brand-600 bg-brand-50 font-semibold text-brand-900',
              state === 'done' && 'border-emerald-200 bg-emerald-50 text-emerald-900',
              state === 'todo' && 'border-slate-200 bg-white text-slate-600'
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs',
                state === 'done' ? 'bg-emerald-600 text-white' : 'bg-white ring-1 ring-slate-300'
              )}
            >
              {state === 'done' ? '✓' : position}
            </span>
            <span>
              <span className="sr-only">Step {position}: </span>
              {title}
              {state === 'done' ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** A progress bar; without a value (work of unknown size) it pulses instead of filling. */
export function ImportProgress({
  className,
  label,
  value,
  text,
  live = false,
}: {
  className?: string
  /** The text is announced as it changes (an upload's few steps; not a job's every poll). */
  live?: boolean
  label: string
  value: number | null
  text: string
}) {
  return (
    <div className={cn('max-w-lg space-y-1', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value === null ? undefined : Math.round(value)}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full bg-brand-600',
            value === null ? 'w-1/3 animate-pulse' : 'transition-[width]'
          )}
          style={value === null ? undefined : { width: `${Math.max(2, Math.min(100, value))}%` }}
        />
      </div>
      <p className="text-xs text-slate-600" aria-live={live ? 'polite' : undefined}>
        {text}
      </p>
    </div>
  )
}

interface Problem {
  row: number | null
  column: string | null
  message: string
}

/** The problems of a refused file: first those of the file as a whole, then row by row. */
export function ImportProblems({
  fileProblems = [],
  problems,
  rejectedRows,
  more,
}: {
  fileProblems?: string[]
  problems: Problem[]
  rejectedRows: number
  more: number
}) {
  const columns = useMemo<DataTableColumn<Problem>[]>(
    () => [
      { id: 'row', header: 'Row', accessor: (problem) => problem.row, align: 'right' },
      { id: 'column', header: 'Column', accessor: (problem) => problem.column ?? '—' },
      { id: 'message', header: 'Problem', accessor: (problem) => problem.message },
    ],
    []
  )
  return (
    <>
      {fileProblems.length ? (
        <Alert tone="error">
          <p className="font-medium">The file was refused; nothing was written.</p>
          <ul className="mt-1 list-disc pl-5">
            {fileProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {problems.length ? (
        <div>
          <DataTable
            caption={`Rejected rows: ${number(rejectedRows)}${more ? ` (the first ${number(problems.length)} problems are listed; ${number(more)} more)` : ''}`}
            captionVisible
            data={problems}
            columns={columns}
            getRowId={(_problem, index) => String(index)}
          />
        </div>
      ) : null}
    </>
  )
}

/** An import format's columns, the required ones in bold and marked. */
export function ImportColumnList({
  columns,
}: {
  columns: { header: string; required: boolean; description: string }[]
}) {
  return (
    <dl className="gap-x-6 text-sm sm:columns-2">
      {columns.map((column) => (
        <div key={column.header} className="flex break-inside-avoid gap-2 pb-1">
          <dt className={cn('font-mono', column.required ? 'font-bold' : '')}>{column.header}</dt>
          <dd className="text-slate-600">
            {column.required ? (
              <span className="font-medium text-slate-900">Required. </span>
            ) : null}
            {column.description}
          </dd>
        </div>
      ))}
    </dl>
  )
}
