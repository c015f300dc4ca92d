import { Link } from '@inertiajs/react'
import { AppShell } from '~/layouts/app_shell'
import { ProvidersSidebar, type ProviderItem } from '~/components/market_data/providers_sidebar'
import { ProviderTabs } from '~/components/market_data/provider_tabs'
import { BenchmarksView, type ProductBenchmark } from '~/components/market_data/benchmarks_view'
import { cn } from '~/lib/cn'
import { BENCHMARK_TABS, type BenchmarkTab } from '@shared/benchmark_tabs'
import type { ExchangeRate } from '@shared/currency_conversion'

interface Props {
  provider: {
    id: number
    providerKey: string
    name: string
    description: string | null
    hasRateCard: boolean
  }
  providers: { active: ProviderItem[]; inactive: ProviderItem[] }
  tab: BenchmarkTab
  productBenchmarks: ProductBenchmark[]
  mostFrequentCurrency: { id: number; code: string; name: string } | null
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: ExchangeRate[]
  canSeeRateCard: boolean
}

export default function Benchmarks(props: Props) {
  const { provider, providers, tab } = props
  return (
    <AppShell title={`${provider.name} benchmarks`}>
      <div className="grid items-start gap-6 lg:grid-cols-[16rem_1fr]">
        <ProvidersSidebar providers={providers} currentKey={provider.providerKey} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">Market Data</p>
          <h1 className="text-2xl font-semibold text-slate-900">{provider.name}</h1>
          {provider.description ? (
            <p className="mt-1 mb-4 text-sm text-slate-600">{provider.description}</p>
          ) : null}
          <ProviderTabs
            providerKey={provider.providerKey}
            current="benchmarks"
            showRateCard={props.canSeeRateCard && provider.hasRateCard}
          />
          <BenchmarksView
            productBenchmarks={props.productBenchmarks}
            currencies={props.currencies}
            exchangeRates={props.exchangeRates}
            initialCurrencyId={props.selectedCurrencyId ?? props.mostFrequentCurrency?.id ?? null}
            exportHref={(format, currencyId) =>
              `/market-data/${provider.providerKey}/export?format=${format}&tab=${tab}${currencyId ? `&currency=${currencyId}` : ''}`
            }
            emptyText={`No product benchmarks for ${provider.name} in this period.`}
            filters={
              <div role="tablist" aria-label="Benchmark filter" className="flex flex-wrap gap-2">
                {BENCHMARK_TABS.map((entry) => (
                  <Link
                    key={entry.key}
                    role="tab"
                    aria-selected={entry.key === tab}
                    href={`/market-data/${provider.providerKey}?tab=${entry.key}`}
                    preserveScroll
                    className={cn(
                      'rounded-full px-4 py-1.5 text-sm font-medium',
                      entry.key === tab
                        ? 'bg-brand-600 text-white'
                        : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
                    )}
                  >
                    {entry.title}
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
