import { Link, router, useForm } from '@inertiajs/react'
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Dialog } from '~/components/ui/dialog'
import { FieldError, FieldHint, fieldProps } from '~/components/ui/field'
import { useUnsavedChangesGuard } from '~/hooks/use_unsaved_changes'
import { cn } from '~/lib/cn'
import { BASE, InsightsAdminNav } from '~/components/admin_insights_reports/nav'
import {
  PdfFileInput,
  ReportFormFields,
  fileProblem,
  focusFirstError,
  payload,
  useReportForm,
  type ReportFormData,
} from '~/components/admin_insights_reports/report_form'
import { NotifyList } from '~/components/admin_insights_reports/notify_list'
import { StatusBadge } from '~/components/admin_insights_reports/status_badge'
import { UploadProgress } from '~/components/imports/upload_progress'
import {
  countText,
  dateText,
  dateTimeText,
  durationText,
  durationWords,
  fileSizeText,
  percentText,
  plural,
} from '~/components/admin_insights_reports/format'
import { REPORT_FILE_NAME_MAX, type AdminReportDetailProps } from '@shared/insights_reports'
import { useFocusAfterRender, useStepFocus } from '~/hooks/use_step_focus'

type Report = AdminReportDetailProps['report']
type Reader = AdminReportDetailProps['analytics']['readers'][number]

const SECTIONS = [
  { id: 'details', title: 'Details' },
  { id: 'file', title: 'File' },
  { id: 'status', title: 'Status' },
  { id: 'notify', title: 'Notify' },
  { id: 'analytics', title: 'Analytics' },
] as const

/** A section of the page: a card with its heading (the target of the page's own links). */
function Section({
  id,
  title,
  description,
  actions,
  children,
  className,
}: {
  id: (typeof SECTIONS)[number]['id']
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={className}>
      <Card>
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {/* Focusable from script: the page opened at its section (#notify) starts there. */}
            <h2 id={`${id}-heading`} tabIndex={-1} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
            ) : null}
          </div>
          {actions}
        </div>
        {children}
      </Card>
    </section>
  )
}

function initialData(report: Report): ReportFormData {
  return {
    file: null,
    title: report.title,
    summary: report.summary ?? '',
    file_name: report.fileName,
    author: report.author ?? '',
    category_id: report.categoryId,
    access_type: report.accessType,
    access_module: report.accessModule ?? '',
    team_ids: report.teamIds,
    tag_ids: report.tagIds,
  }
}

