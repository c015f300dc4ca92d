import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { AppShell } from '~/layouts/app_shell'
import { ProvidersSidebar, type ProviderItem } from '~/components/market_data/providers_sidebar'
import { BenchmarksView, type ProductBenchmark } from '~/components/market_data/benchmarks_view'
import { Card } from '~/components/ui/card'
import { setAddressParams } from '~/lib/address'
import { api } from '~/lib/api'
import { cn } from '~/lib/cn'
import { defaultContract } from '@shared/contracts'
import type { ExchangeRate } from '@shared/currency_conversion'
import { tabListKeyDown } from '~/lib/tab_list_keys'

/** The spec's message when the provider's contracts cannot be loaded. */
const CONTRACTS_ERROR = 'Unable to fetch contracts. Please contact support.'

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
  requestedContractId: number | null
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: ExchangeRate[]
}

const todayIso = () => new Date().toISOString().slice(0, 10)

/**
 * An alternative data provider: its contracts with the team (loaded from the market data
 * API; the one in force today selected unless another was asked for) and the selected
 * contract's benchmarks (loaded per contract).
 */
export default function AlternativeDataProvider(props: Props) {
  const { provider, providers, requestedContractId } = props
  // Results are kept with what they were loaded for: a result for another provider or
  // contract means the current one is still loading.
  const [contractsResult, setContractsResult] = useState<{
    providerId: number
    list: Contract[]
  } | null>(null)
  const [chosenId, setChosenId] = useState<number | null>(null)
  const [benchmarksResult, setBenchmarksResult] = useState<{
    contractId: number
    rows: ProductBenchmark[] | null
    mostFrequentCurrencyId: number | null
  } | null>(null)

  const list = contractsResult?.providerId === provider.id ? contractsResult.list : null
  const fallbackId = list
    ? ((list.find((entry) => entry.id === requestedContractId) ?? defaultContract(list, todayIso()))
        ?.id ?? null)
    : null
  const selectedId =
    chosenId !== null && list?.some((entry) => entry.id === chosenId) ? chosenId : fallbackId
  const benchmarks = benchmarksResult?.contractId === selectedId ? benchmarksResult : null

  // A provider's contracts, once per provider. On failure: the spec's message, no contracts.
  useEffect(() => {
    let cancelled = false
    api
      .get<{ contracts: Contract[] }>(`/api/market-data/contracts/${provider.id}`, {
        params: { providerTypeKey: 'alternative_data' },
      })
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

  // The selected contract's benchmarks.
  useEffect(() => {
    if (selectedId === null) return
    let cancelled = false
    api
      .get<{
        productBenchmarks: ProductBenchmark[]
        mostFrequentCurrency: { id: number } | null
      }>(`/api/market-data/benchmarks/contract/${selectedId}`)
      .then((response) => {
        if (cancelled) return
        setBenchmarksResult({
          contractId: selectedId,
          rows: response.data.productBenchmarks,
          mostFrequentCurrencyId: response.data.mostFrequentCurrency?.id ?? null,
        })
      })
      .catch(() => {
        if (!cancelled) {
          setBenchmarksResult({ contractId: selectedId, rows: null, mostFrequentCurrencyId: null })
        }
      })
    return () => {
      cancelled = true
    }
  }, [selectedId])

  const select = (contractId: number) => {
    setChosenId(contractId)
    // The address names the contract, so that it can be shared and reloaded.
    setAddressParams({ contract: String(contractId) })
  }

  const contracts = list ?? []
  const rows = benchmarks?.rows ?? []

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
          {list === null ? (
            <Card>
              <p className="text-sm text-slate-600" role="status">
                Loading contracts…
              </p>
            </Card>
          ) : (
            <BenchmarksView
              productBenchmarks={selectedId === null ? [] : rows}
              currencies={props.currencies}
              exchangeRates={props.exchangeRates}
              selectedCurrencyId={
                props.selectedCurrencyId ?? benchmarks?.mostFrequentCurrencyId ?? null
              }
              // Only what was loaded can be exported: nothing while loading or after a failure.
              exportHref={
                selectedId === null || !benchmarks?.rows
                  ? undefined
                  : (format, currencyId) =>
                      `/alternative-data/${provider.providerKey}/export?contract=${selectedId}&format=${format}${currencyId ? `&currency=${currencyId}` : ''}`
              }
              emptyText={
                contracts.length === 0
                  ? `No contracts with ${provider.name} to show.`
                  : benchmarks === null
                    ? 'Loading benchmarks…'
                    : benchmarks.rows === null
                      ? 'The benchmarks of this contract could not be loaded. Try again, or contact support.'
                      : 'No product benchmarks on this contract.'
              }
              filters={
                <div
                  role="tablist"
                  onKeyDown={tabListKeyDown}
                  aria-label="Contracts"
                  className="flex flex-wrap gap-2"
                  data-testid="contracts"
                >
                  {contracts.map((contract) => (
                    <button
                      key={contract.id}
                      type="button"
                      role="tab"
                      aria-selected={contract.id === selectedId}
                      onClick={() => select(contract.id)}
                      className={cn(
                        'rounded-full px-4 py-1.5 text-left text-sm font-medium',
                        contract.id === selectedId
                          ? 'bg-brand-600 text-white'
                          : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
                      )}
                    >
                      <span className="block">{contract.reference}</span>
                      <span
                        className={cn(
                          'block text-xs font-normal',
                          contract.id === selectedId ? 'text-brand-50' : 'text-slate-600'
                        )}
                      >
                        {contract.license_type} · {contract.start_date.slice(0, 4)}–
                        {contract.end_date.slice(0, 4)}
                      </span>
                    </button>
                  ))}
                </div>
              }
            />
          )}
        </div>
      </div>
    </AppShell>
  )
}
