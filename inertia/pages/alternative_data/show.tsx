import { Link } from '@inertiajs/react'
import { AppShell } from '~/layouts/app_shell'
import { ProvidersSidebar, type ProviderItem } from '~/components/market_data/providers_sidebar'
import { BenchmarksView, type ProductBenchmark } from '~/components/market_data/benchmarks_view'
import { cn } from '~/lib/cn'
import type { ExchangeRate } from '@shared/currency_conversion'

interface Contract {
  id: number
  reference: string
  start_date: string
  end_date: string
  license_type: string
}

interface Props {
  provider: { id: number; providerKey: string; name: string; description: string | null }
  providers: { active: ProviderItem[]; inactive: ProviderItem[] }
  contracts: Contract[]
  selectedContractId: number | null
  productBenchmarks: ProductBenchmark[]
  mostFrequentCurrency: { id: number; code: string; name: string } | null
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: ExchangeRate[]
}

export default function AlternativeDataProvider(props: Props) {
  const { provider, providers, contracts, selectedContractId } = props
  return (
    <AppShell title={`${provider.name} - Alternative Data`}>
      <div className="grid items-start gap-6 lg:grid-cols-[13rem_1fr] xl:grid-cols-[16rem_1fr]">
        <ProvidersSidebar
          providers={providers}
          currentKey={provider.providerKey}
          basePath="/alternative-data"
        />
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">Alternative Data</p>
          <h1 className="text-2xl font-semibold text-slate-900">{provider.name}</h1>
          {provider.description ? (
            <p className="mt-1 mb-6 text-sm text-slate-600">{provider.description}</p>
          ) : null}
          <BenchmarksView
            productBenchmarks={props.productBenchmarks}
            currencies={props.currencies}
            exchangeRates={props.exchangeRates}
            selectedCurrencyId={props.selectedCurrencyId ?? props.mostFrequentCurrency?.id ?? null}
            emptyText={
              contracts.length === 0
                ? `Your team has no contract with ${provider.name}.`
                : 'No product benchmarks on this contract.'
            }
            filters={
              <div role="tablist" aria-label="Contracts" className="flex flex-wrap gap-2">
                {contracts.map((contract) => (
                  <Link
                    key={contract.id}
                    role="tab"
                    aria-selected={contract.id === selectedContractId}
                    href={`/alternative-data/${provider.providerKey}?contract=${contract.id}`}
                    preserveScroll
                    className={cn(
                      'rounded-full px-4 py-1.5 text-sm font-medium',
                      contract.id === selectedContractId
                        ? 'bg-brand-600 text-white'
                        : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
                    )}
                  >
                    {contract.start_date.slice(0, 4)}–{contract.end_date.slice(0, 4)} ·{' '}
                    {contract.license_type}
                  </Link>
                ))}
              </div>
            }
          />
        </div>
      </div>
    </AppShell>
  )
}
