import { useMemo } from 'react'
import { Link } from '@inertiajs/react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { secondaryLinkClass } from '~/components/ui/button'
import { Icon } from '~/components/icons'
import { EmptyState } from '~/components/research/research_ui'
import { DefinitionTip } from '~/components/providers/definition_tip'
import { LeaguePositioning } from '~/components/providers/league_positioning'
import {
  FilterBar,
  Missing,
  ProvidersPage,
  Section,
  TalentAlertCard,
} from '~/components/providers/providers_ui'
import {
  describeFilters,
  leagueTableCsvHref,
  leagueTableHref,
  providerDateTime,
  providerFormat,
  providerHref,
  useProvidersLocale,
  type ProviderFormat,
} from '~/components/providers/format'
import type { LeagueRow, LeagueTableProps, MetricKey } from '@shared/providers'
import { useDates } from '~/hooks/use_dates'

const RANK_DEFINITION = 'Position by net experience in the year, highest first.'
const TYPE_DEFINITION = 'The kind of provider: bank, broker, independent research provider…'

// Rank and provider stay in view when the table scrolls sideways (narrower windows); their
// headers above every other header cell, whichever z-index class the table adds.
const STICKY_RANK = 'sticky left-0 w-20 min-w-20 max-w-20'
const STICKY_PROVIDER =
  'sticky left-20 w-48 min-w-48 max-w-48 shadow-[inset_-1px_0_0_var(--color-slate-200)]'
/**
 * The columns shown until the reader chooses others, so that they fit 1440 px: joiners and
 * experience gained follow from net change and net experience with the leavers and the
 * experience lost, and are a click away in Columns.
 */
const DEFAULT_COLUMNS = [
  'rank',
  'netExperience',
  'headcount',
  'netChange',
  'leavers',
  'experienceLost',
  'avgExperience',
  'sectorsCovered',
  'spend',
  'interactions',
]

const NO_START =
  'Not computed: the provider had no analysts in this view on 1 January, so there is no base.'
const NO_END = 'Not computed: the provider had no analysts in this view on 31 December.'

