import { Link } from '@inertiajs/react'
import type { ReactNode } from 'react'

/**
 * Previous / next links for a paginated list; nothing when everything fits on one page.
 */
export function Pagination({
  label = 'Pagination',
  currentPage,
  lastPage,
  summary,
  href,
}: {
  label?: string
  currentPage: number
  lastPage: number
  /** Shown before the links; "Page N of M" by default. */
  summary?: ReactNode
  href: (page: number) => string
}) {
  if (lastPage <= 1) return null
  const linkClass = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50'
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      <span className="text-slate-600">{summary ?? `Page ${currentPage} of ${lastPage}`}</span>
      <span className="flex gap-2">
        {currentPage > 1 ? (
          <Link href={href(currentPage - 1)} className={linkClass}>
            Previous
          </Link>
        ) : null}
        {currentPage < lastPage ? (
          <Link href={href(currentPage + 1)} className={linkClass}>
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  )
}
