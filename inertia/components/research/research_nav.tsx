import { TabNav } from '~/components/ui/tab_nav'

export const RESEARCH_PAGES = [
  { key: 'trending', title: 'Trending themes', path: '/research-discovery/trending-themes' },
  { key: 'themes', title: 'All themes', path: '/research-discovery/themes' },
  { key: 'my-themes', title: 'My themes', path: '/research-discovery/my-themes' },
  { key: 'research', title: 'All research', path: '/research-discovery/research' },
  { key: 'my-research', title: 'My research', path: '/research-discovery/my-research' },
  { key: 'requests', title: 'Requests', path: '/research-discovery/requests' },
] as const

export type ResearchPageKey = (typeof RESEARCH_PAGES)[number]['key']

/** The tabs of Research Insights. */
export function ResearchNav({ current }: { current: ResearchPageKey | null }) {
  return (
    <TabNav
      label="Research Insights"
      className="mt-5"
      current={current}
      tabs={RESEARCH_PAGES.map((page) => ({ key: page.key, title: page.title, href: page.path }))}
    />
  )
}
