import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'

export interface ProviderItem {
  id: number
  provider_key: string
  name: string
  /** The logo's address (signed-in), or null. */
  logo?: string | null
  has_rate_card: boolean
}

function ProviderLinks({
  title,
  providers,
  currentKey,
  basePath,
}: {
  title: string
  providers: ProviderItem[]
  currentKey: string
  basePath: string
}) {
  return (
    <div>
      <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {providers.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-500">None</p>
      ) : (
        <ul className="mt-1 space-y-0.5">
          {providers.map((provider) => (
            <li key={provider.id}>
              <Link
                href={`${basePath}/${provider.provider_key}`}
                // Fetched on hover: the provider's page (its frame; figures load after) opens at once.
                prefetch
                aria-current={provider.provider_key === currentKey ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm',
                  provider.provider_key === currentKey
                    ? 'bg-brand-50 font-semibold text-brand-700'
                    : 'text-slate-700 hover:bg-slate-100'
                )}
              >
                <span className="flex items-center gap-2">
                  {provider.logo ? (
                    <img
                      src={provider.logo}
                      alt=""
                      className="h-5 w-5 shrink-0 rounded-sm object-contain"
                      loading="lazy"
                    />
                  ) : null}
                  {provider.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * Changing provider loads its page, which starts on the Active & Upcoming tab.
 */
export function ProvidersSidebar({
  providers,
  currentKey,
  basePath = '/market-data',
}: {
  providers: { active: ProviderItem[]; inactive: ProviderItem[] }
  currentKey: string
  basePath?: string
}) {
  return (
    <nav
      aria-label="Providers"
      className="space-y-6 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      <ProviderLinks
        title="Active providers"
        providers={providers.active}
        currentKey={currentKey}
        basePath={basePath}
      />
      <ProviderLinks
        title="Inactive providers"
        providers={providers.inactive}
        currentKey={currentKey}
        basePath={basePath}
      />
    </nav>
  )
}