/** Details: the wizard's fields but the file, saved together. */
function DetailsForm({
  report,
  options,
}: {
  report: Report
  options: AdminReportDetailProps['options']
}) {
  const state = useReportForm(initialData(report))
  const { form } = state
  useUnsavedChangesGuard(form.isDirty && !form.processing)
  const sections = ['details', 'category', 'access', 'tags'] as const
  // Discard goes with the changes, and a save draws the form again (the saved report is its
  // start): the focus they had goes to the section's heading.
  const moveFocus = useFocusAfterRender()
  useStepFocus(
    `insights-report-details-${report.id}`,
    `${report.version}:${report.updatedAt}`,
    () => document.getElementById('details-heading')
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const errors = state.check([...sections], options.maxFileMb)
    if (Object.keys(errors).length) {
      focusFirstError(Object.keys(errors))
      return
    }
    form.transform((data) => payload(data, false))
    form.post(`${BASE}/${report.id}`, {
      preserveScroll: true,
      onError: (serverErrors) => focusFirstError(Object.keys(serverErrors)),
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="details-heading" className="space-y-8">
      {form.hasErrors ? (
        <Alert tone="error">The changes were not saved: correct what is marked below.</Alert>
      ) : null}
      <ReportFormFields state={state} options={options} sections={[...sections]} />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <Button type="submit" disabled={form.processing || !form.isDirty}>
          {form.processing ? 'Saving…' : 'Save changes'}
        </Button>
        {form.isDirty ? (
          <Button
            variant="ghost"
            onClick={() => {
              form.reset()
              form.clearErrors()
              moveFocus(() => document.getElementById('details-heading'))
            }}
          >
            Discard changes
          </Button>
        ) : (
          <span className="text-sm text-slate-600">No unsaved change.</span>
        )}
      </div>
    </form>
  )
}

/** The current file, its replacement (a new version) and the versions so far. */
function FileSection({
  report,
  versions,
  maxFileMb,
}: {
  report: Report
  versions: AdminReportDetailProps['versions']
  maxFileMb: number
}) {
  const form = useForm<{ file: File | null; file_name: string }>({ file: null, file_name: '' })
  const [inputKey, setInputKey] = useState(0)
  const errors = form.errors as Record<string, string | undefined>
  const fileNameError = errors.file_name

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = fileProblem(form.data.file, maxFileMb)
    const name = form.data.file_name.trim()
    const nameProblem =
      name && !/\.pdf$/i.test(name)
        ? 'The file name must end in .pdf.'
        : name.length > REPORT_FILE_NAME_MAX
          ? `At most ${REPORT_FILE_NAME_MAX} characters.`
          : null
    form.clearErrors()
    if (problem) form.setError('file', problem)
    if (nameProblem) form.setError('file_name', nameProblem)
    if (problem || nameProblem) {
      document.getElementById(problem ? 'replace-file' : 'replace-file-name')?.focus()
      return
    }
    form.transform((data) => (name ? { file: data.file, file_name: name } : { file: data.file }))
    form.post(`${BASE}/${report.id}/file`, {
      forceFormData: true,
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        setInputKey((key) => key + 1)
        // The new version's notify list starts afresh: the keyboard user goes on from there.
        document.getElementById('notify-heading')?.focus()
      },
    })
  }

  return (
    <Section
      id="file"
      title="File"
      description="What clients open and download."
      actions={
        <a
          href={report.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={secondaryLinkClass}
        >
          View PDF<span className="sr-only"> (opens in a new tab)</span>
        </a>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">File name</dt>
        <dd className="font-mono break-all text-slate-900">{report.fileName}</dd>
        <dt className="text-slate-600">Version</dt>
        <dd className="text-slate-900">{report.version}</dd>
        <dt className="text-slate-600">Pages</dt>
        <dd className="text-slate-900">{report.pageCount ?? '—'}</dd>
        <dt className="text-slate-600">Size</dt>
        <dd className="text-slate-900">{fileSizeText(report.fileSize)}</dd>
      </dl>

      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="replace-heading"
        className="mt-6 space-y-4 border-t border-slate-100 pt-4"
      >
        <h3 id="replace-heading" className="text-sm font-semibold text-slate-900">
          Replace file (new version)
        </h3>
        <p className="text-xs text-slate-600">
          The new file becomes version {report.version + 1}: clients get it from then on, and users
          can be notified of the new version.
        </p>
        <PdfFileInput
          key={inputKey}
          id="replace-file"
          label="New PDF"
          file={form.data.file}
          error={errors.file}
          maxFileMb={maxFileMb}
          onChange={(file, problem) => {
            form.setData('file', file)
            form.clearErrors('file')
            if (problem) form.setError('file', problem)
          }}
        />
        <div className="space-y-1">
          <label htmlFor="replace-file-name" className="block text-sm font-medium text-slate-700">
            New file name (optional)
          </label>
          <input
            value={form.data.file_name}
            placeholder={report.fileName}
            onChange={(event) => {
              form.setData('file_name', event.target.value)
              form.clearErrors('file_name')
            }}
            autoComplete="off"
            spellCheck={false}
            {...fieldProps('replace-file-name', fileNameError, true)}
            className={cn(
              'block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm shadow-sm focus:ring-2 focus:outline-none',
              fileNameError
                ? 'border-red-400 focus:ring-red-200'
                : 'border-slate-300 focus:border-teal-600 focus:ring-teal-100'
            )}
          />
          <FieldHint id="replace-file-name" className="text-slate-600">
            Empty: the current name stays. It ends in .pdf.
          </FieldHint>
          <FieldError id="replace-file-name" message={fileNameError} />
        </div>
        {form.processing ? <UploadProgress progress={form.progress} /> : null}
        <Button type="submit" variant="secondary" disabled={form.processing}>
          {form.processing ? 'Uploading…' : `Upload version ${report.version + 1}`}
        </Button>
      </form>

      <div className="mt-6 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-semibold text-slate-900">Versions</h3>
        {versions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No version recorded.</p>
        ) : (
          <ol className="mt-2 space-y-2 text-sm" reversed>
            {[...versions]
              .sort((a, b) => b.version - a.version)
              .map((version) => (
                <li key={version.version} className="rounded-md border border-slate-200 px-3 py-2">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium text-slate-900">Version {version.version}</span>
                    {version.version === report.version ? (
                      <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-900">
                        Current
                      </span>
                    ) : null}
                  </p>
                  <p className="font-mono text-xs break-all text-slate-700">{version.fileName}</p>
                  <p className="text-xs text-slate-600">
                    {dateTimeText(version.uploadedAt)}
                    {version.uploadedBy ? ` by ${version.uploadedBy}` : ''}
                  </p>
                </li>
              ))}
          </ol>
        )}
      </div>
    </Section>
  )
}

/** Withdraw (confirmed) or republish. */
function StatusSection({ report }: { report: Report }) {
  const [confirming, setConfirming] = useState(false)
  const [working, setWorking] = useState(false)
  const withdrawn = report.status === 'withdrawn'
  const act = () =>
    router.post(
      `${BASE}/${report.id}/${withdrawn ? 'republish' : 'withdraw'}`,
      {},
      {
        preserveScroll: true,
        onStart: () => setWorking(true),
        onFinish: () => setWorking(false),
        onSuccess: () => setConfirming(false),
      }
    )
  return (
    <Section id="status" title="Status">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <StatusBadge status={report.status} />
        {withdrawn
          ? 'Clients no longer see the report.'
          : `Published on ${dateText(report.publishedAt)}; ${plural(report.audience, 'user')} can see it.`}
      </p>
      <div className="mt-4">
        {withdrawn ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Republish
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Withdraw
          </Button>
        )}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !working) setConfirming(false)
        }}
        title={withdrawn ? 'Republish this report?' : 'Withdraw this report?'}
      >
        <div className="space-y-4 text-sm text-slate-800">
          {withdrawn ? (
            <p>
              <strong>{report.title}</strong> becomes visible again to the client teams it is
              published to ({report.accessLabel.toLowerCase()}). Nobody is mailed: notify users from
              the Notify section if you wish.
            </p>
          ) : (
            <p>
              Clients will no longer see <strong>{report.title}</strong>: it leaves their list, and
              its links and downloads stop working for them. Its readers and notifications are kept,
              and you can republish it later.
            </p>
          )}
          <div className="flex gap-2">
            <Button variant={withdrawn ? 'primary' : 'danger'} onClick={act} disabled={working}>
              {withdrawn ? 'Republish' : 'Withdraw the report'}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={working}>
              Cancel
            </Button>
          </div>
        </div>
      </Dialog>
    </Section>
  )
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-teal-900 tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600">{hint}</dd> : null}
    </div>
  )
}

