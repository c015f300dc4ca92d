import { useEffect, useState } from 'react'
import { Deferred, Link } from '@inertiajs/react'
import { toast } from 'sonner'
import {
  ProviderPage,
  type ProviderLists,
  type ProviderRecord,
} from '~/components/market_data/provider_page'
import {
  ContractBenchmarks,
  type ContractBenchmark,
} from '~/components/market_data/contract_benchmarks'
import { Card } from '~/components/ui/card'
import { useDates } from '~/hooks/use_dates'
import { setAddressParams } from '~/lib/address'
import { api } from '~/lib/api'
import { cn } from '~/lib/cn'
import { BENCHMARK_TABS, isInTab, tabWindow, type BenchmarkTab } from '@shared/benchmark_tabs'
import type { DatedExchangeRate } from '@shared/currency_conversion'
import type { ContractSummary } from '@shared/market_data_contracts'
import { tabListKeyDown } from '~/lib/tab_list_keys'

/** The spec's message when the provider's contracts cannot be loaded. */
const CONTRACTS_ERROR = 'Unable to fetch contracts. Please contact support.'
const BENCHMARKS_ERROR =
  'The benchmarks could not be loaded. Reload the page to try again, or contact support.'

interface Props {
  provider: ProviderRecord
  providers: ProviderLists
  tab: BenchmarkTab
  requestedContractId: number | null
  today: string
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: DatedExchangeRate[]
  canSeeRateCard: boolean
  /** Sent after the first render. */
  documents?: {
    id: number
    title: string
    documentDate: string | null
    fileName: string
    contractReference: string
  }[]
}

type BenchmarksResponse = {
  productBenchmarks: ContractBenchmark[]
  mostFrequentCurrency: { id: number } | null
}

/**
 * A market data provider's benchmarks, contract by contract. The contracts and benchmarks load
 * through the market data API: Active & Upcoming over every contract in one call (started with
 * the contracts call), other tabs and a chosen contract contract by contract.
 */
