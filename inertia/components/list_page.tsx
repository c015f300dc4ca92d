import { router } from '@inertiajs/react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Pagination } from '~/components/ui/pagination'
import { cn } from '~/lib/cn'
import type { ListPageMeta } from '@shared/list_page'

/*
 * The list idiom every paginated list page shares: the notices about what the address asked
 * for, a filter bar, the rows or an empty state, and the pagination. The server applies the
 * page rule (shared/list_page.ts) and sends `meta` and `pageNotice`; the pages only lay it out.
 */

/** The filter bar's controls, one look on every list. */
export const filterControlClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-100 focus:outline-none'

/** What the list says about the address: a filter or a page it could not show as asked. */
export function ListNotices({ notices }: { notices: (string | null | undefined)[] }) {
  const shown = notices.filter((notice): notice is string => Boolean(notice))
  if (shown.length === 0) return null
  return (
    <div className="mb-4 space-y-2">
      {shown.map((notice) => (
        <Alert key={notice} tone="warning">
          {notice}
        </Alert>
      ))}
    </div>
  )
}

/**
 * The filter bar: labelled controls in a row that wraps, submitted as a search. Controls that
 * apply on change visit their own address; a text field is applied by the bar's submit.
 */
export function ListFilterBar({
  label,
  onSubmit,
  children,
  summary,
  className,
}: {
  label: string
  onSubmit?: () => void
  children: ReactNode
  /** What the filters found ("42 users"), said when it changes. */
  summary?: ReactNode
  className?: string
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className={cn('mb-4 flex flex-wrap items-end gap-3', className)}
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        onSubmit?.()
      }}
    >
      {children}
      {summary ? (
        <span className="self-center text-sm text-slate-600" aria-live="polite" aria-atomic="true">
          {summary}
        </span>
      ) : null}
    </form>
  )
}

/** One labelled control of the filter bar: `id` is the control's, which the label names. */
export function FilterField({
  id,
  label,
  children,
}: {
  id: string
  label: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  )
}

/** A search box with its button: the common filter bar of a list searched by text. */
export function ListSearchBar({
  label,
  initial,
  placeholder,
  href,
  summary,
  children,
}: {
  label: string
  initial: string
  placeholder?: string
  /** The list's address for a search (page 1). */
  href: (q: string) => string
  summary?: ReactNode
  /** Other controls of the bar, after the search box. */
  children?: ReactNode
}) {
  const [q, setQ] = useState(initial)
  const id = useId()
  return (
    <ListFilterBar label={label} onSubmit={() => router.visit(href(q.trim()))} summary={summary}>
      <FilterField id={id} label={label}>
        <input
          id={id}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder={placeholder}
          className={cn('w-72 max-w-full', filterControlClass)}
        />
      </FilterField>
      {children}
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </ListFilterBar>
  )
}

/** The empty state: what is missing, and (optionally) the way out, such as clearing filters. */
export function ListEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <p className="text-sm text-slate-600">{children}</p>
      {action ? <div className="mt-3">{action}</div> : null}
    </Card>
  )
}

/** "1 user", "1,204 users". */
export function countText(total: number, noun: [string, string]) {
  return `${total.toLocaleString()} ${total === 1 ? noun[0] : noun[1]}`
}

/** Page N of M with the total, and Previous / Next; nothing when one page holds everything. */
export function ListPagination({
  label,
  meta,
  href,
  noun,
}: {
  label: string
  meta: ListPageMeta
  href: (page: number) => string
  /** "user", "users": names the total in the summary. */
  noun?: [string, string]
}) {
  const total = noun ? ` · ${countText(meta.total, noun)}` : ''
  return (
    <Pagination
      label={label}
      currentPage={meta.currentPage}
      lastPage={meta.lastPage}
      summary={`Page ${meta.currentPage} of ${meta.lastPage}${total}`}
      href={href}
    />
  )
}

/**
 * A whole list: notices, the filter bar, the rows (or the empty state when there are none) and
 * the pagination, always in that order.
 */
export function ListPage({
  notices = [],
  filterBar,
  isEmpty,
  empty,
  meta,
  href,
  paginationLabel,
  noun,
  children,
}: {
  notices?: (string | null | undefined)[]
  filterBar?: ReactNode
  isEmpty: boolean
  empty: ReactNode
  meta: ListPageMeta
  href: (page: number) => string
  paginationLabel: string
  noun?: [string, string]
  children: ReactNode
}) {
  return (
    <>
      <ListNotices notices={notices} />
      {filterBar}
      {isEmpty ? <ListEmpty>{empty}</ListEmpty> : children}
      <ListPagination label={paginationLabel} meta={meta} href={href} noun={noun} />
    </>
  )
}
