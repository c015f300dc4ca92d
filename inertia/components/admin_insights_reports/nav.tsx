import { TabNav } from '~/components/ui/tab_nav'

export const BASE = '/admin/insights-reports'

/** The pages of the Insights Reports administration. */
export const INSIGHTS_ADMIN_PAGES = [
  { key: 'reports', title: 'Reports', href: BASE },
  { key: 'upload', title: 'Upload', href: `${BASE}/new` },
  { key: 'taxonomy', title: 'Categories and tags', href: `${BASE}/taxonomy` },
] as const

export type InsightsAdminPageKey = (typeof INSIGHTS_ADMIN_PAGES)[number]['key']

/** The tabs under the heading; `current` null on a report's own page (under Reports). */
export function InsightsAdminNav({ current }: { current: InsightsAdminPageKey | null }) {
  return (
    <TabNav
      label="Insights Reports administration"
      className="mb-6"
      current={current}
      tabs={INSIGHTS_ADMIN_PAGES}
    />
  )
}