const readerColumns: DataTableColumn<Reader>[] = [
  { id: 'name', header: 'Name', enableHiding: false, accessor: (row) => row.name },
  { id: 'email', header: 'Email', accessor: (row) => row.email, className: 'break-all' },
  {
    id: 'first',
    header: 'First read',
    accessor: (row) => row.firstReadAt,
    cell: (row) => dateTimeText(row.firstReadAt),
    className: 'whitespace-nowrap',
  },
  {
    id: 'last',
    header: 'Last read',
    accessor: (row) => row.lastReadAt,
    cell: (row) => dateTimeText(row.lastReadAt),
    sortDescFirst: true,
    className: 'whitespace-nowrap',
  },
  {
    id: 'count',
    header: 'Read count',
    align: 'right',
    sortDescFirst: true,
    accessor: (row) => row.readCount,
  },
]

function AnalyticsSection({
  report,
  analytics,
}: {
  report: Report
  analytics: AdminReportDetailProps['analytics']
}) {
  const points = analytics.cumulativeReads
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 16, right: 24, top: 32, bottom: 40, containLabel: true },
        tooltip: {
          trigger: 'axis',
          valueFormatter: (value) => `${String(value)} readers`,
        },
        xAxis: {
          type: 'category',
          name: 'Days since publication',
          nameLocation: 'middle',
          nameGap: 28,
          boundaryGap: false,
          data: points.map((point) => String(point.day)),
        },
        yAxis: {
          type: 'value',
          name: 'Unique readers',
          minInterval: 1,
          nameTextStyle: { align: 'left' },
        },
        series: [
          {
            type: 'line',
            name: 'Unique readers',
            step: 'end',
            showSymbol: points.length <= 31,
            color: palette.series[1],
            areaStyle: { opacity: 0.12 },
            data: points.map((point) => point.readers),
          },
        ],
      }),
    [points]
  )
  // The table keeps the days the count changed (and the first and last days): the same curve.
  const tableRows = points
    .filter(
      (point, index) =>
        index === 0 || index === points.length - 1 || point.readers !== points[index - 1].readers
    )
    .map((point) => [`Day ${point.day}`, point.readers])
  const last = points.at(-1)
  const half = last ? points.find((point) => point.readers * 2 >= last.readers) : undefined
  const summary = last
    ? last.readers === 0
      ? `Nobody has read the report in the ${plural(last.day, 'day')} since its publication.`
      : `${plural(last.readers, 'unique reader')} ${plural(last.day, 'day')} after publication; half of them had read it by day ${half?.day ?? 0}.`
    : 'No day to show yet.'

  return (
    <Section
      id="analytics"
      title="Analytics"
      className="mt-6"
      description="Readers are users who opened the report at least once, any version."
    >
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Stat label="Audience" value={countText(report.audience)} hint="users who can see it" />
        <Stat label="Notified" value={countText(report.notified)} />
        <Stat label="Readers" value={countText(report.readers)} />
        <Stat
          label="Open rate"
          value={percentText(report.openRate)}
          hint={report.openRate === null ? 'nobody notified yet' : 'notified users who read it'}
        />
        <Stat
          label="Median time to first read"
          value={durationText(report.medianHoursToFirstRead)}
          hint={durationWords(report.medianHoursToFirstRead)}
        />
        <Stat label="Downloads" value={countText(report.downloads)} />
      </dl>
      <Chart
        className="mt-6"
        title="Cumulative unique readers by days since publication"
        summary={summary}
        option={option}
        height={280}
        table={{ columns: ['Day', 'Unique readers'], rows: tableRows }}
      />
      <div className="mt-6">
        <DataTable
          data={analytics.readers}
          columns={readerColumns}
          caption={`Readers (${analytics.readers.length})`}
          captionVisible
          getRowId={(row) => String(row.id)}
          initialSorting={[{ id: 'first', desc: false }]}
          storageKey="admin-insights-report-readers"
          density="compact"
          maxHeight={480}
          emptyMessage="Nobody has read the report yet."
        />
      </div>
    </Section>
  )
}

