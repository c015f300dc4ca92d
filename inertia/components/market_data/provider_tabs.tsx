import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'
import { useSharedProps } from '~/hooks/use_shared_props'
import { MODULES } from '@shared/modules'

const TABS = [
  { key: 'benchmarks', title: 'Benchmarks', path: '' },
  { key: 'proposals', title: 'Proposals', path: '/proposals' },
  // Links into scenario analysis carry #scenario: a team without market data sees the shell's
  // scenario-link banner instead.
  { key: 'scenario-analysis', title: 'Scenario analysis', path: '/scenario-analysis#scenario' },
  { key: 'rate-card', title: 'Rate card', path: '/rate-card' },
] as const

/**
 * The provider's views, and the team's data collection templates beside them (a page of the
 * team, not of a provider) when the team holds that module.
 */
export function ProviderTabs({
  providerKey,
  current,
  showRateCard = false,
}: {
  providerKey: string
  current: (typeof TABS)[number]['key']
  /** The rate card tab needs the rate-card module and a provider that has one. */
  showRateCard?: boolean
}) {
  const { team } = useSharedProps()
  const withTemplates = (team?.moduleNames ?? []).includes(MODULES.marketDataDataCollection)
  return (
    <nav aria-label="Provider views" className="mb-6 flex gap-6 border-b border-slate-200">
      {TABS.filter((tab) => tab.key !== 'rate-card' || showRateCard).map((tab) => (
        <Link
          key={tab.key}
          href={`/market-data/${providerKey}${tab.path}`}
          prefetch
          aria-current={tab.key === current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-1 pb-3 text-sm font-medium',
            tab.key === current
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-slate-600 hover:text-slate-900'
          )}
        >
          {tab.title}
        </Link>
      ))}
      {withTemplates ? (
        <Link
          href="/market-data/templates"
          className="-mb-px ml-auto border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          Data collection templates
        </Link>
      ) : null}
    </nav>
  )
}
