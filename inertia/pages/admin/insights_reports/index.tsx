import { Link, router } from '@inertiajs/react'
import { useMemo, useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { ListNotices, ListPagination } from '~/components/list_page'
import { BASE, InsightsAdminNav } from '~/components/admin_insights_reports/nav'
import { StatusBadge, STATUS_LABELS } from '~/components/admin_insights_reports/status_badge'
import {
  countText,
  dateText,
  durationText,
  durationWords,
  percentText,
  plural,
} from '~/components/admin_insights_reports/format'
import {
  REPORT_STATUSES,
  type AdminReportRow,
  type AdminReportsListProps,
} from '@shared/insights_reports'

type Filters = AdminReportsListProps['filters']

const CHART_TOP = 15

function listHref(filters: Filters, page = 1) {
  const params = new URLSearchParams()
  if (filters.search.trim()) params.set('q', filters.search.trim())
  params.set('status', filters.status)
  if (filters.categoryId !== null) params.set('category', String(filters.categoryId))
  if (page > 1) params.set('page', String(page))
  return `${BASE}?${params.toString()}`
}

const controlClass =
  'mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-100 focus:outline-none'

function FiltersForm({
  filters,
  options,
  totals,
}: Pick<AdminReportsListProps, 'filters' | 'options' | 'totals'>) {
  const [search, setSearch] = useState(filters.search)
  const visit = (next: Partial<Filters>) =>
    router.get(listHref({ ...filters, search, ...next }), {}, { preserveState: true })
  return (
    <form
      role="search"
      aria-label="Reports"
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        visit({})
      }}
    >
      <div>
        <label htmlFor="reports-search" className="text-xs font-medium text-slate-700">
          Title or file name
        </label>
        <input
          id="reports-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={`${controlClass} w-72`}
        />
      </div>
      <div>
        <label htmlFor="reports-status" className="text-xs font-medium text-slate-700">
          Status
        </label>
        <select
          id="reports-status"
          value={filters.status}
          onChange={(event) => visit({ status: event.target.value as Filters['status'] })}
          className={controlClass}
        >
          <option value="all">All ({countText(totals.reports)})</option>
          {REPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]} ({countText(totals[status])})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="reports-category" className="text-xs font-medium text-slate-700">
          Category
        </label>
        <select
          id="reports-category"
          value={filters.categoryId ?? ''}
          onChange={(event) =>
            visit({ categoryId: event.target.value ? Number(event.target.value) : null })
          }
          className={`${controlClass} max-w-64`}
        >
          <option value="">All categories</option>
          {options.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {filters.search || filters.categoryId !== null || filters.status !== 'all' ? (
        <Link
          href={listHref({ search: '', status: 'all', categoryId: null })}
          className="pb-2 text-sm font-medium text-teal-800 underline hover:text-teal-950"
        >
          Clear the filters
        </Link>
      ) : null}
    </form>
  )
}

/** A header on two lines (narrower columns); read as one phrase. */
function twoLines(first: string, second: string) {
  return (
    <span className="inline-block text-right">
      {first}
      <br />
      {second}
    </span>
  )
}

