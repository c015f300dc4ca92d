import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { WizardSteps } from '~/components/admin/wizard_steps'
import { Card } from '~/components/ui/card'

interface Props {
  wizardTeam: { id: number; name: string }
  providers: { id: number; providerKey: string; name: string; type: string; contracts: number }[]
}

const TYPE_LABELS: Record<string, string> = {
  market_data: 'Market data',
  alternative_data: 'Alternative data',
}

export default function MarketDataProviders({ wizardTeam: team, providers }: Props) {
  return (
    <AdminShell title={`${team.name} - Market Data`}>
      <PageHeading title={team.name} description="Pick the provider whose contracts to edit." />
      <WizardSteps
        steps={[
          { title: 'Team', value: team.name, href: '/admin/market-data' },
          { title: 'Provider' },
          { title: 'Contract' },
          { title: 'Benchmarks' },
        ]}
      />
      <Card>
        <ul className="divide-y divide-slate-100" aria-label="Providers">
          {providers.map((provider) => (
            <li key={provider.id}>
              <Link
                href={`/admin/market-data/teams/${team.id}/providers/${provider.providerKey}`}
                className="flex items-center justify-between gap-4 px-2 py-3 hover:bg-slate-50"
              >
                <span>
                  <span className="font-medium text-slate-900">{provider.name}</span>{' '}
                  <span className="text-xs text-slate-500">{TYPE_LABELS[provider.type]}</span>
                </span>
                <span className="text-sm text-slate-500">
                  {provider.contracts > 0
                    ? `${provider.contracts} contract${provider.contracts === 1 ? '' : 's'}`
                    : 'No contract'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </AdminShell>
  )
}
