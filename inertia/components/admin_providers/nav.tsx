import { TabNav } from '~/components/ui/tab_nav'

export const BASE = '/admin/providers'

/** The pages of the providers administration, in the order of its work. */
export const PROVIDERS_ADMIN_PAGES = [
  { key: 'analysts', title: 'Analysts', href: BASE },
  { key: 'moves', title: 'Moves', href: `${BASE}/moves` },
  { key: 'import', title: 'Import', href: `${BASE}/import` },
  { key: 'data_quality', title: 'Data quality', href: `${BASE}/data-quality` },
  { key: 'audit', title: 'Audit trail', href: `${BASE}/audit` },
] as const

export type ProvidersAdminPageKey = (typeof PROVIDERS_ADMIN_PAGES)[number]['key']

export function ProvidersAdminNav({ current }: { current: ProvidersAdminPageKey }) {
  return (
    <TabNav
      label="Providers administration"
      className="mb-6"
      current={current}
      tabs={PROVIDERS_ADMIN_PAGES}
    />
  )
}
