import { useMemo } from 'react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Link } from '@inertiajs/react'
import { providerDate, providerHref, type ProviderFormat } from '~/components/providers/format'
import { Missing } from '~/components/providers/providers_ui'
import { cn } from '~/lib/cn'
import type { NotableMove, ProviderFilters } from '@shared/providers'
import { useDates } from '~/hooks/use_dates'

const DIRECTION_STYLES = {
  joined: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  left: 'bg-red-50 text-red-800 ring-red-600/20',
  internal: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const

/** What the move was for this provider: joined, left, moved inside it (or the type's detail). */
function moveLabel(move: NotableMove) {
  if (move.direction === 'internal') return move.typeLabel
  if (move.direction === 'joined') return move.type === 'returned' ? move.typeLabel : 'Joined'
  return move.type === 'left_industry' ? move.typeLabel : 'Left'
}

/** The provider's recent notable moves: who, how senior, what they cover, from where to where. */
export function NotableMoves({
  moves,
  providerId,
  filters,
  format,
}: {
  moves: NotableMove[]
  providerId: number
  filters: ProviderFilters
  format: ProviderFormat
}) {
  const dates = useDates()
  const columns = useMemo<DataTableColumn<NotableMove>[]>(() => {
    const firm = (side: NotableMove['from'], outside: string) =>
      side === null ? (
        <span className="text-slate-500">{outside}</span>
      ) : side.id === providerId ? (
        <span className="font-medium text-slate-900">{side.name}</span>
      ) : (
        <Link
          href={providerHref(side.providerKey, filters)}
          className="text-blue-700 underline-offset-2 hover:underline"
        >
          {side.name}
        </Link>
      )
    return [
      {
        id: 'date',
        header: 'Date',
        accessor: (move) => move.date,
        cell: (move) => (
          <span className="whitespace-nowrap">{providerDate(move.date, dates.locale)}</span>
        ),
        sortDescFirst: true,
      },
      {
        id: 'name',
        header: 'Analyst',
        accessor: (move) => move.analystName,
        enableHiding: false,
        cell: (move) => <span className="font-medium text-slate-900">{move.analystName}</span>,
      },
      {
        id: 'seniority',
        header: 'Seniority',
        accessor: (move) => move.seniorityLabel,
        cell: (move) => (
          <span className="whitespace-nowrap">
            {move.seniorityLabel}
            <span className="block text-xs text-slate-500">
              {format.years(move.experienceYears)} {move.experienceYears === 1 ? 'year' : 'years'}{' '}
              in the industry
            </span>
          </span>
        ),
      },
      {
        id: 'sectors',
        header: 'Sector(s)',
        accessor: (move) => move.sectors.join(', '),
        cell: (move) =>
          move.sectors.length ? (
            <span>
              {move.sectors.join(', ')}
              {move.regions.length ? (
                <span className="block text-xs text-slate-500">{move.regions.join(', ')}</span>
              ) : null}
            </span>
          ) : (
            <Missing reason="No sector recorded for this move" />
          ),
      },
      {
        id: 'move',
        header: 'From → to',
        accessor: (move) => `${move.from?.name ?? ''} → ${move.to?.name ?? ''}`,
        cell: (move) => (
          <span className="inline-flex flex-wrap items-center gap-x-1.5">
            {firm(
              move.from,
              move.type === 'returned' ? 'Outside the industry' : 'Outside tracked providers'
            )}
            <span aria-hidden="true" className="text-slate-400">
              →
            </span>
            <span className="sr-only">to</span>
            {firm(
              move.to,
              move.type === 'left_industry' ? 'Left the industry' : 'Outside tracked providers'
            )}
          </span>
        ),
      },
      {
        id: 'type',
        header: 'Move',
        accessor: (move) => moveLabel(move),
        cell: (move) => (
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
              DIRECTION_STYLES[move.direction]
            )}
          >
            {moveLabel(move)}
          </span>
        ),
      },
    ]
  }, [providerId, filters, dates.locale, format])

  return (
    <DataTable
      caption="Recent notable moves"
      data={moves}
      columns={columns}
      getRowId={(move) => String(move.id)}
      initialSorting={[{ id: 'date', desc: true }]}
      enableHiding={false}
      density="compact"
      verticalAlign="top"
      emptyMessage="No notable move recorded for this provider in this view."
    />
  )
}