/**
 * The page opened at one of its sections (the publish and the upload of a version lead to
 * #notify): the keyboard starts from that section's heading, not from the top of the page.
 */
function useFocusSectionOfHash() {
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1))
    if (!SECTIONS.some((section) => section.id === hash)) return
    document.getElementById(`${hash}-heading`)?.focus()
  }, [])
}

export default function InsightsReportAdminShow(props: AdminReportDetailProps) {
  const { report, options, notify, analytics, versions } = props
  useFocusSectionOfHash()
  return (
    <AdminShell title={report.title}>
      <PageHeading
        title={report.title}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge status={report.status} />
            <span>
              {report.category} · version {report.version} · published{' '}
              {dateText(report.publishedAt)} · {report.accessLabel}
            </span>
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href={BASE} className={secondaryLinkClass}>
              All reports
            </Link>
            <a
              href={report.fileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={secondaryLinkClass}
            >
              View PDF<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        }
      />
      <InsightsAdminNav current={null} />
      <nav aria-label="On this page" className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-block rounded-full border border-teal-200 bg-white px-3 py-1 font-medium text-teal-900 hover:bg-teal-50"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Section
          id="details"
          title="Details"
          description="What clients read in their list, and who can see the report."
        >
          {/* A new version or a save gives the form the report as it now is. */}
          <DetailsForm
            key={`${report.version}:${report.updatedAt ?? ''}`}
            report={report}
            options={options}
          />
        </Section>
        <div className="space-y-6">
          <FileSection report={report} versions={versions} maxFileMb={options.maxFileMb} />
          <StatusSection report={report} />
        </div>
      </div>

      <Section
        id="notify"
        title="Notify"
        className="mt-6"
        description={`Mail users who can see the report that version ${notify.version} is available.`}
      >
        <NotifyList
          reportId={report.id}
          notify={notify}
          withdrawn={report.status === 'withdrawn'}
        />
      </Section>

      <AnalyticsSection report={report} analytics={analytics} />
    </AdminShell>
  )
}
