import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/cn'
import {
  NO_FILTERS,
  REPORTS_PATH,
  describeFilters,
  hasFilters,
  reportsQuery,
  type ReportFilterValues,
} from '~/components/insights_reports/format'
import type { ReportListProps, TaxonomyOption } from '@shared/insights_reports'

const SEARCH_DELAY_MS = 400
const SEARCH_MAX = 100

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white py-2 pr-8 pl-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none'

const valuesOf = (filters: ReportListProps['filters']): ReportFilterValues => ({
  categoryId: filters.categoryId,
  tagId: filters.tagId,
  year: filters.year,
  search: filters.search,
})

/** The options with the chosen value kept, should the list of options not hold it. */
function withChosen(options: TaxonomyOption[], id: number | null, fallback: string) {
  return id === null || options.some((option) => option.id === id)
    ? options
    : [...options, { id, name: fallback }]
}

/**
 * Category, tag, year and a search in the titles, kept in the address (`?category=&tag=&year=&q=`)
 * so that a view can be shared: a change loads the list again with Inertia, back to page 1.
 * The filters in force show as chips, each with its remove button, with "Clear filters".
 */
export function ReportFilters({
  filters,
  options,
  onRemoved,
}: {
  filters: ReportListProps['filters']
  options: ReportListProps['options']
  /**
   * A chip's remove button or "Clear filters" was used: the button goes (with its chip or with
   * the last filter), so the page gives the focus somewhere else (the results' heading).
   */
  onRemoved?: () => void
}) {
  const id = useId()
  // What the user asked for, shown at once while the list loads (then the server's view).
  const [view, setView] = useState<ReportFilterValues>(() => valuesOf(filters))
  const [text, setText] = useState(filters.search)
  const [requested, setRequested] = useState(filters.search.trim())
  const [shown, setShown] = useState(filters)
  const timer = useRef<number | undefined>(undefined)
  // The view as of the last render, for the search's delayed request.
  const latest = useRef(view)

  // A new view from the server (this page's request, Back, a link): the controls follow it;
  // the search box only when the search changed elsewhere (not while the user is typing).
  if (shown !== filters) {
    setShown(filters)
    setView(valuesOf(filters))
    if (filters.search.trim() !== requested) {
      setText(filters.search)
      setRequested(filters.search.trim())
    }
  }

  useEffect(() => {
    latest.current = view
  }, [view])
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const go = (patch: Partial<ReportFilterValues>, replace = false) => {
    const next = { ...latest.current, ...patch }
    latest.current = next
    setView(next)
    setRequested(next.search.trim())
    router.get(REPORTS_PATH, reportsQuery(next), {
      preserveState: true,
      preserveScroll: true,
      replace,
    })
  }

  const onSearchChange = (value: string) => {
    setText(value)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      if (value.trim() !== latest.current.search.trim()) go({ search: value }, true)
    }, SEARCH_DELAY_MS)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    window.clearTimeout(timer.current)
    if (text.trim() !== view.search.trim()) go({ search: text })
  }

  const remove = (patch: Partial<ReportFilterValues>) => {
    if (patch.search !== undefined) {
      window.clearTimeout(timer.current)
      setText('')
    }
    // Before the button goes with its chip: the focus never falls to the page's body.
    onRemoved?.()
    go(patch)
  }

  const clearAll = () => {
    window.clearTimeout(timer.current)
    setText('')
    onRemoved?.()
    go(NO_FILTERS)
  }

  const number = (value: string) => (value === '' ? null : Number(value))
  const applied = describeFilters(view, options)
  const categories = withChosen(options.categories, view.categoryId, 'The chosen category')
  const tags = withChosen(options.tags, view.tagId, 'The chosen tag')
  const years =
    view.year === null || options.years.includes(view.year)
      ? options.years
      : [...options.years, view.year].sort((a, b) => b - a)

  return (
    <Card padding="sm">
      <form role="search" aria-label="Filter reports" onSubmit={onSubmit} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_repeat(3,minmax(10rem,1fr))]">
          <div className="sm:col-span-2 lg:col-span-1">
            <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-700">
              Search titles
            </label>
            <input
              id={`${id}-q`}
              type="search"
              value={text}
              onChange={(event) => onSearchChange(event.target.value)}
              maxLength={SEARCH_MAX}
              autoComplete="off"
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor={`${id}-category`} className="block text-sm font-medium text-slate-700">
              Category
            </label>
            <select
              id={`${id}-category`}
              value={view.categoryId ?? ''}
              onChange={(event) => go({ categoryId: number(event.target.value) })}
              className={selectClass}
            >
              <option value="">All categories</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-tag`} className="block text-sm font-medium text-slate-700">
              Tag
            </label>
            <select
              id={`${id}-tag`}
              value={view.tagId ?? ''}
              onChange={(event) => go({ tagId: number(event.target.value) })}
              className={selectClass}
            >
              <option value="">All tags</option>
              {tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-year`} className="block text-sm font-medium text-slate-700">
              Year
            </label>
            <select
              id={`${id}-year`}
              value={view.year ?? ''}
              onChange={(event) => go({ year: number(event.target.value) })}
              className={selectClass}
            >
              <option value="">Any year</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
        </div>
        {hasFilters(view) ? (
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
            <span className="text-sm text-slate-600">Filters in force:</span>
            <ul className="contents">
              {applied.map((entry) => (
                <li
                  key={entry.key}
                  className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-600/20 ring-inset"
                >
                  <span className="min-w-0 truncate">
                    <span className="font-medium">{entry.label}:</span> {entry.value}
                  </span>
                  <button
                    type="button"
                    onClick={() => remove({ [entry.key]: NO_FILTERS[entry.key] })}
                    aria-label={`Remove the filter ${entry.label}: ${entry.value}`}
                    className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                  >
                    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5">
                      <path
                        d="M4 4l8 8M12 4l-8 8"
                        stroke="currentColor"
                        strokeWidth="1.8"
                        strokeLinecap="round"
                      />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={clearAll}
              className={cn(
                'rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50',
                'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none'
              )}
            >
              Clear filters
            </button>
          </div>
        ) : null}
      </form>
    </Card>
  )
}
