import { router } from '@inertiajs/react'
import { useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Chart, type ChartOption } from '~/components/ui/chart'
import {
  DataTable,
  dataTableMatrix,
  type DataTableColumn,
  type DataTableHandle,
} from '~/components/ui/data_table'
import { TabNav } from '~/components/ui/tab_nav'
import { FieldError, fieldProps } from '~/components/ui/field'
import { FilterField, ListFilterBar, filterControlClass } from '~/components/list_page'
import { BASE, ResearchAdminNav } from '~/components/admin_research/nav'
import { csvText, downloadCsv } from '~/lib/csv_download'
import { cn } from '~/lib/cn'
import {
  ANALYTICS_TABS,
  DEFAULT_RANGE_WEEKS,
  MAX_RANGE_WEEKS,
  ZERO_RESULT_TERMS,
  type AnalyticsFigures,
  type AnalyticsRange,
  type AnalyticsTab,
  type AnalyticsWeek,
  type DigestWeekFigures,
  type ProviderFigures,
  type ProvidersTab,
  type RisingTheme,
  type TeamFigures,
  type ThemeWeekFigures,
  type TrendsTab,
  type UsersTab,
  type ZeroResultSearch,
} from '@shared/research_analytics'

interface Props {
  range: AnalyticsRange
  /** What the address asked for (shown back in the fields when it was refused). */
  asked: AnalyticsRange
  /** Why the range asked for was refused (the default range is shown instead). */
  rangeErrors: Partial<Record<'from' | 'to', string>>
  weeks: AnalyticsWeek[]
  figures: AnalyticsFigures
}

const ANALYTICS = `${BASE}/analytics`
const TAB_PATHS: Record<AnalyticsTab, string> = {
  providers: ANALYTICS,
  trends: `${ANALYTICS}/trends`,
  users: `${ANALYTICS}/users`,
}
/** The most series a line chart draws (the table holds them all). */
const CHART_SERIES = 8

const number = (value: number) => value.toLocaleString('en-GB')
const decimal = (value: number | null) =>
  value === null ? '–' : value.toLocaleString('en-GB', { maximumFractionDigits: 2 })
const percent = (value: number | null) =>
  value === null ? '–' : `${Math.round(value * 100).toLocaleString('en-GB')}%`
const plural = (count: number, one: string, many = `${one}s`) =>
  `${number(count)} ${count === 1 ? one : many}`
const dayLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
const hoursLabel = (hours: number | null) => (hours === null ? '–' : decimal(hours))

/** Lines over the range's weeks, one per series (a theme, a team). */
function weeklyLines(
  weekLabels: string[],
  axisName: string,
  series: { name: string; data: number[] }[]
): ChartOption {
  return {
    grid: { left: 48, right: 24, top: 64, bottom: 32 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: weekLabels },
    yAxis: { type: 'value', name: axisName, minInterval: 1 },
    series: series.map((entry) => ({ type: 'line', ...entry })),
  }
}

function rangeQuery(range: AnalyticsRange) {
  return `?from=${range.from}&to=${range.to}`
}

/** A figure: its heading, its definition beside it, then its chart and table. */
function Figure({
  title,
  definition,
  children,
}: {
  title: string
  definition: ReactNode
  children: ReactNode
}) {
  return (
    <Card padding="sm" className="mb-6">
      <section aria-label={title} className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0 lg:order-1">
          <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
          {children}
        </div>
        <aside className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 lg:order-2">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Definition
          </h3>
          {definition}
        </aside>
      </section>
    </Card>
  )
}

