import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'

const TABS = [
  { key: 'benchmarks', title: 'Benchmarks', path: '' },
  { key: 'proposals', title: 'Proposals', path: '/proposals' },
  // Links into scenario analysis carry #scenario: a team without market data sees the shell's
  // scenario-link banner instead.
  { key: 'scenario-analysis', title: 'Scenario analysis', path: '/scenario-analysis#scenario' },
  { key: 'rate-card', title: 'Rate card', path: '/rate-card' },
] as const

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
  return (
    <nav aria-label="Provider views" className="mb-6 flex gap-6 border-b border-slate-200">
      {TABS.filter((tab) => tab.key !== 'rate-card' || showRateCard).map((tab) => (
        <Link
          key={tab.key}
          href={`/market-data/${providerKey}${tab.path}`}
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
    </nav>
  )
}
