import { Link } from '@inertiajs/react'
import type { ProviderItem } from '~/components/market_data/providers_sidebar'
import { ProviderPage } from '~/components/market_data/provider_page'
import { Card } from '~/components/ui/card'
import { abbreviateAmount } from '@shared/money'
import { costChangeLabel } from '@shared/scenario_pricing'

interface SavedScenario {
  id: number
  name: string
  author: string
  updatedAt: string
  summary: {
    products: number
    invalid: number
    totals: { currencyId: number; original: number; scenario: number }[]
  }
}

interface Props {
  provider: {
    id: number
    providerKey: string
    name: string
    description: string | null
    hasRateCard: boolean
  }
  providers: { active: ProviderItem[]; inactive: ProviderItem[] }
  canSeeRateCard: boolean
  currencies: { id: number; code: string }[]
  scenarios: SavedScenario[]
}

export default function Scenarios({
  provider,
  providers,
  canSeeRateCard,
  currencies,
  scenarios,
}: Props) {
  const code = (id: number) => currencies.find((currency) => currency.id === id)?.code
  return (
    <ProviderPage
      title={`${provider.name} scenarios`}
      provider={provider}
      providers={providers}
      current="scenario-analysis"
      showRateCard={canSeeRateCard && provider.hasRateCard}
    >
      <h2 className="mb-3 text-lg font-semibold">All scenarios</h2>
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
                  <div>
                    <Link
                      href={`/market-data/${provider.providerKey}/scenario-analysis?scenario=${scenario.id}#scenario`}
                      className="font-semibold text-brand-700 hover:text-brand-900"
                    >
                      {scenario.name}
                    </Link>
                    <p className="text-xs text-slate-500">
                      {scenario.author} · {new Date(scenario.updatedAt).toLocaleString()} ·{' '}
                      {scenario.summary.products} products
                      {scenario.summary.invalid
                        ? `, ${scenario.summary.invalid} kept at their price`
                        : ''}
                    </p>
                  </div>
                  <dl className="text-right text-sm">
                    {scenario.summary.totals.map((total) => (
                      <div key={total.currencyId}>
                        <dt className="sr-only">{code(total.currencyId)}</dt>
                        <dd>
                          {abbreviateAmount(total.original, code(total.currencyId))} →{' '}
                          <span className="font-semibold">
                            {abbreviateAmount(total.scenario, code(total.currencyId))}
                          </span>{' '}
                          <span className="text-xs text-slate-500">
                            ({costChangeLabel(total.scenario - total.original)})
                          </span>
                        </dd>
                      </div>
                    ))}
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