/** A figure's table with its CSV export (what is shown: visible columns, sorted rows). */
function FigureTable<T extends object>({
  data,
  columns,
  caption,
  fileName,
  getRowId,
  emptyMessage,
  initialSort,
}: {
  data: readonly T[]
  columns: DataTableColumn<T>[]
  caption: string
  fileName: string
  getRowId: (row: T) => string
  emptyMessage: string
  initialSort?: { id: string; desc: boolean }
}) {
  const table = useRef<DataTableHandle<T>>(null)
  const exportCsv = () => {
    const view = table.current?.getView()
    if (view) downloadCsv(fileName, csvText(dataTableMatrix(view)))
  }
  return (
    <DataTable
      ref={table}
      data={data}
      columns={columns}
      caption={caption}
      getRowId={getRowId}
      initialSorting={initialSort ? [initialSort] : undefined}
      density="compact"
      framed={false}
      maxHeight={480}
      emptyMessage={emptyMessage}
      toolbar={
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={exportCsv}
          disabled={data.length === 0}
        >
          Export CSV
        </Button>
      }
    />
  )
}

function RangeForm({
  range,
  asked,
  rangeErrors: errors,
  tab,
}: Omit<Props, 'weeks' | 'figures'> & { tab: AnalyticsTab }) {
  const [from, setFrom] = useState(asked.from)
  const [to, setTo] = useState(asked.to)
  const fromId = useId()
  const toId = useId()
  return (
    <>
      <ListFilterBar
        label="Date range"
        onSubmit={() => router.visit(`${TAB_PATHS[tab]}${rangeQuery({ from, to })}`)}
        summary={`Showing ${dayLabel(range.from)} ${range.from.slice(0, 4)} to ${dayLabel(range.to)} ${range.to.slice(0, 4)}`}
      >
        <FilterField id={fromId} label="From">
          <input
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            {...fieldProps(fromId, errors.from, false)}
            className={cn(filterControlClass, errors.from && 'border-red-400')}
          />
        </FilterField>
        <FilterField id={toId} label="To">
          <input
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            {...fieldProps(toId, errors.to, false)}
            className={cn(filterControlClass, errors.to && 'border-red-400')}
          />
        </FilterField>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </ListFilterBar>
      {errors.from || errors.to ? (
        <div className="mb-4">
          <FieldError id={fromId} message={errors.from} />
          <FieldError id={toId} message={errors.to} />
          <p className="mt-1 text-sm text-slate-700">
            The figures below are of the last {DEFAULT_RANGE_WEEKS} weeks. A range runs at most{' '}
            {MAX_RANGE_WEEKS} weeks and ends today at the latest.
          </p>
        </div>
      ) : null}
    </>
  )
}

export default function ResearchDiscoveryAnalytics(props: Props) {
  const { range, figures, weeks } = props
  const tab = figures.tab
  const tabs = (Object.keys(ANALYTICS_TABS) as AnalyticsTab[]).map((key) => ({
    key,
    title: ANALYTICS_TABS[key],
    href: `${TAB_PATHS[key]}${rangeQuery(range)}`,
  }))
  return (
    <AdminShell title={`Research analytics: ${ANALYTICS_TABS[tab]}`}>
      <PageHeading
        title="Research discovery analytics"
        description="How the research catalogue is fed and read: by provider, by theme and by team, over a date range."
      />
      <ResearchAdminNav current="analytics" />
      <RangeForm {...props} tab={tab} />
      <TabNav label="Analytics" className="mb-6" current={tab} tabs={tabs} />
      {figures.tab === 'providers' ? <Providers figures={figures} /> : null}
      {figures.tab === 'trends' ? <Trends figures={figures} weeks={weeks} /> : null}
      {figures.tab === 'users' ? <Users figures={figures} weeks={weeks} /> : null}
    </AdminShell>
  )
}

/* ---------------------------------- Providers ---------------------------------- */

