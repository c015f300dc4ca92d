import { Link, router } from '@inertiajs/react'
import {
  ProviderPage,
  type ProviderLists,
  type ProviderRecord,
} from '~/components/market_data/provider_page'
import { Card } from '~/components/ui/card'
import { useDates } from '~/hooks/use_dates'
import { cn } from '~/lib/cn'
import { changeWithPercent, costChangeText } from '~/lib/format'
import { abbreviateAmount } from '@shared/money'
import { costChangeLabel } from '@shared/scenario_pricing'
import type { ContractSummary } from '@shared/market_data_contracts'

interface DetailRow {
  id: number
  productId: number
  product: string
  division: string | null
  startDate: string
  endDate: string
  drivers: { name: string; original: string; scenario: string; changed: boolean }[]
  status: 'priced' | 'unchanged' | 'invalid'
  reason: string | null
  original: number
  scenario: number
  change: number
}

interface Detail {
  id: number
  name: string
  contract: ContractSummary | null
  periodStart: string | null
  currencyId: number
  rows: DetailRow[]
  totals: {
    original: number
    scenario: number
    change: number
    annualOriginal: number
    annualScenario: number
    annualChange: number
  }
}

interface Props {
  provider: ProviderRecord
  providers: ProviderLists
  canSeeRateCard: boolean
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number
  choices: { id: number; name: string }[]
  scenarios: [Detail, Detail]
}

/**
 * Two saved scenarios side by side, product by product (a product and division of either
 * scenario's contract period), with each one's totals over its period and per year.
 */
export default function ScenarioComparison(props: Props) {
  const { provider, scenarios } = props
  const [left, right] = scenarios
  const dates = useDates()
  const code = props.currencies.find((entry) => entry.id === props.selectedCurrencyId)?.code
  const sameBasis =
    left.contract?.id === right.contract?.id && left.periodStart === right.periodStart
  const keyOf = (row: DetailRow) => `${row.productId}|${row.division ?? ''}`
  const keys = [...new Set([...left.rows.map(keyOf), ...right.rows.map(keyOf)])]
  const lines = keys.map((key) => ({
    key,
    left: left.rows.find((row) => keyOf(row) === key) ?? null,
    right: right.rows.find((row) => keyOf(row) === key) ?? null,
  }))
  const pick = (side: 'left' | 'right', id: number) =>
    router.get(`/market-data/${provider.providerKey}/scenarios/compare`, {
      left: side === 'left' ? id : left.id,
      right: side === 'right' ? id : right.id,
    })

  const basis = (detail: Detail) =>
    detail.contract
      ? `${detail.contract.reference} (${detail.contract.license_type})${detail.periodStart ? `, from ${dates.date(detail.periodStart)}` : ''}`
      : 'No benchmarks left to price'

  return (
    <ProviderPage
      title={`${provider.name} scenarios compared`}
      provider={provider}
      providers={props.providers}
      current="scenario-analysis"
      showRateCard={props.canSeeRateCard && provider.hasRateCard}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Scenarios side by side</h2>
        <Link
          href={`/market-data/${provider.providerKey}/scenarios`}
          className="text-sm font-medium text-brand-700 hover:text-brand-900"
        >
          All scenarios
        </Link>
      </div>
      <div className="mb-6 grid gap-4 md:grid-cols-2">
        {scenarios.map((detail, index) => {
          const side = index === 0 ? 'left' : 'right'
          return (
            <Card key={side} padding="sm" className="min-w-0" data-testid={`compare-${side}`}>
              <label className="text-sm">
                <span className="block text-slate-600">
                  {index === 0 ? 'First scenario' : 'Second scenario'}
                </span>
                <select
                  value={detail.id}
                  onChange={(event) => pick(side, Number(event.target.value))}
                  className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                >
                  {props.choices.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.name}
                    </option>
                  ))}
                </select>
              </label>
              <p className="mt-2 text-xs text-slate-600">Contract {basis(detail)}</p>
              <p className="mt-2 text-xl font-semibold break-words">
                {abbreviateAmount(detail.totals.original, code)} →{' '}
                {abbreviateAmount(detail.totals.scenario, code)}
              </p>
              <p
                className={cn(
                  'text-sm',
                  detail.totals.change > 0
                    ? 'text-red-700'
                    : detail.totals.change < 0
                      ? 'text-emerald-700'
                      : 'text-slate-600'
                )}
                data-testid="compare-change"
              >
                {costChangeText(costChangeLabel(detail.totals.change))}{' '}
                {detail.totals.change !== 0
                  ? changeWithPercent(detail.totals.change, detail.totals.original, code)
                  : ''}
              </p>
              <p className="text-xs text-slate-600">
                Per year {abbreviateAmount(detail.totals.annualOriginal, code)} →{' '}
                {abbreviateAmount(detail.totals.annualScenario, code)}
              </p>
            </Card>
          )
        })}
      </div>
      {!sameBasis ? (
        <p className="mb-3 text-sm text-amber-800" role="note">
          These scenarios price different contract periods: compare their totals per year.
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="compare-table">
          <caption className="sr-only">
            {left.name} and {right.name}, product by product
          </caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3">
                Product
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Benchmark
              </th>
              <th scope="col" className="px-3 py-3">
                {left.name}
              </th>
              <th scope="col" className="px-3 py-3">
                {right.name}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => {
              const any = (line.left ?? line.right)!
              return (
                <tr key={line.key} className="align-top">
                  <td className="px-3 py-3">
                    <div className="font-medium text-slate-900">{any.product}</div>
                    {any.division ? (
                      <div className="text-xs text-slate-600">{any.division}</div>
                    ) : null}
                  </td>
                  <td className="px-3 py-3 text-right font-mono whitespace-nowrap">
                    {line.left ? abbreviateAmount(line.left.original) : '—'}
                    {!sameBasis && line.right ? (
                      <div className="text-xs text-slate-600">
                        {abbreviateAmount(line.right.original)}
                      </div>
                    ) : null}
                  </td>
                  <SideCell row={line.left} />
                  <SideCell row={line.right} />
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </ProviderPage>
  )
}

function SideCell({ row }: { row: DetailRow | null }) {
  if (!row) return <td className="px-3 py-3 text-xs text-slate-600">Not in this period</td>
  const changed = row.drivers.filter((driver) => driver.changed)
  return (
    <td className="px-3 py-3">
      <div className="font-mono whitespace-nowrap">
        {abbreviateAmount(row.scenario)}
        {row.change !== 0 ? (
          <span
            className={cn('ml-2 text-xs', row.change > 0 ? 'text-red-700' : 'text-emerald-700')}
          >
            {changeWithPercent(row.change, row.original)}
          </span>
        ) : null}
      </div>
      <ul className="text-xs text-slate-600">
        {changed.map((driver) => (
          <li key={driver.name}>
            {driver.name}: {driver.original} → {driver.scenario}
          </li>
        ))}
        {row.status === 'invalid' ? (
          <li className="text-red-700">Original price kept: {row.reason}</li>
        ) : null}
      </ul>
    </td>
  )
}
