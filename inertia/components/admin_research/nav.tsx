import { TabNav } from '~/components/ui/tab_nav'

export const BASE = '/admin/research-discovery'

/** The pages of the research discovery administration, in the order of its work. */
export const RESEARCH_ADMIN_PAGES = [
  { key: 'documents', title: 'Documents', href: `${BASE}/documents` },
  { key: 'themes', title: 'Themes', href: `${BASE}/themes` },
  { key: 'ranking', title: 'Theme ranking', href: `${BASE}/theme-ranking` },
  { key: 'requests', title: 'Research requests', href: `${BASE}/requests` },
  { key: 'analytics', title: 'Analytics', href: `${BASE}/analytics` },
] as const

export type ResearchAdminPageKey = (typeof RESEARCH_ADMIN_PAGES)[number]['key']

export function ResearchAdminNav({ current }: { current: ResearchAdminPageKey }) {
  return (
    <TabNav
      label="Research discovery administration"
      className="mb-6"
      current={current}
      tabs={RESEARCH_ADMIN_PAGES}
    />
  )
}
