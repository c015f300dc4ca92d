import { Link } from '@inertiajs/react'
import {
  ProviderPage,
  type ProviderLists,
  type ProviderRecord,
} from '~/components/market_data/provider_page'
import { BenchmarksView, type ProductBenchmark } from '~/components/market_data/benchmarks_view'
import { cn } from '~/lib/cn'
import { BENCHMARK_TABS, type BenchmarkTab } from '@shared/benchmark_tabs'
import type { ExchangeRate } from '@shared/currency_conversion'

interface Props {
  provider: ProviderRecord
  providers: ProviderLists
  tab: BenchmarkTab
  productBenchmarks: ProductBenchmark[]
  mostFrequentCurrency: { id: number; code: string; name: string } | null
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: ExchangeRate[]
  canSeeRateCard: boolean
  documents: {
    id: number
    title: string
    documentDate: string | null
    fileName: string
    contractReference: string
  }[]
}

export default function Benchmarks(props: Props) {
  const { provider, providers, tab } = props
  return (
    <ProviderPage
      title={`${provider.name} benchmarks`}
      provider={provider}
      providers={providers}
      current="benchmarks"
      showRateCard={props.canSeeRateCard && provider.hasRateCard}
    >
      <BenchmarksView
        productBenchmarks={props.productBenchmarks}
        currencies={props.currencies}
        exchangeRates={props.exchangeRates}
        selectedCurrencyId={props.selectedCurrencyId ?? props.mostFrequentCurrency?.id ?? null}
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
      {props.documents.length > 0 ? (
        <section className="mt-8" aria-labelledby="documents-heading">
          <h2 id="documents-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Contract documents
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
            {props.documents.map((document) => (
              <li
                key={document.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div>
                  <a
                    href={`/market-data/documents/${document.id}`}
                    className="font-medium text-brand-700 hover:text-brand-900"
                  >
                    {document.title}
                  </a>
                  <p className="text-xs text-slate-500">
                    {document.contractReference}
                    {document.documentDate ? ` · ${document.documentDate}` : ''} ·{' '}
                    {document.fileName}
                  </p>
                </div>
                <span className="text-xs text-slate-500">PDF</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ProviderPage>
  )
}
