import { Link } from '@inertiajs/react'
import { secondaryLinkClass } from '~/components/ui/button'
import { useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { WizardSteps } from '~/components/admin/wizard_steps'
import { Card } from '~/components/ui/card'

interface Props {
  teams: { id: number; name: string; currency: string | null; contracts: number }[]
}

export default function MarketDataTeams({ teams }: Props) {
  const [search, setSearch] = useState('')
  const visible = teams.filter((team) => team.name.toLowerCase().includes(search.toLowerCase()))
  return (
    <AdminShell title="Market Data">
      <PageHeading
        title="Market Data"
        description="Client data contracts and their product benchmarks. Pick a team, a provider, then a contract."
        actions={
          <div className="flex gap-2">
            <Link href="/admin/market-data/catalogue" className={secondaryLinkClass}>
              Providers and license types
            </Link>
            <Link href="/admin/market-data/universe" className={secondaryLinkClass}>
              Universe upload
            </Link>
            <Link href="/admin/market-data/rate-cards" className={secondaryLinkClass}>
              Rate cards
            </Link>
            <Link href="/admin/market-data/audit" className={secondaryLinkClass}>
              Audit trail
            </Link>
          </div>
        }
      />
      <WizardSteps
        steps={[
          { title: 'Team' },
          { title: 'Provider' },
          { title: 'Contract' },
          { title: 'Benchmarks' },
        ]}
      />
      <Card>
        <label htmlFor="team-search" className="block text-sm font-medium text-slate-700">
          Find a team
        </label>
        <input
          id="team-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Team name"
          className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        {visible.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">No team matches “{search}”.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Teams">
            {visible.map((team) => (
              <li key={team.id}>
                <Link
                  href={`/admin/market-data/teams/${team.id}`}
                  className="flex items-center justify-between gap-4 px-2 py-3 hover:bg-slate-50"
                >
                  <span className="font-medium text-slate-900">{team.name}</span>
                  <span className="text-sm text-slate-500">
                    {team.currency ?? '—'} · {team.contracts} contract
                    {team.contracts === 1 ? '' : 's'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </AdminShell>
  )
}