export default function Benchmarks(props: Props) {
  const { provider, providers, tab, today } = props
  const dates = useDates()
  // Results are kept with what they were loaded for: one for another provider, tab or contract
  // means the current one is still loading.
  const [contractsResult, setContractsResult] = useState<{
    providerId: number
    list: ContractSummary[]
  } | null>(null)
  const [chosen, setChosen] = useState<{ providerId: number; contractId: number | null } | null>(
    null
  )
  const [benchmarksResult, setBenchmarksResult] = useState<{
    key: string
    rows: ContractBenchmark[] | null
    mostFrequentCurrencyId: number | null
  } | null>(null)

  const list = contractsResult?.providerId === provider.id ? contractsResult.list : null
  const contractId =
    chosen?.providerId === provider.id
      ? chosen.contractId
      : list?.some((entry) => entry.id === props.requestedContractId)
        ? props.requestedContractId
        : null
  // Active & Upcoming over every contract needs no contract list; anything else does.
  const allAtOnce = tab === 'active-upcoming' && contractId === null
  const key = `${provider.id}|${tab}|${contractId ?? 'all'}`
  const benchmarks = benchmarksResult?.key === key ? benchmarksResult : null

  // The provider's contracts, once per provider. On failure: the spec's message, no contracts.
  useEffect(() => {
    let cancelled = false
    api
      .get<{ contracts: ContractSummary[] }>(`/api/market-data/contracts/${provider.id}`)
      .then((response) => {
        if (!cancelled)
          setContractsResult({ providerId: provider.id, list: response.data.contracts })
      })
      .catch(() => {
        if (cancelled) return
        toast.error(CONTRACTS_ERROR)
        setContractsResult({ providerId: provider.id, list: [] })
      })
    return () => {
      cancelled = true
    }
  }, [provider.id])

  // The benchmarks of the tab (and contract). A failure is the page's error state.
  const needed = allAtOnce
    ? null
    : list === null
      ? undefined
      : (contractId === null ? list : list.filter((entry) => entry.id === contractId)).filter(
          (contract) => overlapsTab(contract, tab, today)
        )
  const neededKey = needed === undefined ? 'waiting' : (needed?.map((c) => c.id).join(',') ?? '')
  useEffect(() => {
    if (needed === undefined) return
    let cancelled = false
    const calls = needed
      ? needed.map((contract) =>
          api.get<BenchmarksResponse>(`/api/market-data/benchmarks/contract/${contract.id}`)
        )
      : [api.get<BenchmarksResponse>(`/api/market-data/benchmarks/active-upcoming/${provider.id}`)]
    Promise.all(calls)
      .then((responses) => {
        if (cancelled) return
        const rows = responses
          .flatMap((response) => response.data.productBenchmarks)
          .filter((row) =>
            isInTab(tab, { startDate: row.start_date, endDate: row.end_date }, today)
          )
        setBenchmarksResult({
          key,
          rows,
          mostFrequentCurrencyId: responses[0]?.data.mostFrequentCurrency?.id ?? null,
        })
      })
      .catch(() => {
        if (!cancelled) setBenchmarksResult({ key, rows: null, mostFrequentCurrencyId: null })
      })
    return () => {
      cancelled = true
    }
    // The contracts needed are named by neededKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, neededKey])

  const selectContract = (next: number | null) => {
    setChosen({ providerId: provider.id, contractId: next })
    // The address names the contract, so that it can be shared and reloaded.
    setAddressParams({ contract: next === null ? null : String(next) })
  }

  const contracts = list ?? []
  const failed = benchmarks !== null && benchmarks.rows === null
  const loading = list === null || benchmarks === null

  return (
    <ProviderPage
      title={`${provider.name} benchmarks`}
      provider={provider}
      providers={providers}
      current="benchmarks"
      showRateCard={props.canSeeRateCard && provider.hasRateCard}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          onKeyDown={tabListKeyDown}
          aria-label="Benchmark filter"
          className="flex flex-wrap gap-2"
        >
          {BENCHMARK_TABS.map((entry) => (
            <Link
              key={entry.key}
              role="tab"
              aria-selected={entry.key === tab}
              href={`/market-data/${provider.providerKey}?tab=${entry.key}${contractId ? `&contract=${contractId}` : ''}`}
              preserveScroll
              prefetch
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
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Contract
          <select
            value={contractId ?? ''}
            onChange={(event) =>
              selectContract(event.target.value === '' ? null : Number(event.target.value))
            }
            disabled={contracts.length === 0}
            data-testid="contract-filter"
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
          >
            <option value="">All contracts ({contracts.length})</option>
            {contracts.map((contract) => (
              <option key={contract.id} value={contract.id}>
                {contract.reference} · {contract.license_type} ·{' '}
                {dates.range(contract.start_date, contract.end_date)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list !== null && contracts.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">No contracts with {provider.name} to show.</p>
        </Card>
      ) : failed ? (
        <Card>
          <p className="text-sm text-red-700" role="alert" data-testid="benchmarks-error">
            {BENCHMARKS_ERROR}
          </p>
        </Card>
      ) : loading ? (
        <Card>
          <p className="text-sm text-slate-600" role="status">
            Loading benchmarks…
          </p>
        </Card>
      ) : (
        <ContractBenchmarks
          rows={benchmarks?.rows ?? []}
          contracts={contracts}
          currencies={props.currencies}
          exchangeRates={props.exchangeRates}
          selectedCurrencyId={
            props.selectedCurrencyId ?? benchmarks?.mostFrequentCurrencyId ?? null
          }
          today={today}
          emptyText={`No product benchmarks for ${provider.name} in this period.`}
          toolbar={(currencyId) => {
            const href = (format: 'xlsx' | 'csv') =>
              `/market-data/${provider.providerKey}/export?format=${format}&tab=${tab}${contractId ? `&contract=${contractId}` : ''}${currencyId ? `&currency=${currencyId}` : ''}`
            return (
              <>
                <a
                  href={href('xlsx')}
                  className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Export XLSX
                </a>
                <a
                  href={href('csv')}
                  className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Export CSV
                </a>
              </>
            )
          }}
        />
      )}

      <Deferred
        data="documents"
        fallback={<span className="sr-only">Loading contract documents…</span>}
      >
        <Documents documents={props.documents ?? []} />
      </Deferred>
    </ProviderPage>
  )
}

/** Whether a contract's term can hold rows of the tab (its rows lie within its term). */
function overlapsTab(contract: ContractSummary, tab: BenchmarkTab, today: string) {
  const window = tabWindow(tab, today)
  if (contract.end_date < window.endOnOrAfter) return false
  if (window.startOnOrBefore !== null && contract.start_date > window.startOnOrBefore) return false
  return true
}

function Documents({ documents }: { documents: NonNullable<Props['documents']> }) {
  const dates = useDates()
  if (documents.length === 0) return null
  return (
    <section className="mt-8" aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Contract documents
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
        {documents.map((document) => (
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
                {document.documentDate ? ` · ${dates.date(document.documentDate)}` : ''} ·{' '}
                {document.fileName}
              </p>
            </div>
            <span className="text-xs text-slate-500">PDF</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
