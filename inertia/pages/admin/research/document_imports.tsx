import { Link, router, useForm, usePage, usePoll } from '@inertiajs/react'
import { useEffect, useMemo, useRef, type RefObject } from 'react'
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
import { BASE, ResearchAdminNav } from '~/components/admin_research/nav'
import { cn } from '~/lib/cn'
import { useStepFocus } from '~/hooks/use_step_focus'
import { DOCUMENT_TYPES } from '@shared/research'
import {
  DOCUMENT_IMPORT_STATUSES,
  DOCUMENT_IMPORT_WORKING,
  type DocumentImportColumn,
  type DocumentImportDetail,
  type DocumentImportPreviewRow,
  type DocumentImportStatus,
  type DocumentImportSummary,
} from '@shared/research_admin'

interface Props {
  columns: DocumentImportColumn[]
  limits: { archive: string; metadata: string; documents: number }
  imports: DocumentImportSummary[]
  current: DocumentImportDetail | null
}

const IMPORTS = `${BASE}/documents/imports`
const number = (value: number) => value.toLocaleString('en-GB')

const STATUS_TONES: Partial<Record<DocumentImportStatus, string>> = {
  previewed: 'bg-brand-50 text-brand-800 ring-brand-200',
  committed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refused: 'bg-red-50 text-red-800 ring-red-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
}

function StatusBadge({ status }: { status: DocumentImportStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        STATUS_TONES[status] ?? 'bg-amber-50 text-amber-900 ring-amber-200'
      )}
    >
      {DOCUMENT_IMPORT_STATUSES[status]}
    </span>
  )
}

/** Step 1: the archive, its table, and whether the documents are published once processed. */
function Upload({ limits }: { limits: Props['limits'] }) {
  const form = useForm<{ archive: File | null; metadata: File | null; publish: boolean }>({
    archive: null,
    metadata: null,
    publish: false,
  })
  const errors = usePage().props.errors as Record<string, string> | undefined
  const fileClass =
    'block w-full max-w-lg text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200'
  return (
    <form
      className="space-y-4"
      aria-label="Upload the documents"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(IMPORTS, { forceFormData: true })
      }}
    >
      <div className="space-y-1">
        <label htmlFor="import-archive" className="block text-sm font-medium text-slate-700">
          ZIP archive of the PDFs, up to {limits.archive} and {number(limits.documents)} documents
        </label>
        <input
          {...fieldProps('import-archive', errors?.archive)}
          type="file"
          accept=".zip,application/zip"
          onChange={(event) => form.setData('archive', event.target.files?.[0] ?? null)}
          className={fileClass}
        />
        <FieldError id="import-archive" message={errors?.archive} />
      </div>
      <div className="space-y-1">
        <label htmlFor="import-metadata" className="block text-sm font-medium text-slate-700">
          Metadata table, CSV (UTF-8) or XLSX, up to {limits.metadata}: one row a document
        </label>
        <input
          {...fieldProps('import-metadata', errors?.metadata)}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => form.setData('metadata', event.target.files?.[0] ?? null)}
          className={fileClass}
        />
        <FieldError id="import-metadata" message={errors?.metadata} />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={form.data.publish}
          onChange={(event) => form.setData('publish', event.target.checked)}
        />
        <span>
          <span className="font-medium text-slate-800">Publish each document once processed</span>
          <span className="block text-slate-600">
            Otherwise they stay drafts, for publishing from the documents list.
          </span>
        </span>
      </label>
      {form.progress ? <UploadProgress progress={form.progress} /> : null}
      <Button type="submit" disabled={!form.data.archive || !form.data.metadata || form.processing}>
        {form.processing ? 'Uploading…' : 'Upload and check'}
      </Button>
    </form>
  )
}

