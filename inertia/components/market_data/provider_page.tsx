import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { AppShell } from '~/layouts/app_shell'
import { ProvidersSidebar, type ProviderItem } from '~/components/market_data/providers_sidebar'
import { ProviderTabs } from '~/components/market_data/provider_tabs'

/** The provider as every market data provider page receives it. */
export interface ProviderRecord {
  id: number
  providerKey: string
  name: string
  description: string | null
  hasRateCard: boolean
}

/** The team's providers of the type, for the sidebar. */
export interface ProviderLists {
  active: ProviderItem[]
  inactive: ProviderItem[]
}

/**
 * The frame every market data provider view shares: the providers sidebar, the provider's
 * name and description, and the view tabs.
 */
export function ProviderPage({
  title,
  provider,
  providers,
  current,
  showRateCard,
  children,
}: {
  title: string
  provider: { providerKey: string; name: string; description?: string | null }
  providers: { active: ProviderItem[]; inactive: ProviderItem[] }
  current: Parameters<typeof ProviderTabs>[0]['current']
  showRateCard: boolean
  children: ReactNode
}) {
  return (
    <AppShell title={title}>
      <div className="grid items-start gap-6 lg:grid-cols-[13rem_1fr] xl:grid-cols-[16rem_1fr]">
        <ProvidersSidebar providers={providers} currentKey={provider.providerKey} />
        <div className="min-w-0">
          <Link
            href="/market-data"
            className="text-sm font-medium text-brand-700 hover:underline"
            aria-label="Market Data overview"
          >
            Market Data
          </Link>
          <h1 className="text-2xl font-semibold text-slate-900">{provider.name}</h1>
          {provider.description ? (
            <p className="mt-1 text-sm text-slate-600">{provider.description}</p>
          ) : null}
          <div className="mt-4">
            <ProviderTabs
              providerKey={provider.providerKey}
              current={current}
              showRateCard={showRateCard}
            />
          </div>
          {children}
        </div>
      </div>
    </AppShell>
  )
}
