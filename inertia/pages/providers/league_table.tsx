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

const RANK_DEFINITION = 'Position by net experience in the year, highest first.'
const TYPE_DEFINITION = 'The kind of provider: bank, broker, independent research provider…'

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
    missing?: string
  ): DataTableColumn<LeagueRow> => ({
    id,
    header,
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

  const columns: DataTableColumn<LeagueRow>[] = [
    {
      id: 'rank',
      header: 'Rank',
      headerAddon: tip('Rank', RANK_DEFINITION),
      accessor: (row) => row.rank,
      align: 'right',
      className: 'text-slate-500',
    },
    {
      id: 'provider',
      header: 'Provider',
      accessor: (row) => row.name,
      enableHiding: false,
      cell: (row) => (
        <span className="inline-flex items-center gap-2">
          <Link
            href={providerHref(row.providerKey, filters)}
            className="font-medium whitespace-nowrap text-brand-700 hover:underline"
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
      ),
    },
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
    metric('headcount', 'Headcount', (row) => format.count(row.headcount)),
    metric('netChange', 'Net change', (row) => format.signedCount(row.netChange)),
    metric(
      'netChangePct',
      'Net change %',
      (row) => format.signedPercent(row.netChangePct),
      NO_START
    ),
    metric('joiners', 'Joiners', (row) => format.count(row.joiners)),
    metric('leavers', 'Leavers', (row) => format.count(row.leavers)),
    metric('experienceGained', 'Exp. gained (yrs)', (row) => format.years(row.experienceGained)),
    metric('experienceLost', 'Exp. lost (yrs)', (row) => format.years(row.experienceLost)),
    metric('netExperience', 'Net exp. (yrs)', (row) => format.signedYears(row.netExperience)),
    metric('avgExperience', 'Avg exp. (yrs)', (row) => format.years(row.avgExperience), NO_END),
    metric('sectorsCovered', 'Sectors covered', (row) => format.count(row.sectorsCovered)),
  ]
  if (hasSpend) {
    columns.push(
      metric(
        'spend',
        'Your spend',
        (row) => format.money(row.spend),
        `No budget recorded for this provider in ${filters.year}`
      ),
      metric(
        'interactions',
        'Your interactions',
        (row) => format.count(row.interactions),
        `No interactions recorded with this provider in ${filters.year}`
      )
    )
  }
  return columns
}

export default function LeagueTablePage(props: LeagueTableProps) {
  const { filters, sectors, regions, years, rows, hasSpend, currency, alerts, computedAt } = props
  const locale = useProvidersLocale()
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
              ? `Figures computed on ${providerDateTime(computedAt, locale)} (UTC).`
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
      {alerts.length > 0 ? (
        <Section
          title="Spend × talent alerts"
          note="Providers your team pays that lost experienced analysts in the two sectors your team interacts with most this year, in every region: the sector and region filters do not apply to them."
        >
          <ul className="grid gap-3 xl:grid-cols-2">
            {alerts.map((alert) => (
              <li key={alert.providerId}>
                <TalentAlertCard alert={alert} filters={filters} providerKey={alert.providerKey} />
              </li>
            ))}
          </ul>
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
            note={`${rows.length} ${rows.length === 1 ? 'provider' : 'providers'}, ${view}; ranked by net experience. The i button next to a column’s name gives its definition.`}
          >
            <DataTable
              caption={`Provider league table, ${view}`}
              data={rows}
              columns={columns}
              getRowId={(row) => String(row.providerId)}
              initialSorting={[{ id: 'netExperience', desc: true }]}
              storageKey="providers-league-table"
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
