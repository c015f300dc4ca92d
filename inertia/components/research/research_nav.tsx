import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'

export const RESEARCH_PAGES = [
  { key: 'trending', title: 'Trending themes', path: '/research-discovery/trending-themes' },
  { key: 'themes', title: 'All themes', path: '/research-discovery/themes' },
  { key: 'my-themes', title: 'My themes', path: '/research-discovery/my-themes' },
  { key: 'research', title: 'All research', path: '/research-discovery/research' },
  { key: 'my-research', title: 'My research', path: '/research-discovery/my-research' },
  { key: 'requests', title: 'Requests', path: '/research-discovery/requests' },
] as const

export type ResearchPageKey = (typeof RESEARCH_PAGES)[number]['key']

/** The tabs of Research Insights; the current page is marked for screen readers too. */
export function ResearchNav({ current }: { current: ResearchPageKey | null }) {
  return (
    <nav aria-label="Research Insights" className="mt-5 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {RESEARCH_PAGES.map((page) => (
          <li key={page.key}>
            <Link
              href={page.path}
              aria-current={page.key === current ? 'page' : undefined}
              className={cn(
                'inline-block border-b-2 px-3 py-2 text-sm font-medium',
                page.key === current
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              )}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