const columns: DataTableColumn<AdminReportRow>[] = [
  {
    id: 'title',
    header: 'Title',
    enableHiding: false,
    accessor: (row) => row.title,
    cell: (row) => (
      <div className="max-w-xs min-w-44">
        <Link
          href={`${BASE}/${row.id}`}
          className="font-medium break-words text-teal-800 hover:text-teal-950 hover:underline"
        >
          {row.title}
        </Link>
      </div>
    ),
  },
  { id: 'category', header: 'Category', accessor: (row) => row.category },
  {
    id: 'tags',
    header: 'Tags',
    accessor: (row) => row.tags.join(', '),
    cell: (row) =>
      row.tags.length ? (
        <ul className="flex max-w-56 flex-wrap gap-1" aria-label={`Tags of ${row.title}`}>
          {row.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs whitespace-nowrap text-slate-700"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
  {
    id: 'access',
    header: 'Access',
    accessor: (row) => row.accessLabel,
    cell: (row) => <span className="block min-w-24">{row.accessLabel}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (row) => STATUS_LABELS[row.status],
    cell: (row) => <StatusBadge status={row.status} />,
  },
  { id: 'version', header: 'Version', align: 'right', accessor: (row) => row.version },
  {
    id: 'published',
    header: 'Published',
    accessor: (row) => row.publishedAt,
    cell: (row) => dateText(row.publishedAt),
    sortDescFirst: true,
    className: 'whitespace-nowrap',
  },
  {
    id: 'audience',
    header: 'Audience',
    description: 'Users who can see the report now: active members of the teams it reaches.',
    align: 'right',
    sortDescFirst: true,
    accessor: (row) => row.audience,
    cell: (row) => countText(row.audience),
  },
  {
    id: 'notified',
    header: 'Notified',
    description: 'Users mailed about the report.',
    align: 'right',
    sortDescFirst: true,
    accessor: (row) => row.notified,
    cell: (row) => countText(row.notified),
  },
  {
    id: 'readers',
    header: 'Readers',
    description: 'Users who opened the report at least once.',
    align: 'right',
    sortDescFirst: true,
    accessor: (row) => row.readers,
    cell: (row) => countText(row.readers),
  },
  {
    id: 'open_rate',
    header: 'Open rate',
    headerContent: twoLines('Open', 'rate'),
    description: 'Notified users who read the report, out of the notified users.',
    align: 'right',
    sortDescFirst: true,
    accessor: (row) => row.openRate,
    cell: (row) => percentText(row.openRate),
    exportValue: (row) => (row.openRate === null ? null : Math.round(row.openRate * 100)),
  },
  {
    id: 'time_to_read',
    header: 'Median time to first read',
    headerContent: twoLines('Time to', 'first read'),
    description:
      'Median time from the notification (or the publication, for users not notified) to the first read.',
    align: 'right',
    accessor: (row) => row.medianHoursToFirstRead,
    cell: (row) => (
      <span title={durationWords(row.medianHoursToFirstRead)}>
        {durationText(row.medianHoursToFirstRead)}
      </span>
    ),
  },
  {
    id: 'downloads',
    header: 'Downloads',
    align: 'right',
    sortDescFirst: true,
    accessor: (row) => row.downloads,
    cell: (row) => countText(row.downloads),
  },
]

function ReadersChart({ reports }: { reports: AdminReportRow[] }) {
  const top = useMemo(
    () =>
      [...reports]
        .sort((a, b) => b.readers - a.readers || a.title.localeCompare(b.title))
        .slice(0, CHART_TOP),
    [reports]
  )
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 16, right: 40, top: 8, bottom: 36, containLabel: true },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        // Horizontal bars: report titles are long; the most read on top.
        yAxis: {
          type: 'category',
          inverse: true,
          data: top.map((report) => report.title),
          axisLabel: {
            width: 220,
            overflow: 'truncate',
          },
        },
        xAxis: {
          type: 'value',
          minInterval: 1,
          name: 'Unique readers',
          nameLocation: 'middle',
          nameGap: 28,
        },
        series: [
          {
            type: 'bar',
            name: 'Unique readers',
            color: palette.series[1],
            barMaxWidth: 22,
            label: { show: true, position: 'right' },
            data: top.map((report) => report.readers),
          },
        ],
      }),
    [top]
  )
  if (top.length === 0) return null
  const leader = top[0]
  const summary =
    leader.readers === 0
      ? 'Nobody has read any of the reports listed yet.'
      : top.length === 1
        ? `${leader.title} has ${plural(leader.readers, 'unique reader')}.`
        : `The ${top.length} most read of the reports listed, by unique readers: ${leader.title} leads with ${plural(leader.readers, 'reader')}; ${top[top.length - 1].title} has ${plural(top[top.length - 1].readers, 'reader')}.`
  return (
    <Chart
      className="mt-6"
      headingLevel={2}
      title="Unique readers per report"
      summary={summary}
      option={option}
      height={Math.max(180, top.length * 30 + 70)}
      // A bar opens its report (the table above links each one too).
      onItemClick={({ dataIndex }) => {
        const report = top[dataIndex]
        if (report) router.visit(`${BASE}/${report.id}`)
      }}
      table={{
        columns: ['Report', 'Unique readers'],
        rows: top.map((report) => [report.title, report.readers]),
      }}
    />
  )
}

export default function InsightsReportsAdminIndex(props: AdminReportsListProps) {
  const { reports, filters, options, totals, pagination, notice, pageNotice } = props
  const filtered = Boolean(
    filters.search || filters.categoryId !== null || filters.status !== 'all'
  )
  return (
    <AdminShell title="Insights Reports">
      <PageHeading
        title="Insights Reports"
        description="Our studies published to client teams as PDFs: who can see them, who was notified and who read them."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href={`${BASE}/taxonomy`} className={secondaryLinkClass}>
              Categories and tags
            </Link>
            <Link
              href={`${BASE}/new`}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              Upload a report
            </Link>
          </div>
        }
      />
      <InsightsAdminNav current="reports" />
      <ListNotices notices={[notice, pageNotice]} />
      <Card padding="sm">
        <FiltersForm key={listHref(filters)} filters={filters} options={options} totals={totals} />
        <p className="mb-2 text-sm text-slate-700" aria-live="polite">
          {filtered
            ? `${plural(pagination.total, 'report')} match`
            : `${plural(totals.reports, 'report')}: ${countText(totals.published)} published, ${countText(totals.withdrawn)} withdrawn`}
        </p>
        <DataTable
          data={reports}
          columns={columns}
          caption="Insights reports"
          getRowId={(row) => String(row.id)}
          initialSorting={[{ id: 'published', desc: true }]}
          storageKey="admin-insights-reports"
          // Tags and version are a click away (Columns): every figure fits a 1440 px screen.
          defaultVisibleColumns={[
            'category',
            'access',
            'status',
            'published',
            'audience',
            'notified',
            'readers',
            'open_rate',
            'time_to_read',
            'downloads',
          ]}
          density="compact"
          verticalAlign="top"
          framed={false}
          emptyMessage={
            filtered ? (
              'No report matches these filters.'
            ) : (
              <>
                No report yet.{' '}
                <Link href={`${BASE}/new`} className="font-medium text-teal-800 underline">
                  Upload the first one
                </Link>
                .
              </>
            )
          }
        />
        <ListPagination
          label="Report pages"
          meta={{ ...pagination, currentPage: pagination.page }}
          noun={['report', 'reports']}
          href={(page) => listHref(filters, page)}
        />
      </Card>
      <ReadersChart reports={reports} />
    </AdminShell>
  )
}
