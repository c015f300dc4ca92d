import { Link, router } from '@inertiajs/react'
import { toast } from 'sonner'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { api, errorMessage } from '~/lib/api'
import { cn } from '~/lib/cn'

interface Props {
  rateCards: {
    id: number
    asOfDate: string
    active: boolean
    provider: string
    teamType: string
    currency: string
    entries: number
  }[]
}

export default function RateCards({ rateCards }: Props) {
  const toggle = async (id: number, active: boolean) => {
    try {
      await api.post(`/api/admin/market-data/rate-cards/${id}/active`, { active })
      toast.success(active ? 'Rate card activated.' : 'Rate card deactivated.')
      router.reload({ only: ['rateCards'] })
    } catch (error) {
      toast.error(errorMessage(error, 'The rate card could not be changed.'))
    }
  }
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
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Rate cards">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">Provider</th>
                <th className="px-4 py-3">Team type</th>
                <th className="px-4 py-3">As of</th>
                <th className="px-4 py-3">Currency</th>
                <th className="px-4 py-3 text-right">Entries</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rateCards.map((card) => (
                <tr key={card.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{card.provider}</td>
                  <td className="px-4 py-3 text-slate-700">{card.teamType}</td>
                  <td className="px-4 py-3 text-slate-700">{card.asOfDate}</td>
                  <td className="px-4 py-3 text-slate-700">{card.currency}</td>
                  <td className="px-4 py-3 text-right font-mono">{card.entries}</td>
                  <td className="px-4 py-3">
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
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">
                    <Link
                      href={`/admin/market-data/rate-cards/${card.id}/edit`}
                      className="mr-3 font-medium text-teal-800 hover:underline"
                    >
                      Edit
                    </Link>
                    <Button variant="ghost" onClick={() => void toggle(card.id, !card.active)}>
                      {card.active ? 'Deactivate' : 'Activate'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  )
}
