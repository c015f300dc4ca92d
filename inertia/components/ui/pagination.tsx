import { Link } from '@inertiajs/react'
import type { MouseEvent, ReactNode } from 'react'

/**
 * Previous / next links for a paginated list; nothing when everything fits on one page.
 */
export function Pagination({
  label = 'Pagination',
  currentPage,
  lastPage,
  summary,
  href,
  onNavigate,
}: {
  label?: string
  currentPage: number
  lastPage: number
  /** Shown before the links; "Page N of M" by default. */
  summary?: ReactNode
  href: (page: number) => string
  /**
   * Loads the page in place (a list fetched from an API) instead of visiting `href`; a click
   * with a modifier key still opens `href` (a new tab or window).
   */
  onNavigate?: (page: number) => void
}) {
  if (lastPage <= 1) return null
  const linkClass = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50'
  const navigate = (page: number) => (event: MouseEvent) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onNavigate(page)
  }
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      <span className="text-slate-600">{summary ?? `Page ${currentPage} of ${lastPage}`}</span>
      <span className="flex gap-2">
        {currentPage > 1 ? (
          <Link
            href={href(currentPage - 1)}
            onClick={navigate(currentPage - 1)}
            className={linkClass}
          >
            Previous
          </Link>
        ) : null}
        {currentPage < lastPage ? (
          <Link
            href={href(currentPage + 1)}
            onClick={navigate(currentPage + 1)}
            className={linkClass}
          >
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  )
}