function leagueColumns(
  props: Pick<LeagueTableProps, 'filters' | 'hasSpend' | 'definitions'>,
  format: ProviderFormat
): DataTableColumn<LeagueRow>[] {
  const { filters, hasSpend, definitions } = props
  const tip = (term: string, definition: string) => (
    <DefinitionTip term={term} definition={definition} />
  )
  const metric = (
    id: MetricKey & keyof LeagueRow,
    header: string,
    show: (row: LeagueRow) => string,
    missing?: string,
    // Two short lines in the header keep the numeric columns narrow.
    lines?: [string, string]
  ): DataTableColumn<LeagueRow> => ({
    id,
    header,
    headerContent: lines ? (
      <>
        {lines[0]}
        <br />
        {lines[1]}
      </>
    ) : undefined,
    headerAddon: tip(header, definitions[id]),
    accessor: (row) => row[id] as number | null,
    cell: (row) =>
      row[id] === null || row[id] === undefined ? (
        <Missing reason={missing ?? 'Not available'} />
      ) : (
        show(row)
      ),
    exportValue: (row) => row[id] as number | null,
    align: 'right',
    sortDescFirst: true,
  })

  // The ranking column first after the provider, then what the ranking is made of: at 1440 px
  // every default column fits without scrolling; narrower, rank and provider stay in view.
  const columns: DataTableColumn<LeagueRow>[] = [
    {
      id: 'rank',
      header: 'Rank',
      headerContent: '#',
      headerAddon: tip('Rank', RANK_DEFINITION),
      accessor: (row) => row.rank,
      align: 'right',
      className: `${STICKY_RANK} z-[1] bg-white text-slate-500`,
      headerClassName: `${STICKY_RANK} z-30!`,
    },
    {
      id: 'provider',
      header: 'Provider',
      accessor: (row) => row.name,
      enableHiding: false,
      className: `${STICKY_PROVIDER} z-[1] bg-white`,
      headerClassName: `${STICKY_PROVIDER} z-30!`,
      cell: (row) => (
        <span className="flex min-w-0 flex-col">
          <span className="inline-flex items-center gap-1.5">
            <Link
              href={providerHref(row.providerKey, filters)}
              className="truncate font-medium text-brand-700 hover:underline"
            >
              {row.name}
            </Link>
            {row.alert ? (
              <span title={row.alert.message} className="relative inline-flex text-amber-600">
                <Icon name="warning" className="size-4" />
                <span className="sr-only">Talent alert: {row.alert.message}</span>
              </span>
            ) : null}
          </span>
          <span className="truncate text-xs text-slate-500">
            {row.typeLabel ?? 'Type not recorded'}
          </span>
        </span>
      ),
    },
    metric(
      'netExperience',
      'Net experience (yrs)',
      (row) => format.signedYears(row.netExperience),
      undefined,
      ['Net exp.', '(yrs)']
    ),
    metric('headcount', 'Headcount', (row) => format.count(row.headcount), undefined, [
      'Head-',
      'count',
    ]),
    {
      ...metric('netChange', 'Net change', (row) => format.signedCount(row.netChange), undefined, [
        'Net',
        'change',
      ]),
      cell: (row) => (
        <span className="flex flex-col items-end">
          <span>{format.signedCount(row.netChange)}</span>
          <span className="text-xs text-slate-500">
            {row.netChangePct === null ? '–' : format.signedPercent(row.netChangePct)}
          </span>
        </span>
      ),
    },
    metric(
      'netChangePct',
      'Net change %',
      (row) => format.signedPercent(row.netChangePct),
      NO_START,
      ['Net', 'change %']
    ),
    metric('joiners', 'Joiners', (row) => format.count(row.joiners)),
    metric('leavers', 'Leavers', (row) => format.count(row.leavers)),
    metric(
      'experienceGained',
      'Experience gained (yrs)',
      (row) => format.years(row.experienceGained),
      undefined,
      ['Exp.', 'gained']
    ),
    metric(
      'experienceLost',
      'Experience lost (yrs)',
      (row) => format.years(row.experienceLost),
      undefined,
      ['Exp.', 'lost']
    ),
    metric(
      'avgExperience',
      'Average experience (yrs)',
      (row) => format.years(row.avgExperience),
      NO_END,
      ['Avg', 'exp.']
    ),
    metric(
      'sectorsCovered',
      'Sectors covered',
      (row) => format.count(row.sectorsCovered),
      undefined,
      ['Sectors', 'covered']
    ),
    {
      id: 'type',
      header: 'Type',
      headerAddon: tip('Type', TYPE_DEFINITION),
      accessor: (row) => row.typeLabel,
      cell: (row) =>
        row.typeLabel ? (
          <span className="whitespace-nowrap">{row.typeLabel}</span>
        ) : (
          <Missing reason="Type not recorded" />
        ),
    },
  ]
  if (hasSpend) {
    columns.push(
      metric(
        'spend',
        'Your budget',
        (row) => format.money(row.spend),
        `No budget recorded for this provider in ${filters.year}`,
        ['Your', 'budget']
      ),
      metric(
        'interactions',
        'Your interactions',
        (row) => format.count(row.interactions),
        `No interactions recorded with this provider in ${filters.year}`,
        ['Inter-', 'actions']
      )
    )
  }
  return columns
}

/** The alerts shown before the rest are asked for: the largest losses (the server's order). */
const FIRST_ALERTS = 4

function AlertList({
  alerts,
  filters,
}: {
  alerts: LeagueTableProps['alerts']
  filters: LeagueTableProps['filters']
}) {
  return (
    <ul className="grid gap-3 xl:grid-cols-2">
      {alerts.map((alert) => (
        <li key={alert.providerId}>
          <TalentAlertCard alert={alert} filters={filters} providerKey={alert.providerKey} />
        </li>
      ))}
    </ul>
  )
}

