import { useMemo, useState } from 'react'
import { Link, router, useForm } from '@inertiajs/react'
import type { ProviderItem } from '~/components/market_data/providers_sidebar'
import { ProviderPage } from '~/components/market_data/provider_page'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FieldError, FormError, fieldProps } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import { convert, type DatedExchangeRate } from '@shared/currency_conversion'
import { annualise, termLength, type ContractSummary } from '@shared/market_data_contracts'
import { ExchangeRateNote } from '~/components/market_data/exchange_rate_note'
import { useDates } from '~/hooks/use_dates'
import { abbreviateAmount } from '@shared/money'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { changeWithPercent, costChangeText } from '~/lib/format'
import { driverText } from '@shared/driver_text'
import {
  SCENARIO_ASSUMPTIONS,
  costChangeLabel,
  driverChanged,
  priceScenario,
  resetDrivers,
  scenarioDriversFor,
  scenarioTotal,
  type Regression,
  type ScenarioDriver,
} from '@shared/scenario_pricing'
import { useStepFocus } from '~/hooks/use_step_focus'

interface BenchmarkDriver {
  id: number
  name: string
  is_numeric: boolean
  whole_numbers?: boolean
  driver_options: { id: number; label: string; value: number }[]
  pivot: { value: number | null; driver_option_id: number | null; has_note: boolean }
}

interface ProductBenchmark {
  id: number
  contract_id: number
  division: string | null
  product: { id: number; name: string }
  start_date: string
  end_date: string
  benchmark_price: number | null
  currency_id: number | null
  contract: { license_type_id: number; license_type: string }
  drivers: BenchmarkDriver[]
  sub_product_benchmarks: unknown[]
}

interface Props {
  provider: { id: number; providerKey: string; name: string; hasRateCard: boolean }
  canSeeRateCard: boolean
  providers: { active: ProviderItem[]; inactive: ProviderItem[] }
  /** The contracts with benchmarks, the one priced and its periods. */
  contracts: ContractSummary[]
  contractId: number | null
  periods: { start: string; end: string }[]
  periodStart: string | null
  /** The rows of the contract period priced: each product once. */
  productBenchmarks: ProductBenchmark[]
  regressions: Record<string, Regression>
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: DatedExchangeRate[]
  savedScenario: {
    id: number
    name: string
    values: Record<string, { driverId: number; value: number | null; optionId: number | null }[]>
    contractId: number | null
  } | null
}

/** Products with sub products or without drivers keep their price: nothing to edit. */
function repriceable(row: ProductBenchmark) {
  return row.sub_product_benchmarks.length === 0 && row.drivers.length > 0
}

/**
 * The contract or period select that loaded the page: a keyboard user walks a select with the
 * arrows, each step loads the page, and the focus must come back to it to go on.
 */
let chosenWith: string | null = null

