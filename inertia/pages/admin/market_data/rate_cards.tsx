import { Link, router } from '@inertiajs/react'
import { toast } from 'sonner'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { api, errorMessage } from '~/lib/api'
import { cn } from '~/lib/cn'

interface RateCard {
  id: number
  asOfDate: string
  active: boolean
  provider: string
  teamType: string
  currency: string
  entries: number
}

interface Props {
  rateCards: RateCard[]
}

async function toggle(id: number, active: boolean) {
  try {
    await api.post(`/api/admin/market-data/rate-cards/${id}/active`, { active })
    toast.success(active ? 'Rate card activated.' : 'Rate card deactivated.')
    router.reload({ only: ['rateCards'] })
  } catch (error) {
    toast.error(errorMessage(error, 'The rate card could not be changed.'))
  }
}

const COLUMNS: DataTableColumn<RateCard>[] = [
  {
    id: 'provider',
    header: 'Provider',
    accessor: (card) => card.provider,
    className: 'font-medium text-slate-900',
  },
  {
    id: 'teamType',
    header: 'Team type',
    accessor: (card) => card.teamType,
    className: 'text-slate-700',
  },
  {
    id: 'asOfDate',
    header: 'As of',
    accessor: (card) => card.asOfDate,
    className: 'text-slate-700',
  },
  {
    id: 'currency',
    header: 'Currency',
    accessor: (card) => card.currency,
    className: 'text-slate-700',
  },
  {
    id: 'entries',
    header: 'Entries',
    accessor: (card) => card.entries,
    align: 'right',
    className: 'font-mono',
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (card) => (card.active ? 'Active' : 'Inactive'),
    cell: (card) => (
      <span
        className={cn(
          'rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
          card.active
            ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
            : 'bg-slate-100 text-slate-600 ring-slate-200'
        )}
      >
        {card.active ? 'Active' : 'Inactive'}
      </span>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (card) => (
      <>
        <Link
          href={`/admin/market-data/rate-cards/${card.id}/edit`}
          className="mr-3 font-medium text-teal-800 hover:underline"
        >
          Edit
        </Link>
        <Button variant="ghost" onClick={() => void toggle(card.id, !card.active)}>
          {card.active ? 'Deactivate' : 'Activate'}
        </Button>
      </>
    ),
  },
]

export default function RateCards({ rateCards }: Props) {
  return (
    <AdminShell title="Rate cards">
      <PageHeading
        title="Rate cards"
        description="Per provider and team type, the price ranges clients see by assets under management. One card per provider and team type is active."
        actions={
          <Link
            href="/admin/market-data/rate-cards/create"
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            New rate card
          </Link>
        }
      />
      {rateCards.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">No rate card yet.</p>
        </Card>
      ) : (
        <DataTable
          data={rateCards}
          columns={COLUMNS}
          caption="Rate cards"
          getRowId={(card) => String(card.id)}
          enableSorting={false}
          enableHiding={false}
          keyboardNavigation={false}
        />
      )}
    </AdminShell>
  )
}
