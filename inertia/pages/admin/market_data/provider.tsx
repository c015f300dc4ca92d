import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { WizardSteps } from '~/components/admin/wizard_steps'
import { BenchmarkEditor, type Catalogue } from '~/components/admin/benchmark_editor'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/cn'

interface Contract {
  id: number
  reference: string
  startDate: string
  endDate: string
  licenseType: string
  benchmarks: number
}

interface Props {
  team: { id: number; name: string }
  provider: { id: number; providerKey: string; name: string }
  contracts: Contract[]
  contract: Contract | null
  catalogue: Catalogue | null
}

export default function MarketDataProvider({
  team,
  provider,
  contracts,
  contract,
  catalogue,
}: Props) {
  const base = `/admin/market-data/teams/${team.id}/providers/${provider.providerKey}`
  return (
    <AdminShell title={`${team.name} - ${provider.name}`}>
      <PageHeading
        title={`${provider.name} for ${team.name}`}
        description={
          contract
            ? `Product benchmarks of contract ${contract.reference}. Changes are kept on this page until you save them.`
            : 'Pick the contract whose product benchmarks to edit.'
        }
        actions={
          <div className="flex gap-2">
            <Link
              href={`/admin/market-data/providers/${provider.providerKey}/classification`}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Classification
            </Link>
            <Link
              href={`/admin/market-data/providers/${provider.providerKey}/regressions`}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Regressions
            </Link>
          </div>
        }
      />
      <WizardSteps
        steps={[
          { title: 'Team', value: team.name, href: '/admin/market-data' },
          { title: 'Provider', value: provider.name, href: `/admin/market-data/teams/${team.id}` },
          { title: 'Contract', value: contract?.reference, href: base },
          { title: 'Benchmarks' },
        ]}
      />
      {contract && catalogue ? (
        <BenchmarkEditor key={contract.id} contract={contract} catalogue={catalogue} />
      ) : contracts.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            {team.name} has no contract with {provider.name}.
          </p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Contracts">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Contract
                </th>
                <th scope="col" className="px-4 py-3">
                  Term
                </th>
                <th scope="col" className="px-4 py-3">
                  License type
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Product benchmarks
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {contracts.map((entry) => (
                <tr key={entry.id} className={cn('hover:bg-slate-50')}>
                  <td className="px-4 py-3">
                    <Link
                      href={`${base}?contract=${entry.id}`}
                      className="font-medium text-teal-800 hover:underline"
                    >
                      {entry.reference}
                    </Link>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {entry.startDate} → {entry.endDate}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{entry.licenseType}</td>
                  <td className="px-4 py-3 text-right font-mono">{entry.benchmarks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  )
}
