import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'

export interface Tab {
  key: string
  title: string
  href: string
}

/**
 * An area's pages as tabs under its heading: links, the current one marked for screen readers
 * too (aria-current), wrapping on narrow screens.
 */
export function TabNav({
  label,
  tabs,
  current,
  className,
}: {
  /** What the navigation is, for screen readers ("Research Insights"). */
  label: string
  tabs: readonly Tab[]
  current: string | null
  className?: string
}) {
  return (
    <nav aria-label={label} className={cn('border-b border-slate-200', className)}>
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.key === current ? 'page' : undefined}
              className={cn(
                'inline-block border-b-2 px-3 py-2 text-sm font-medium',
                tab.key === current
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              )}
            >
              {tab.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
