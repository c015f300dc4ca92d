import { useState } from 'react'
import { Link } from '@inertiajs/react'
import type { ContractSummary } from '@shared/market_data_contracts'
import {
  ProviderPage,
  type ProviderLists,
  type ProviderRecord,
} from '~/components/market_data/provider_page'
import { Card } from '~/components/ui/card'
import { abbreviateAmount } from '@shared/money'
import { costChangeLabel } from '@shared/scenario_pricing'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { changeWithPercent, costChangeText, formatDateTime } from '~/lib/format'
import { useDates } from '~/hooks/use_dates'

interface SavedScenario {
  id: number
  name: string
  author: string
  updatedAt: string
  summary: {
    contractId: number | null
    periodStart: string | null
    annualOriginal: number
    annualScenario: number
    products: number
    invalid: number
    currencyId: number
    original: number
    scenario: number
    change: number
    changePercent: number | null
  }
}

interface Props {
  provider: ProviderRecord
  providers: ProviderLists
  canSeeRateCard: boolean
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number
  contracts: ContractSummary[]
  scenarios: SavedScenario[]
}

export default function Scenarios({
  provider,
  providers,
  canSeeRateCard,
  currencies,
  selectedCurrencyId,
  contracts,
  scenarios,
}: Props) {
  // Two scenarios ticked open side by side.
  const [picked, setPicked] = useState<number[]>([])
  const toggle = (id: number) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id].slice(-2)
    )
  const reference = (id: number | null) =>
    contracts.find((contract) => contract.id === id)?.reference ?? null
  const dates = useDates()
  // The totals are computed on the server in the display currency: reloaded when it changes.
  const [currencyId, setCurrencyId] = useDisplayCurrency(selectedCurrencyId, ['scenarios'])
  const code = (id: number) => currencies.find((currency) => currency.id === id)?.code
  return (
    <ProviderPage
      title={`${provider.name} scenarios`}
      provider={provider}
      providers={providers}
      current="scenario-analysis"
      showRateCard={canSeeRateCard && provider.hasRateCard}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">All scenarios</h2>
        <div className="flex flex-wrap items-center gap-3">
          {picked.length === 2 ? (
            <Link
              href={`/market-data/${provider.providerKey}/scenarios/compare?left=${picked[0]}&right=${picked[1]}`}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
            >
              Compare the two ticked
            </Link>
          ) : scenarios.length > 1 ? (
            <p className="text-sm text-slate-600">Tick two scenarios to compare them.</p>
          ) : null}
          <CurrencySelect currencies={currencies} value={currencyId} onChange={setCurrencyId} />
        </div>
      </div>
      {scenarios.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No scenario saved for {provider.name} yet.{' '}
            <Link
              href={`/market-data/${provider.providerKey}/scenario-analysis`}
              className="font-medium text-brand-700"
            >
              Build one
            </Link>
            .
          </p>
        </Card>
      ) : (
        <ul className="space-y-3" data-testid="saved-scenarios">
          {scenarios.map((scenario) => (
            <li key={scenario.id}>
              <Card padding="sm">
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <div className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      checked={picked.includes(scenario.id)}
                      onChange={() => toggle(scenario.id)}
                      aria-label={`Compare ${scenario.name}`}
                      className="mt-1 size-4 rounded border-slate-300"
                    />
                    <div>
                      <Link
                        href={`/market-data/${provider.providerKey}/scenario-analysis?scenario=${scenario.id}#scenario`}
                        className="font-semibold text-brand-700 hover:text-brand-900"
                      >
                        {scenario.name}
                      </Link>
                      <p className="text-xs text-slate-500">
                        {scenario.author} · {formatDateTime(scenario.updatedAt, dates.locale)} ·{' '}
                        {scenario.summary.products} products
                        {scenario.summary.invalid
                          ? `, ${scenario.summary.invalid} kept at their price`
                          : ''}
                        {reference(scenario.summary.contractId)
                          ? ` · contract ${reference(scenario.summary.contractId)}`
                          : ''}
                      </p>
                      <p className="flex gap-3 text-xs">
                        {(['xlsx', 'csv'] as const).map((format) => (
                          <a
                            key={format}
                            href={`/market-data/${provider.providerKey}/scenarios/${scenario.id}/export?format=${format}&currency=${currencyId}`}
                            className="font-medium text-brand-700 hover:text-brand-900"
                          >
                            Export {format.toUpperCase()}
                            <span className="sr-only"> of {scenario.name}</span>
                          </a>
                        ))}
                      </p>
                    </div>
                  </div>
                  <dl className="ml-auto text-right text-sm" data-testid="scenario-summary">
                    <dt className="sr-only">Benchmark total and scenario total</dt>
                    <dd>
                      {abbreviateAmount(
                        scenario.summary.original,
                        code(scenario.summary.currencyId)
                      )}{' '}
                      →{' '}
                      <span className="font-semibold">
                        {abbreviateAmount(
                          scenario.summary.scenario,
                          code(scenario.summary.currencyId)
                        )}
                      </span>
                    </dd>
                    <dt className="sr-only">Cost change</dt>
                    <dd className="text-xs text-slate-600">
                      {costChangeText(costChangeLabel(scenario.summary.change))}
                      {scenario.summary.change !== 0
                        ? ` ${changeWithPercent(scenario.summary.change, scenario.summary.original, code(scenario.summary.currencyId))}`
                        : ''}
                    </dd>
                    <dt className="sr-only">Per year</dt>
                    <dd className="text-xs text-slate-600">
                      Per year{' '}
                      {abbreviateAmount(
                        scenario.summary.annualOriginal,
                        code(scenario.summary.currencyId)
                      )}{' '}
                      →{' '}
                      {abbreviateAmount(
                        scenario.summary.annualScenario,
                        code(scenario.summary.currencyId)
                      )}
                    </dd>
                  </dl>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </ProviderPage>
  )
}
