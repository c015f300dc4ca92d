import { useMemo } from 'react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { RsaPage } from '~/components/rsa/rsa_page'
import { cn } from '~/lib/cn'
import { abbreviateAmount } from '@shared/money'
import type { PeerDataAge } from '@shared/peer_data_age'
import { useDates } from '~/hooks/use_dates'

interface Cell {
  tier: string
  /** Banded ("5–9"). */
  n: string
  hasPeers: boolean
  median: number | null
  p25: number | null
  p75: number | null
  average: number | null
  message: string | null
}

interface Row {
  id: string
  providerTypeLabel: string
  accessTypeLabel: string
  cells: Cell[]
  comment: string
}

interface Line {
  id: number
  provider: string
  providerTypeLabel: string
  accessTypeLabel: string
  myPrice: number
  median: number | null
  p25: number | null
  p75: number | null
  n: string
  position: 'below' | 'within' | 'above' | 'unknown'
  positionText: string
}

interface Props {
  years: number[]
  /** How current the year's peer figures are. */
  peerData: PeerDataAge
  currencies: { id: number; code: string; name: string }[]
  page: {
    year: number
    currency: { id: number; code: string; name: string }
    asOf: string | null
    tiers: { key: string; label: string }[]
    teamTier: string | null
    rows: Row[]
    lines: Line[]
  }
}

export default function RateCardPage({ years, currencies, page, peerData }: Props) {
  const dates = useDates()
  const code = page.currency.code
  const money = (value: number | null) => (value === null ? 'n/a' : abbreviateAmount(value, code))

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      {
        id: 'providerType',
        header: 'Provider type',
        accessor: (row) => row.providerTypeLabel,
        cell: (row) => <span className="font-medium text-slate-900">{row.providerTypeLabel}</span>,
        enableHiding: false,
      },
      {
        id: 'accessType',
        header: 'Access',
        accessor: (row) => row.accessTypeLabel,
        enableHiding: false,
      },
      ...page.tiers.map((tier, index): DataTableColumn<Row> => ({
        id: `tier-${tier.key}`,
        header: tier.key === page.teamTier ? `${tier.label} (your tier)` : tier.label,
        description: `Median annual price and typical range (25th–75th percentile) for firms with ${tier.label} AUM.`,
        accessor: (row) => row.cells[index].median,
        sortDescFirst: true,
        align: 'right',
        headerClassName: tier.key === page.teamTier ? 'bg-brand-50' : undefined,
        className: tier.key === page.teamTier ? 'bg-brand-50/60' : undefined,
        exportValue: (row) => row.cells[index].median,
        cell: (row) => {
          const cell = row.cells[index]
          if (!cell.hasPeers)
            return (
              <span className="text-slate-600">
                —<span className="sr-only"> no other firm</span>
              </span>
            )
          // Said once above the table rather than in every cell, which kept the matrix too wide.
          if (cell.median === null) {
            return (
              <span title={cell.message ?? undefined} className="text-xs text-slate-600">
                n &lt; 5
              </span>
            )
          }
          return (
            <span title={cell.average === null ? undefined : `Average ${money(cell.average)}`}>
              {money(cell.median)}
              <span className="block text-xs text-slate-600">
                {cell.p25 !== null ? `${money(cell.p25)} – ${money(cell.p75)} · ` : ''}n = {cell.n}
              </span>
            </span>
          )
        },
      })),
      {
        id: 'comment',
        header: 'Comment',
        accessor: (row) => row.comment,
        enableSorting: false,
        cell: (row) => (
          <span className="block min-w-48 text-xs whitespace-normal text-slate-600">
            {row.comment}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page]
  )

  const lineColumns = useMemo<DataTableColumn<Line>[]>(
    () => [
      {
        id: 'provider',
        header: 'Provider',
        accessor: (row) => row.provider,
        enableHiding: false,
        cell: (row) => <span className="font-medium text-slate-900">{row.provider}</span>,
      },
      { id: 'type', header: 'Type', accessor: (row) => row.providerTypeLabel },
      { id: 'access', header: 'Access', accessor: (row) => row.accessTypeLabel },
      {
        id: 'myPrice',
        header: 'My price',
        accessor: (row) => row.myPrice,
        cell: (row) => money(row.myPrice),
        align: 'right',
        sortDescFirst: true,
      },
      {
        id: 'range',
        header: 'Typical range',
        accessor: (row) => row.p25,
        cell: (row) => (row.p25 === null ? 'n/a' : `${money(row.p25)} – ${money(row.p75)}`),
        align: 'right',
      },
      {
        id: 'median',
        header: 'Median',
        accessor: (row) => row.median,
        cell: (row) => money(row.median),
        align: 'right',
      },
      {
        id: 'position',
        header: 'Position',
        accessor: (row) => row.positionText,
        cell: (row) => (
          <span
            className={cn(
              'text-sm',
              row.position === 'above' && 'font-medium text-red-700',
              row.position === 'below' && 'text-emerald-700',
              row.position === 'unknown' && 'text-xs text-slate-500'
            )}
          >
            {row.positionText}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page]
  )

  return (
    <RsaPage
      peerData={peerData}
      title="Rate card"
      current="rate-card"
      description="What firms pay per year by provider type and access, in each AUM tier: the median and the typical range (25th to 75th percentile), all services and price types together. A figure needs five other firms; the range needs ten."
      year={{ value: page.year, options: years }}
      currency={{ selectedId: page.currency.id, currencies, reloadProps: ['page'] }}
    >
      <p className="mb-3 text-xs text-slate-500">
        Computed from the budget lines of {page.year}
        {page.asOf ? `, prices as of ${dates.date(page.asOf)}` : ''}, in {code} to three significant
        figures. “n &lt; 5”: fewer than five other firms, so no figure is shown.
      </p>
      <DataTable
        caption={`Research rate card ${page.year}, annual prices in ${code}`}
        data={page.rows}
        columns={columns}
        getRowId={(row) => row.id}
        storageKey="rsa-rate-card"
        verticalAlign="top"
        emptyMessage="No priced budget lines for this year yet."
      />
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Your prices in the range</h2>
      <DataTable
        caption={`Your ${page.year} prices placed in the rate card range of your AUM tier`}
        data={page.lines}
        columns={lineColumns}
        getRowId={(row) => String(row.id)}
        initialSorting={[{ id: 'myPrice', desc: true }]}
        emptyMessage="Your firm has no priced budget lines this year."
        maxHeight="60vh"
      />
    </RsaPage>
  )
}
