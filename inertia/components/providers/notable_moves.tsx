import { useMemo } from 'react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { providerDate, type ProviderFormat } from '~/components/providers/format'
import { Missing } from '~/components/providers/providers_ui'
import { cn } from '~/lib/cn'
import type { NotableMove } from '@shared/providers'

const DIRECTION_STYLES = {
  joined: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  left: 'bg-red-50 text-red-800 ring-red-600/20',
  internal: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const

/** The provider's recent notable moves: who, how senior, what they cover, from where to where. */
export function NotableMoves({
  moves,
  providerId,
  locale,
  format,
}: {
  moves: NotableMove[]
  providerId: number
  locale: string
  format: ProviderFormat
}) {
  const columns = useMemo<DataTableColumn<NotableMove>[]>(() => {
    const firm = (side: NotableMove['from'], outside: string) =>
      side === null ? (
        <span className="text-slate-500">{outside}</span>
      ) : side.id === providerId ? (
        <span className="font-medium text-slate-900">{side.name}</span>
      ) : (
        <span>{side.name}</span>
      )
    return [
      {
        id: 'date',
        header: 'Date',
        accessor: (move) => move.date,
        cell: (move) => (
          <span className="whitespace-nowrap">{providerDate(move.date, locale)}</span>
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
            {firm(move.from, 'Outside the industry')}
            <span aria-hidden="true" className="text-slate-400">
              →
            </span>
            <span className="sr-only">to</span>
            {firm(move.to, move.type === 'left_industry' ? 'Left the industry' : 'Untracked')}
          </span>
        ),
      },
      {
        id: 'type',
        header: 'Move',
        accessor: (move) => move.typeLabel,
        cell: (move) => (
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
              DIRECTION_STYLES[move.direction]
            )}
          >
            {move.direction === 'joined'
              ? 'Joined'
              : move.direction === 'left'
                ? 'Left'
                : 'Internal'}
            <span className="sr-only">: </span>
            <span className="ml-1 font-normal">{move.typeLabel}</span>
          </span>
        ),
      },
    ]
  }, [providerId, locale, format])

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