export default function ScenarioAnalysis(props: Props) {
  const { provider, providers, productBenchmarks, regressions, currencies, exchangeRates } = props
  const dates = useDates()
  const [currencyId, setCurrencyId] = useDisplayCurrency(props.selectedCurrencyId)
  const contract = props.contracts.find((entry) => entry.id === props.contractId) ?? null
  const period = props.periods.find((entry) => entry.start === props.periodStart) ?? null
  // Another contract or period is another set of rows: the page is loaded for it.
  const choose = (next: { contract?: number; period?: string }) => {
    chosenWith = next.period ? 'scenario-period' : 'scenario-contract'
    router.get(
      `/market-data/${provider.providerKey}/scenario-analysis`,
      next.period
        ? { contract: props.contractId!, period: next.period }
        : { contract: next.contract! },
      { preserveScroll: true }
    )
  }
  // Another contract, period or a saved scenario is another page: the focus goes back to the
  // select that chose it, else to the page's heading (Save went with the page it was on).
  useStepFocus(
    `scenario-analysis-${provider.providerKey}`,
    `${props.contractId}:${props.periodStart}:${props.savedScenario?.id ?? ''}`,
    () => {
      const select = chosenWith ? document.getElementById(chosenWith) : null
      chosenWith = null
      return select
    }
  )
  const currency = currencies.find((entry) => entry.id === currencyId)
  const [drivers, setDrivers] = useState<Record<number, ScenarioDriver[]>>(() =>
    Object.fromEntries(
      productBenchmarks.map((row) => [
        row.id,
        scenarioDriversFor(row.drivers, props.savedScenario?.values[String(row.id)]),
      ])
    )
  )

  const rows = useMemo(
    () =>
      productBenchmarks.map((row) => {
        const original = row.benchmark_price ?? 0
        const result = priceScenario(
          {
            benchmarkPrice: original,
            drivers: drivers[row.id],
            hasSubProducts: row.sub_product_benchmarks.length > 0,
          },
          regressions[`${row.product.id}:${row.contract.license_type_id}`] ?? null
        )
        const inCurrency = (amount: number) =>
          currencyId === null
            ? amount
            : (convert(amount, row.currency_id, currencyId, exchangeRates) ?? amount)
        return { row, original: inCurrency(original), scenario: inCurrency(result.price), result }
      }),
    [productBenchmarks, drivers, regressions, currencyId, exchangeRates]
  )

  const originalTotal = scenarioTotal(rows.map((entry) => entry.original))
  const total = scenarioTotal(rows.map((entry) => entry.scenario))
  const change = total - originalTotal
  const perYear = (amount: (entry: (typeof rows)[number]) => number) =>
    scenarioTotal(
      rows.map((entry) => annualise(amount(entry), entry.row.start_date, entry.row.end_date)!)
    )
  const annualOriginal = perYear((entry) => entry.original)
  const annualTotal = perYear((entry) => entry.scenario)

  const saveForm = useForm({ name: props.savedScenario?.name ?? '' })
  const save = () => {
    const values = Object.fromEntries(
      Object.entries(drivers).map(([id, list]) => [
        id,
        list.map((driver) => ({
          driverId: driver.driverId,
          value: driver.value === null || driver.value === '' ? null : Number(driver.value),
          optionId: driver.optionId,
        })),
      ])
    )
    saveForm.transform((data) => ({ ...data, values }))
    saveForm.post(
      props.savedScenario
        ? `/market-data/${provider.providerKey}/scenarios/${props.savedScenario.id}`
        : `/market-data/${provider.providerKey}/scenarios`
    )
  }

  const updateDriver = (rowId: number, driverId: number, patch: Partial<ScenarioDriver>) =>
    setDrivers((current) => ({
      ...current,
      [rowId]: current[rowId].map((driver) =>
        driver.driverId === driverId ? { ...driver, ...patch } : driver
      ),
    }))

  return (
    <ProviderPage
      title={`${provider.name} scenario analysis`}
      provider={provider}
      providers={providers}
      current="scenario-analysis"
      showRateCard={props.canSeeRateCard && provider.hasRateCard}
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="block text-slate-600">Contract</span>
            <select
              id="scenario-contract"
              value={props.contractId ?? ''}
              onChange={(event) => choose({ contract: Number(event.target.value) })}
              disabled={props.contracts.length === 0}
              className="mt-1 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {props.contracts.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.reference} · {entry.license_type} ·{' '}
                  {dates.range(entry.start_date, entry.end_date)}
                </option>
              ))}
            </select>
          </label>
          {props.periods.length > 1 ? (
            <label className="text-sm">
              <span className="block text-slate-600">Period</span>
              <select
                id="scenario-period"
                value={props.periodStart ?? ''}
                onChange={(event) => choose({ period: event.target.value })}
                className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                {props.periods.map((entry) => (
                  <option key={entry.start} value={entry.start}>
                    {dates.range(entry.start, entry.end)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <div className="ml-auto flex flex-col items-end gap-1">
          <CurrencySelect currencies={currencies} value={currencyId} onChange={setCurrencyId} />
          <ExchangeRateNote
            currencies={currencies}
            rates={exchangeRates}
            displayId={currencyId}
            fromIds={productBenchmarks.map((row) => row.currency_id)}
          />
        </div>
      </div>
      {contract ? (
        <p className="mb-4 text-sm text-slate-600" data-testid="scenario-basis">
          Priced on contract{' '}
          <span className="font-medium text-slate-900">{contract.reference}</span> (
          {contract.license_type}, {termLength(contract.start_date, contract.end_date)})
          {period ? `, the ${rows.length} products in force from ${dates.date(period.start)}` : ''}.
          Each product counts once; other contracts are priced on their own.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="mb-6 grid gap-4 md:grid-cols-3">
          <Card padding="sm" className="min-w-0">
            <p className="text-sm text-slate-500">Current benchmark total</p>
            <p className="mt-1 text-xl font-semibold break-words">
              {abbreviateAmount(originalTotal, currency?.code)}
            </p>
            <p className="text-xs text-slate-600">
              {abbreviateAmount(annualOriginal, currency?.code)} per year
            </p>
          </Card>
          <Card padding="sm" className="min-w-0">
            <p className="text-sm text-slate-500">Scenario total</p>
            <p className="mt-1 text-xl font-semibold break-words" data-testid="scenario-total">
              {abbreviateAmount(total, currency?.code)}
            </p>
            <p className="text-xs text-slate-600" data-testid="scenario-annual">
              {abbreviateAmount(annualTotal, currency?.code)} per year
            </p>
          </Card>
          <Card padding="sm" className="min-w-0">
            <p className="text-sm text-slate-500">
              Cost change:{' '}
              <span data-testid="scenario-change-label">
                {costChangeText(costChangeLabel(change))}
              </span>
            </p>
            <p
              className={cn(
                'mt-1 text-xl font-semibold break-words',
                change > 0 ? 'text-red-700' : change < 0 ? 'text-emerald-700' : ''
              )}
              data-testid="scenario-change"
            >
              {changeWithPercent(change, originalTotal, currency?.code)}
            </p>
            <p className="text-xs text-slate-600">
              {changeWithPercent(annualTotal - annualOriginal, annualOriginal, currency?.code)} per
              year
            </p>
          </Card>
        </div>
      ) : null}

      {rows.length > 0 ? (
        <>
          <form
            className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            onSubmit={(event) => {
              event.preventDefault()
              save()
            }}
          >
            <label className="text-sm">
              <span className="block font-medium text-slate-700">Scenario name</span>
              <input
                {...fieldProps('scenario-name', saveForm.errors.name)}
                name="name"
                value={saveForm.data.name}
                onChange={(event) => saveForm.setData('name', event.target.value)}
                maxLength={160}
                required
                className="mt-1 w-72 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
              />
            </label>
            <Button type="submit" disabled={saveForm.processing}>
              {props.savedScenario ? 'Save changes' : 'Save scenario'}
            </Button>
            <Link
              href={`/market-data/${provider.providerKey}/scenarios`}
              className="text-sm font-medium text-brand-700 hover:text-brand-900"
            >
              All scenarios
            </Link>
            {props.savedScenario ? (
              <span className="flex gap-3 text-sm">
                {(['xlsx', 'csv'] as const).map((format) => (
                  <a
                    key={format}
                    href={`/market-data/${provider.providerKey}/scenarios/${props.savedScenario!.id}/export?format=${format}${currencyId ? `&currency=${currencyId}` : ''}`}
                    className="font-medium text-brand-700 hover:text-brand-900"
                  >
                    Export {format.toUpperCase()}
                  </a>
                ))}
              </span>
            ) : null}
            <FieldError id="scenario-name" className="w-full" message={saveForm.errors.name} />
            <FormError
              className="w-full"
              message={(saveForm.errors as Record<string, string | undefined>).values}
            />
          </form>

          <div className="mb-3 flex items-center justify-between">
            <p className="text-xs text-slate-500">{SCENARIO_ASSUMPTIONS.join(' ')}</p>
            <Button
              variant="secondary"
              onClick={() =>
                setDrivers((current) =>
                  Object.fromEntries(
                    Object.entries(current).map(([id, list]) => [id, resetDrivers(list)])
                  )
                )
              }
            >
              Reset
            </Button>
          </div>
        </>
      ) : null}

      {rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No benchmarks for {provider.name} to build a scenario on.
          </p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table
            className="min-w-full divide-y divide-slate-200 text-sm"
            data-testid="scenario-table"
          >
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Product
                </th>
                <th scope="col" className="px-3 py-3">
                  Drivers
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Benchmark
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Scenario
                </th>
                <th scope="col" className="px-3 py-3">
                  Change
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map(({ row, original, scenario, result }) => (
                <tr key={row.id} className="align-top" data-testid="scenario-row">
                  <td className="px-3 py-3">
                    <div className="font-medium text-slate-900">{row.product.name}</div>
                    <div className="text-xs text-slate-500">{row.contract.license_type}</div>
                    <div className="text-xs whitespace-nowrap text-slate-500">
                      {dates.range(row.start_date, row.end_date)}
                    </div>
                  </td>
                  <td className="px-3 py-3">
                    {repriceable(row) ? (
                      <div className="flex flex-wrap gap-3">
                        {drivers[row.id].map((driver) => {
                          const changed = driverChanged(driver)
                          return (
                            <label
                              key={driver.driverId}
                              className={cn(
                                'rounded-md text-xs text-slate-600',
                                changed && 'bg-amber-50 px-1.5 py-1 ring-1 ring-amber-300'
                              )}
                              data-changed={changed || undefined}
                            >
                              <span className="block">
                                {driver.name}
                                {changed ? (
                                  <span className="font-medium text-amber-800"> · changed</span>
                                ) : null}
                              </span>
                              {driver.isNumeric ? (
                                <input
                                  type="number"
                                  step={driver.wholeNumbers ? 1 : 'any'}
                                  inputMode={driver.wholeNumbers ? 'numeric' : 'decimal'}
                                  aria-label={`${driver.name} for ${row.product.name}`}
                                  value={driver.value ?? ''}
                                  onChange={(event) =>
                                    updateDriver(row.id, driver.driverId, {
                                      value:
                                        event.target.value === ''
                                          ? null
                                          : Number(event.target.value),
                                    })
                                  }
                                  className="mt-1 w-24 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                                />
                              ) : (
                                <select
                                  aria-label={`${driver.name} for ${row.product.name}`}
                                  value={driver.optionId ?? ''}
                                  onChange={(event) =>
                                    updateDriver(row.id, driver.driverId, {
                                      optionId: Number(event.target.value),
                                    })
                                  }
                                  className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                                >
                                  {row.drivers
                                    .find((entry) => entry.id === driver.driverId)
                                    ?.driver_options.map((option) => (
                                      <option key={option.id} value={option.id}>
                                        {option.label}
                                      </option>
                                    ))}
                                </select>
                              )}
                            </label>
                          )
                        })}
                      </div>
                    ) : (
                      <p className="text-xs text-slate-600">
                        {row.drivers.length
                          ? row.drivers.map((driver) => driverText(driver)).join(' · ')
                          : 'No drivers'}
                      </p>
                    )}
                    {result.status !== 'priced' && result.reason ? (
                      <p
                        className={cn(
                          'mt-2 text-xs',
                          result.status === 'invalid' ? 'text-red-700' : 'text-slate-500'
                        )}
                      >
                        {result.status === 'invalid' ? 'Original price kept: ' : ''}
                        {result.reason}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-3 py-3 text-right font-mono">{abbreviateAmount(original)}</td>
                  <td className="px-3 py-3 text-right font-mono" data-testid="scenario-price">
                    {abbreviateAmount(scenario)}
                  </td>
                  <td className="px-3 py-3 text-sm" data-testid="scenario-label">
                    <span className="block">
                      {costChangeText(costChangeLabel(scenario - original))}
                    </span>
                    {scenario !== original ? (
                      <span className="block text-xs whitespace-nowrap text-slate-600">
                        {changeWithPercent(scenario - original, original)}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ProviderPage>
  )
}