function PreviewTable({ rows, more }: { rows: DocumentImportPreviewRow[]; more: number }) {
  const columns = useMemo<DataTableColumn<DocumentImportPreviewRow>[]>(
    () => [
      { id: 'row', header: 'Row', accessor: (row) => row.row, align: 'right' },
      { id: 'title', header: 'Title', accessor: (row) => row.title },
      { id: 'provider', header: 'Provider', accessor: (row) => row.provider },
      {
        id: 'type',
        header: 'Type',
        accessor: (row) => DOCUMENT_TYPES[row.documentType] ?? row.documentType,
      },
      { id: 'published', header: 'Published', accessor: (row) => row.publishedOn },
      { id: 'theme', header: 'Primary theme', accessor: (row) => row.primaryTheme },
      { id: 'themes', header: 'Themes', accessor: (row) => row.themes, align: 'right' },
      { id: 'pages', header: 'Pages', accessor: (row) => row.pages, align: 'right' },
      {
        id: 'file',
        header: 'File',
        accessor: (row) => row.fileName,
        cell: (row) => (
          <span className="break-all">
            {row.fileName} <span className="text-slate-500">({importFileSize(row.bytes)})</span>
          </span>
        ),
      },
    ],
    []
  )
  return (
    <DataTable
      caption={`Documents to import${more ? ` (the first ${number(rows.length)} shown; ${number(more)} more)` : ''}`}
      captionVisible
      data={rows}
      columns={columns}
      getRowId={(row) => String(row.row)}
    />
  )
}

/** Steps 2 and 3 for one import: its check, its commit, their progress and outcome. */
function CurrentImport({
  current,
  heading,
}: {
  current: DocumentImportDetail
  heading: RefObject<HTMLHeadingElement | null>
}) {
  const working = DOCUMENT_IMPORT_WORKING.includes(current.status)
  const { start, stop } = usePoll(1000, { only: ['current', 'imports'] }, { autoStart: false })
  useEffect(() => {
    if (working) start()
    else stop()
    return stop
  }, [working, start, stop])
  const errors = usePage().props.errors as Record<string, string> | undefined
  const discard = () => router.post(`${IMPORTS}/${current.id}/discard`)
  const { report } = current
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold break-words text-slate-900"
          >
            Import #{current.id}: {current.archiveName} with {current.metadataName}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {importFileSize(current.archiveSize)} ·{' '}
            {current.publishWhenProcessed ? 'published once processed' : 'kept as drafts'} ·{' '}
            {current.source === 'command_line' ? 'from the command line, ' : ''}uploaded by{' '}
            {current.uploadedBy ?? '—'} on {importTime(current.createdAt)}
          </p>
        </div>
        <div role="status">
          <StatusBadge status={current.status} />
        </div>
      </div>
      <div className="mt-4 space-y-4">
        <FormError message={errors?.import} />
        {working ? (
          <ImportProgress
            label={current.status === 'committing' ? 'Commit progress' : 'Check progress'}
            value={
              current.status === 'previewing' && current.rowCount > 0
                ? (current.processedRows / current.rowCount) * 100
                : null
            }
            text={
              current.status === 'uploaded'
                ? 'Waiting: the background worker starts on it shortly…'
                : current.status === 'committing'
                  ? 'Storing the PDFs and writing the documents, all in one go…'
                  : `${number(current.processedRows)} of ${number(current.rowCount)} documents checked (each PDF is opened and checked)…`
            }
          />
        ) : null}
        {current.status === 'failed' ? (
          <div className="space-y-3">
            <Alert tone="error">
              Nothing was written: {current.error ?? 'the job failed'}. The background job is listed
              with its error in Background jobs.
            </Alert>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => router.post(`${IMPORTS}/${current.id}/check`)}>
                Check again
              </Button>
              <Button variant="secondary" onClick={discard}>
                Discard this upload
              </Button>
            </div>
          </div>
        ) : null}
        {current.status === 'previewed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => router.post(`${IMPORTS}/${current.id}/commit`)}>
              Import {number(current.documentCount)} document
              {current.documentCount === 1 ? '' : 's'}
            </Button>
            <Button variant="secondary" onClick={discard}>
              Discard
            </Button>
            <p className="text-sm text-slate-600">
              All or nothing: every document is written in one go, then processed (text indexed,
              themes tagged) by the background workers.
            </p>
          </div>
        ) : null}
        {current.status === 'refused' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">
              {number(current.rejectedRows)} of {number(current.rowCount)} rows have problems:
              nothing was written. Correct the files and upload them again.
            </p>
            <Button variant="secondary" onClick={discard}>
              Discard this upload
            </Button>
          </div>
        ) : null}
        {current.status === 'committed' ? (
          <Alert tone="success">
            {number(current.documentCount)} document{current.documentCount === 1 ? '' : 's'}{' '}
            imported on {importTime(current.committedAt)} by {current.committedBy ?? 'an operator'};
            their processing follows in the{' '}
            <Link className="underline" href={`${BASE}/documents?processing=all`}>
              documents list
            </Link>
            .
          </Alert>
        ) : null}
        <ImportProblems
          fileProblems={report.fileProblems}
          problems={report.problems}
          rejectedRows={current.rejectedRows}
          more={report.more}
        />
        {report.unusedFiles.length ? (
          <Alert tone="warning">
            <p>
              {number(report.unusedFiles.length + report.unusedMore)} file
              {report.unusedFiles.length + report.unusedMore === 1 ? '' : 's'} of the archive no row
              names: left out of the import.
            </p>
            <p className="mt-1 break-all text-slate-700">
              {report.unusedFiles.join(', ')}
              {report.unusedMore ? ` and ${number(report.unusedMore)} more` : ''}
            </p>
          </Alert>
        ) : null}
        {current.preview.length && current.status !== 'committed' ? (
          <PreviewTable rows={current.preview} more={current.previewMore} />
        ) : null}
      </div>
    </Card>
  )
}