export default function LeagueTablePage(props: LeagueTableProps) {
  const { filters, sectors, regions, years, rows, hasSpend, currency, alerts, computedAt } = props
  const { alertRule } = props
  const locale = useProvidersLocale()
  const dates = useDates()
  const format = useMemo(() => providerFormat(locale, currency.code), [locale, currency.code])
  const columns = useMemo(
    () => leagueColumns({ filters, hasSpend, definitions: props.definitions }, format),
    [filters, hasSpend, props.definitions, format]
  )
  const view = describeFilters(filters, sectors, regions)
  const filtered = filters.sectorId !== null || filters.regionCode !== null

  return (
    <ProvidersPage
      title="Providers"
      lead={
        <>
          <p>
            Which research providers are adding or shedding analysts and experience, for the sector,
            region and year you choose
            {hasSpend ? ', next to what your team pays each of them' : ''}.
          </p>
          <p className="mt-1 text-slate-500">
            {computedAt
              ? `Figures computed on ${providerDateTime(computedAt, dates.locale)} (UTC).`
              : 'The figures have not been computed yet.'}
          </p>
        </>
      }
      actions={
        rows.length > 0 ? (
          <a href={leagueTableCsvHref(filters)} className={secondaryLinkClass} download>
            Export CSV
          </a>
        ) : null
      }
      notice={props.notice}
      filters={
        <FilterBar
          path="/providers"
          filters={filters}
          years={years}
          sectors={sectors}
          regions={regions}
        />
      }
    >
      {alertRule ? (
        <Section title="Spend × talent alerts" note={alertRule}>
          {alerts.length > 0 ? (
            <>
              <AlertList alerts={alerts.slice(0, FIRST_ALERTS)} filters={filters} />
              {alerts.length > FIRST_ALERTS ? (
                <details className="group mt-3">
                  <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
                    Show the other {alerts.length - FIRST_ALERTS} flagged{' '}
                    {alerts.length - FIRST_ALERTS === 1 ? 'provider' : 'providers'}
                  </summary>
                  <div className="mt-3">
                    <AlertList alerts={alerts.slice(FIRST_ALERTS)} filters={filters} />
                  </div>
                </details>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600">No provider your team budgeted for meets it.</p>
          )}
        </Section>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState title={`No analysts recorded for ${view}`}>
          <p>
            No provider had analysts covering this view during the year, so there is nothing to
            rank. Try another year, sector or region
            {filtered ? (
              <>
                , or{' '}
                <Link
                  href={leagueTableHref({ ...filters, sectorId: null, regionCode: null })}
                  className="font-medium text-brand-700 underline"
                >
                  see all sectors and regions in {filters.year}
                </Link>
              </>
            ) : null}
            .
          </p>
        </EmptyState>
      ) : (
        <>
          <Section
            title="League table"
            note={`${rows.length} ${rows.length === 1 ? 'provider' : 'providers'}, ${view}; ranked by net experience. The i button next to a column’s name gives its definition; joiners, experience gained and the type are in Columns.`}
          >
            <DataTable
              caption={`Provider league table, ${view}`}
              data={rows}
              columns={columns}
              getRowId={(row) => String(row.providerId)}
              initialSorting={[{ id: 'netExperience', desc: true }]}
              // A new key: the earlier stored choices were made for the previous columns.
              storageKey="providers-league-table-v2"
              defaultVisibleColumns={DEFAULT_COLUMNS}
              density="compact"
              maxHeight="70vh"
              rowClassName={(row) => (row.alert ? 'bg-amber-50/60' : undefined)}
            />
          </Section>
          <LeaguePositioning rows={rows} filters={filters} format={format} />
        </>
      )}
    </ProvidersPage>
  )
}