function Providers({ figures }: { figures: ProvidersTab }) {
  const providers = figures.providers
  const top = providers.slice(0, 12)
  const columns = useMemo<DataTableColumn<ProviderFigures>[]>(
    () => [
      { id: 'provider', header: 'Provider', enableHiding: false, accessor: (row) => row.provider },
      {
        id: 'ingested',
        header: 'Documents ingested',
        align: 'right',
        accessor: (row) => row.ingested,
        cell: (row) => number(row.ingested),
      },
      {
        id: 'reads',
        header: 'Reads',
        align: 'right',
        accessor: (row) => row.reads,
        cell: (row) => number(row.reads),
      },
      {
        id: 'readers',
        header: 'Unique readers',
        align: 'right',
        accessor: (row) => row.uniqueReaders,
        cell: (row) => number(row.uniqueReaders),
      },
      {
        id: 'bookmarks',
        header: 'Bookmarks',
        align: 'right',
        accessor: (row) => row.bookmarks,
        cell: (row) => number(row.bookmarks),
      },
      {
        id: 'perDocument',
        header: 'Reads per document',
        align: 'right',
        accessor: (row) => row.readsPerDocument,
        cell: (row) => decimal(row.readsPerDocument),
      },
      {
        id: 'median',
        header: 'Median to first read (hours)',
        align: 'right',
        accessor: (row) => row.medianHoursToFirstRead,
        cell: (row) => hoursLabel(row.medianHoursToFirstRead),
      },
      {
        id: 'readDocuments',
        header: 'Documents read',
        align: 'right',
        accessor: (row) => row.readDocuments,
        cell: (row) => number(row.readDocuments),
      },
    ],
    []
  )
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 160, right: 24, top: 36, bottom: 24 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', inverse: true, data: top.map((row) => row.provider) },
      series: [
        { type: 'bar', name: 'Reads', data: top.map((row) => row.reads) },
        { type: 'bar', name: 'Documents ingested', data: top.map((row) => row.ingested) },
      ],
    }),
    [top]
  )
  const leader = top[0]
  return (
    <>
      <Figure
        title="Reads and documents ingested by provider"
        definition={
          <p>
            Reads: every opening of a provider’s document in the range, by anyone. Documents
            ingested: documents added to the catalogue in the range, whatever their state. The
            twelve most read providers are drawn; the table below lists every provider.
          </p>
        }
      >
        {top.length ? (
          <Chart
            title="Reads and documents ingested, most read providers"
            summary={`${leader.provider} is the most read provider in the range with ${plural(leader.reads, 'read')} and ${plural(leader.ingested, 'document')} ingested; ${plural(providers.length, 'provider')} had documents ingested or read.`}
            option={option}
            height={Math.max(200, top.length * 34 + 70)}
            table={{
              columns: ['Provider', 'Reads', 'Documents ingested'],
              rows: top.map((row) => [row.provider, row.reads, row.ingested]),
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">No document was ingested or read in the range.</p>
        )}
      </Figure>
      <Figure
        title="Provider figures"
        definition={
          <dl className="space-y-2">
            <div>
              <dt className="font-medium">Unique readers</dt>
              <dd>The people who opened at least one of the provider’s documents in the range.</dd>
            </div>
            <div>
              <dt className="font-medium">Bookmarks</dt>
              <dd>Bookmarks put on the provider’s documents in the range.</dd>
            </div>
            <div>
              <dt className="font-medium">Reads per document</dt>
              <dd>
                The reads, until the range’s end, of the documents ingested in the range, divided by
                the number of those documents.
              </dd>
            </div>
            <div>
              <dt className="font-medium">Median time to first read</dt>
              <dd>
                For each document ingested in the range and read by its end: the time from its
                publication to its first opening. The middle value (or the mean of the two middle
                values) of those times. Documents read: how many it is taken over.
              </dd>
            </div>
          </dl>
        }
      >
        <FigureTable
          data={providers}
          columns={columns}
          caption="Provider figures"
          fileName="research-analytics-providers.csv"
          getRowId={(row) => String(row.providerId)}
          emptyMessage="No document was ingested or read in the range."
        />
      </Figure>
    </>
  )
}

/* ----------------------------------- Trends ----------------------------------- */

function Trends({ figures, weeks }: { figures: TrendsTab; weeks: AnalyticsWeek[] }) {
  const weekLabels = useMemo(() => weeks.map((week) => dayLabel(week.start)), [weeks])
  const top = figures.themes.slice(0, CHART_SERIES)
  const themeColumns = useMemo<DataTableColumn<ThemeWeekFigures>[]>(
    () => [
      { id: 'theme', header: 'Theme', enableHiding: false, accessor: (row) => row.theme },
      ...weeks.map((week): DataTableColumn<ThemeWeekFigures> => ({
        id: `week-${week.index}`,
        header: `Week of ${dayLabel(week.start)}`,
        align: 'right',
        accessor: (row) => row.weeks[week.index],
      })),
      {
        id: 'total',
        header: 'Total',
        align: 'right',
        enableHiding: false,
        accessor: (row) => row.total,
        cell: (row) => number(row.total),
      },
      {
        id: 'stars',
        header: 'New stars',
        align: 'right',
        accessor: (row) => row.newStars,
      },
    ],
    [weeks]
  )
  const themeOption = useMemo(
    () =>
      weeklyLines(
        weekLabels,
        'Documents',
        top.map((theme) => ({ name: theme.theme, data: theme.weeks }))
      ),
    [top, weekLabels]
  )
  const risingColumns = useMemo<DataTableColumn<RisingTheme>[]>(
    () => [
      { id: 'theme', header: 'Theme', enableHiding: false, accessor: (row) => row.theme },
      { id: 'earlier', header: 'Earlier weeks', align: 'right', accessor: (row) => row.earlier },
      { id: 'recent', header: 'Recent weeks', align: 'right', accessor: (row) => row.recent },
      {
        id: 'change',
        header: 'Change',
        align: 'right',
        accessor: (row) => row.change,
        cell: (row) => `+${number(row.change)}`,
      },
    ],
    []
  )
  const searchOption = useMemo<ChartOption>(
    () => ({
      grid: { left: 48, right: 24, top: 36, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: weekLabels },
      yAxis: { type: 'value', name: 'Searches' },
      series: [
        { type: 'bar', name: 'Searches', data: figures.searchWeeks.map((week) => week.searches) },
        {
          type: 'bar',
          name: 'Found nothing',
          data: figures.searchWeeks.map((week) => week.zeroResults),
        },
      ],
    }),
    [figures.searchWeeks, weekLabels]
  )
  const zeroColumns = useMemo<DataTableColumn<ZeroResultSearch>[]>(
    () => [
      { id: 'term', header: 'Search', enableHiding: false, accessor: (row) => row.term },
      { id: 'searches', header: 'Searches', align: 'right', accessor: (row) => row.searches },
      { id: 'teams', header: 'Teams', align: 'right', accessor: (row) => row.teams },
    ],
    []
  )
  const searches = figures.searchWeeks.reduce((sum, week) => sum + week.searches, 0)
  const zero = figures.searchWeeks.reduce((sum, week) => sum + week.zeroResults, 0)
  const busiest = top[0]
  return (
    <>
      <Figure
        title="Documents per theme per week"
        definition={
          <p>
            Published documents by the week of their publication, under every theme they are tagged
            with (a document on two themes counts under both). Weeks run seven days from the range’s
            first day; the last may be shorter. The {CHART_SERIES} themes with the most documents
            are drawn; the table lists every theme with the stars put on it in the range.
          </p>
        }
      >
        {top.length ? (
          <Chart
            title="Documents per week, busiest themes"
            summary={`${busiest.theme} has the most documents in the range (${number(busiest.total)}); ${plural(figures.themes.length, 'theme')} had documents published.`}
            option={themeOption}
            height={360}
            table={{
              columns: ['Theme', ...weekLabels.map((label) => `Week of ${label}`)],
              rows: top.map((theme) => [theme.theme, ...theme.weeks]),
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">No document was published in the range.</p>
        )}
        <div className="mt-4">
          <FigureTable
            data={figures.themes}
            columns={themeColumns}
            caption="Documents per theme per week"
            fileName="research-analytics-themes.csv"
            getRowId={(row) => String(row.themeId)}
            emptyMessage="No document was published in the range."
          />
        </div>
      </Figure>
      <Figure
        title="Rising themes"
        definition={
          <p>
            The range’s last {plural(figures.risingWeeks, 'week')} against the{' '}
            {plural(figures.risingWeeks, 'week')} before them: themes with more published documents
            in the recent weeks, by the increase.
            {figures.risingWeeks === 0 ? ' A range of one week has nothing to compare.' : ''}
          </p>
        }
      >
        <FigureTable
          data={figures.rising}
          columns={risingColumns}
          caption="Rising themes"
          fileName="research-analytics-rising-themes.csv"
          getRowId={(row) => String(row.themeId)}
          emptyMessage="No theme has more documents in the recent weeks than before."
        />
      </Figure>
      <Figure
        title="Searches and searches that found nothing"
        definition={
          <p>
            Text searches clients ran on All research and My research (a search is counted once, not
            once per page turned), by week, and those that found no document the team may read. The
            table lists the {ZERO_RESULT_TERMS} searches most often without a result (lower case),
            with how many teams ran them.
          </p>
        }
      >
        <Chart
          title="Searches per week"
          summary={
            searches
              ? `${plural(searches, 'search', 'searches')} in the range, ${plural(zero, 'search', 'searches')} (${percent(zero / searches)}) found nothing.`
              : 'No client searched the research in the range.'
          }
          option={searchOption}
          height={280}
          table={{
            columns: ['Week', 'Searches', 'Found nothing'],
            rows: figures.searchWeeks.map((week) => [
              `Week of ${weekLabels[week.week]}`,
              week.searches,
              week.zeroResults,
            ]),
          }}
        />
        <div className="mt-4">
          <FigureTable
            data={figures.zeroResults}
            columns={zeroColumns}
            caption="Searches that found nothing"
            fileName="research-analytics-zero-result-searches.csv"
            getRowId={(row) => row.term}
            emptyMessage="Every search in the range found something."
          />
        </div>
      </Figure>
    </>
  )
}

/* ------------------------------------ Users ------------------------------------ */

function Users({ figures, weeks }: { figures: UsersTab; weeks: AnalyticsWeek[] }) {
  const weekLabels = useMemo(() => weeks.map((week) => dayLabel(week.start)), [weeks])
  const top = figures.teams.filter((team) => team.readers > 0).slice(0, CHART_SERIES)
  const teamOption = useMemo(
    () =>
      weeklyLines(
        weekLabels,
        'Readers',
        top.map((team) => ({ name: team.team, data: team.weeklyReaders }))
      ),
    [top, weekLabels]
  )
  const teamColumns = useMemo<DataTableColumn<TeamFigures>[]>(
    () => [
      { id: 'team', header: 'Team', enableHiding: false, accessor: (row) => row.team },
      {
        id: 'average',
        header: 'Weekly active readers (average)',
        align: 'right',
        accessor: (row) => row.averageWeeklyReaders,
        cell: (row) => decimal(row.averageWeeklyReaders),
      },
      { id: 'readers', header: 'Readers', align: 'right', accessor: (row) => row.readers },
      { id: 'reads', header: 'Reads', align: 'right', accessor: (row) => row.reads },
      {
        id: 'perReader',
        header: 'Reads per reader',
        align: 'right',
        accessor: (row) => row.readsPerReader,
        cell: (row) => decimal(row.readsPerReader),
      },
      {
        id: 'requests',
        header: 'Research requests',
        align: 'right',
        accessor: (row) => row.requests,
      },
    ],
    []
  )
  const digestColumns = useMemo<DataTableColumn<DigestWeekFigures>[]>(
    () => [
      { id: 'week', header: 'Digest week', enableHiding: false, accessor: (row) => row.week },
      { id: 'sent', header: 'Sent', align: 'right', accessor: (row) => row.sent },
      { id: 'clicked', header: 'Followed', align: 'right', accessor: (row) => row.clicked },
      { id: 'clicks', header: 'Links followed', align: 'right', accessor: (row) => row.clicks },
      {
        id: 'rate',
        header: 'Click-through rate',
        align: 'right',
        accessor: (row) => row.clickThroughRate,
        cell: (row) => percent(row.clickThroughRate),
        exportValue: (row) => row.clickThroughRate,
      },
    ],
    []
  )
  const sent = figures.digests.reduce((sum, week) => sum + week.sent, 0)
  const clicked = figures.digests.reduce((sum, week) => sum + week.clicked, 0)
  const busiest = top[0]
  return (
    <>
      <Figure
        title="Weekly active readers per team"
        definition={
          <p>
            The distinct people of a team who opened at least one research document in a week (a
            read counts for the team it was made in). Weeks run seven days from the range’s first
            day. The table’s average is over every week of the range, weeks without a reader
            included. Teams and counts only: no one’s reading is shown.
          </p>
        }
      >
        {top.length ? (
          <Chart
            title="Weekly active readers, most active teams"
            summary={`${busiest.team} has the most readers in the range (${number(busiest.readers)}, ${decimal(busiest.averageWeeklyReaders)} a week on average); ${plural(figures.teams.filter((team) => team.readers > 0).length, 'team')} read research.`}
            option={teamOption}
            height={320}
            table={{
              columns: ['Team', ...weekLabels.map((label) => `Week of ${label}`)],
              rows: top.map((team) => [team.team, ...team.weeklyReaders]),
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">Nobody read research in the range.</p>
        )}
      </Figure>
      <Figure
        title="Team figures"
        definition={
          <dl className="space-y-2">
            <div>
              <dt className="font-medium">Readers, reads</dt>
              <dd>The team’s distinct readers and their document openings in the range.</dd>
            </div>
            <div>
              <dt className="font-medium">Reads per reader</dt>
              <dd>The team’s reads divided by its readers.</dd>
            </div>
            <div>
              <dt className="font-medium">Research requests</dt>
              <dd>Requests the team sent in the range.</dd>
            </div>
          </dl>
        }
      >
        <FigureTable
          data={figures.teams}
          columns={teamColumns}
          caption="Team figures"
          fileName="research-analytics-teams.csv"
          getRowId={(row) => String(row.teamId)}
          emptyMessage="No team read research or sent a request in the range."
        />
      </Figure>
      <Figure
        title="Weekly digest: click-through"
        definition={
          <dl className="space-y-2">
            <div>
              <dt className="font-medium">Sent</dt>
              <dd>Digests mailed in the range, by the week they cover.</dd>
            </div>
            <div>
              <dt className="font-medium">Click-through rate</dt>
              <dd>
                The digests of which at least one link was followed (whenever), divided by the
                digests sent.
              </dd>
            </div>
            <div>
              <dt className="font-medium">Opens</dt>
              <dd>
                Not measured: the digest carries no tracking image, and mail programs that block or
                preload images would make such a count wrong either way.
              </dd>
            </div>
          </dl>
        }
      >
        <Alert tone="info" className="mb-3">
          Digest opens are not measured (the digest carries no tracking image); the click-through
          rate counts the digests whose reader followed a link.
        </Alert>
        <p className="mb-3 text-sm text-slate-700">
          {sent
            ? `${plural(sent, 'digest')} sent in the range; ${plural(clicked, 'digest')} (${percent(clicked / sent)}) had a link followed.`
            : 'No digest was sent in the range.'}
        </p>
        <FigureTable
          data={figures.digests}
          columns={digestColumns}
          caption="Weekly digest click-through"
          fileName="research-analytics-digest.csv"
          getRowId={(row) => row.week}
          emptyMessage="No digest was sent in the range."
        />
      </Figure>
    </>
  )
}