function ImportsTable({ imports }: { imports: DocumentImportSummary[] }) {
  const columns = useMemo<DataTableColumn<DocumentImportSummary>[]>(
    () => [
      {
        id: 'id',
        header: 'Import',
        accessor: (row) => row.id,
        cell: (row) => (
          <Link className="font-medium text-brand-700 underline" href={`${IMPORTS}/${row.id}`}>
            #{row.id}
          </Link>
        ),
      },
      {
        id: 'files',
        header: 'Files',
        accessor: (row) => row.archiveName,
        cell: (row) => (
          <span className="break-words">
            {row.archiveName} · {row.metadataName}
          </span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessor: (row) => row.status,
        cell: (row) => <StatusBadge status={row.status} />,
      },
      { id: 'rows', header: 'Rows', accessor: (row) => row.rowCount, align: 'right' },
      {
        id: 'documents',
        header: 'Documents',
        accessor: (row) => (row.status === 'committed' ? row.documentCount : null),
        cell: (row) => (row.status === 'committed' ? number(row.documentCount) : '—'),
        align: 'right',
      },
      { id: 'by', header: 'Uploaded by', accessor: (row) => row.uploadedBy ?? '—' },
      {
        id: 'when',
        header: 'Uploaded',
        accessor: (row) => row.createdAt,
        cell: (row) => importTime(row.createdAt),
      },
    ],
    []
  )
  if (imports.length === 0) {
    return <p className="text-sm text-slate-600">No bulk import yet.</p>
  }
  return (
    <DataTable
      caption="Latest bulk imports"
      data={imports}
      columns={columns}
      getRowId={(row) => String(row.id)}
    />
  )
}

export default function DocumentImports(props: Props) {
  const errors = usePage().props.errors as Record<string, string> | undefined
  const status = props.current?.status
  // Committed, every step is done.
  const step = !props.current ? 1 : status === 'committed' ? 4 : status === 'committing' ? 3 : 2
  const heading = useRef<HTMLHeadingElement>(null)
  useStepFocus('research-document-import', [step, props.current?.id, status].join(':'), heading)
  return (
    <AdminShell title="Bulk import of research documents">
      <PageHeading
        title="Bulk import of research documents"
        description="A ZIP of PDFs with a metadata table, one row a document: every row and every PDF checked, previewed, then imported all or nothing."
        actions={
          <a className={secondaryLinkClass} href={`${IMPORTS}/template`}>
            Download the column template
          </a>
        }
      />
      <ResearchAdminNav current="documents" />
      <ImportSteps steps={['Upload', 'Check', 'Import']} step={step} />
      {props.current ? null : <FormError className="mb-4" message={errors?.import} />}
      <div className="space-y-6">
        {props.current ? (
          <CurrentImport current={props.current} heading={heading} />
        ) : (
          <Card>
            <h2 ref={heading} tabIndex={-1} className="mb-3 text-base font-semibold text-slate-900">
              1. Upload
            </h2>
            <Upload limits={props.limits} />
          </Card>
        )}
        {props.current ? (
          <p>
            <Link className={secondaryLinkClass} href={IMPORTS}>
              Start another import
            </Link>
          </p>
        ) : null}
        <Card>
          <h2 className="mb-3 text-base font-semibold text-slate-900">Columns</h2>
          <p className="mb-3 text-sm text-slate-600">
            One header row, then one row a document naming its PDF in the archive. Lists (authors,
            themes, asset classes, regions, sectors) are separated by |; values only, no formulas.
            Required columns are in bold and marked; any column not listed here is refused.
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
