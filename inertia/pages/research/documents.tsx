import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link, router } from '@inertiajs/react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Pagination } from '~/components/ui/pagination'
import { Alert } from '~/components/ui/alert'
import { Card } from '~/components/ui/card'
import { ResearchPage } from '~/components/research/research_page'
import { MultiSelect, type MultiSelectOption } from '~/components/research/multi_select'
import {
  BookmarkButton,
  EmptyState,
  Highlighted,
  ProviderName,
  ThemeChip,
} from '~/components/research/research_ui'
import { useBookmarks } from '~/components/research/use_research_toggles'
import { articleHref, researchDate, useResearchLocale } from '~/components/research/format'
import { api, problemMessages } from '~/lib/api'
import { cn } from '~/lib/cn'
import { RESEARCH_PAGE_SIZE } from '@shared/research'
import { describeSearch, parseSearch, SEARCH_HINT } from '@shared/research_search'
import {
  isAnyFilterApplied,
  type ProviderChip,
  type ResearchDocumentRow,
  type ResearchDocumentsResponse,
  type ResearchFilters,
} from '@shared/research_views'
import { useDates } from '~/hooks/use_dates'

type Sort = 'newest' | 'relevance'
type Option = { value: string; label: string }

interface Props {
  mode: 'all' | 'mine'
  result: ResearchDocumentsResponse
  filters: ResearchFilters
  sort: Sort
  options: {
    providers: ProviderChip[]
    themes: { id: number; name: string; group: string }[]
    providerTypes: Option[]
    assetClasses: Option[]
    regions: Option[]
    years: number[]
  }
}

const SEARCH_DELAY_MS = 350

const PATHS = { all: '/research-discovery/research', mine: '/research-discovery/my-research' }
const ENDPOINTS = {
  all: '/api/trending-themes/research-documents',
  mine: '/api/trending-themes/user-research-documents',
}

const EMPTY: ResearchFilters = {
  providerIds: [],
  themeIds: [],
  searchTerm: '',
  startDate: null,
  endDate: null,
  providerTypes: [],
  assetClasses: [],
  regions: [],
  year: null,
}

/** The page's address for a view: the server renders the same view from it. */
function viewUrl(mode: Props['mode'], filters: ResearchFilters, sort: Sort, page: number) {
  const params = new URLSearchParams()
  const term = filters.searchTerm.trim()
  if (term) params.set('searchTerm', term)
  for (const id of filters.providerIds) params.append('providerIds', String(id))
  for (const id of filters.themeIds) params.append('themeIds', String(id))
  for (const key of filters.providerTypes) params.append('providerTypes', key)
  for (const key of filters.assetClasses) params.append('assetClasses', key)
  for (const key of filters.regions) params.append('regions', key)
  if (filters.year !== null) params.set('year', String(filters.year))
  if (filters.startDate) params.set('startDate', filters.startDate)
  if (filters.endDate) params.set('endDate', filters.endDate)
  if (sort !== 'newest') params.set('sort', sort)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${PATHS[mode]}?${query}` : PATHS[mode]
}

const yearBounds = (year: number) => ({ startDate: `${year}-01-01`, endDate: `${year}-12-31` })
const datesAreYear = (filters: ResearchFilters) =>
  filters.year !== null &&
  filters.startDate === yearBounds(filters.year).startDate &&
  filters.endDate === yearBounds(filters.year).endDate

/** "A", "A and B", "A, B and C" */
function listText(items: string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

export default function ResearchDocumentsPage(props: Props) {
  const { mode, options } = props
  const mine = mode === 'mine'
  const locale = useResearchLocale()
  const dates = useDates()
  const { isBookmarked, toggleBookmark, isBookmarkPending } = useBookmarks()

  const [filters, setFilters] = useState<ResearchFilters>(props.filters)
  const [sort, setSort] = useState<Sort>(props.sort)
  const [searchText, setSearchText] = useState(props.filters.searchTerm)
  const [result, setResult] = useState(props.result)
  const [loading, setLoading] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  // The view the last change asked for, read by handlers (a debounced search fires after
  // other changes may have been made).
  const view = useRef({ filters: props.filters, sort: props.sort })
  const request = useRef(0)
  const searchTimer = useRef<number | undefined>(undefined)
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  useEffect(() => () => window.clearTimeout(searchTimer.current), [])

  const labels = useMemo(
    () => ({
      providers: new Map(options.providers.map((provider) => [provider.id, provider.name])),
      themes: new Map(options.themes.map((theme) => [theme.id, theme.name])),
      providerTypes: new Map(options.providerTypes.map((option) => [option.value, option.label])),
      assetClasses: new Map(options.assetClasses.map((option) => [option.value, option.label])),
      regions: new Map(options.regions.map((option) => [option.value, option.label])),
    }),
    [options]
  )

  const load = (nextFilters: ResearchFilters, nextSort: Sort, page: number, focus = false) => {
    view.current = { filters: nextFilters, sort: nextSort }
    const id = ++request.current
    setLoading(true)
    setProblem(null)
    api
      .post<ResearchDocumentsResponse>(ENDPOINTS[mode], {
        page,
        isAnyFilterApplied: isAnyFilterApplied(nextFilters),
        filters: { ...nextFilters, searchTerm: nextFilters.searchTerm.trim() },
        sort: nextSort,
      })
      .then(({ data }) => {
        if (id !== request.current) return
        setResult(data)
        setLoading(false)
        // The address and the page's history entry hold the view: a reload, a shared link or
        // Back from an article shows the same list.
        router.replace({
          url: viewUrl(mode, nextFilters, nextSort, data.page),
          props: (current) => ({ ...current, result: data, filters: nextFilters, sort: nextSort }),
          preserveState: true,
          preserveScroll: true,
        })
        if (focus) {
          resultsHeading.current?.focus({ preventScroll: true })
          resultsHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
        }
      })
      .catch((error: unknown) => {
        if (id !== request.current) return
        setLoading(false)
        setProblem(
          problemMessages(error, 'The research could not be loaded. Try again in a moment.').join(
            ' '
          )
        )
      })
  }

  /** Applies a change of filters: back to page 1, "Best match" only with a search. */
  const apply = (patch: Partial<ResearchFilters>, nextSort?: Sort) => {
    const next = { ...view.current.filters, ...patch }
    const sortNow = next.searchTerm.trim() ? (nextSort ?? view.current.sort) : 'newest'
    setFilters(next)
    setSort(sortNow)
    load(next, sortNow, 1)
  }

  const onSearchChange = (text: string) => {
    setSearchText(text)
    window.clearTimeout(searchTimer.current)
    searchTimer.current = window.setTimeout(() => {
      if (text.trim() !== view.current.filters.searchTerm.trim()) apply({ searchTerm: text })
    }, SEARCH_DELAY_MS)
  }

  const onSearchSubmit = (event: FormEvent) => {
    event.preventDefault()
    window.clearTimeout(searchTimer.current)
    apply({ searchTerm: searchText })
  }

  const setYear = (value: string) => {
    window.clearTimeout(searchTimer.current)
    if (value === '') {
      apply(
        datesAreYear(view.current.filters)
          ? { year: null, startDate: null, endDate: null }
          : { year: null }
      )
    } else {
      const year = Number(value)
      apply({ year, ...yearBounds(year) })
    }
  }

  const setDate = (key: 'startDate' | 'endDate', value: string) => {
    const next = { ...view.current.filters, [key]: value || null }
    // A date outside the chosen year replaces the year.
    const year = next.year
    const inYear = (date: string | null) => date === null || date.startsWith(`${year}-`)
    apply({
      [key]: value || null,
      year: year !== null && inYear(next.startDate) && inYear(next.endDate) ? year : null,
    })
  }

  const removeFilter = (patch: Partial<ResearchFilters>) => {
    if (patch.searchTerm !== undefined) {
      window.clearTimeout(searchTimer.current)
      setSearchText('')
    }
    apply(patch)
  }

  const resetAll = () => {
    window.clearTimeout(searchTimer.current)
    setSearchText('')
    apply(EMPTY, 'newest')
  }

  const goToPage = (page: number) => load(view.current.filters, view.current.sort, page, true)

  const providerOptions = useMemo<MultiSelectOption[]>(
    () =>
      options.providers.map((provider) => ({
        value: String(provider.id),
        label: provider.name,
        group: provider.typeLabel ?? 'Other providers',
        note: provider.isPaid ? 'Paid' : undefined,
      })),
    [options.providers]
  )
  const themeOptions = useMemo<MultiSelectOption[]>(
    () =>
      options.themes.map((theme) => ({
        value: String(theme.id),
        label: theme.name,
        group: theme.group,
      })),
    [options.themes]
  )

  // What is in force, once for the chips and once for the empty state.
  const named = (map: Map<number | string, string>, values: (number | string)[]) =>
    values.map((value) => map.get(value) ?? String(value))
  const dateText =
    filters.startDate && filters.endDate
      ? `${researchDate(filters.startDate, dates.locale)} to ${researchDate(filters.endDate, dates.locale)}`
      : filters.startDate
        ? `from ${researchDate(filters.startDate, dates.locale)}`
        : filters.endDate
          ? `until ${researchDate(filters.endDate, dates.locale)}`
          : null
  const applied: {
    key: string
    label: string
    value: string
    phrase: string
    patch: Partial<ResearchFilters>
  }[] = []
  const term = filters.searchTerm.trim()
  const parsedSearch = parseSearch(term)
  const readSearch = parsedSearch ? describeSearch(parsedSearch) : null
  if (term)
    applied.push({
      key: 'search',
      label: 'Search',
      value: `“${term}”`,
      phrase: `search “${term}”`,
      patch: { searchTerm: '' },
    })
  const listFilter = (
    key: 'providerIds' | 'themeIds' | 'providerTypes' | 'assetClasses' | 'regions',
    label: string,
    one: string,
    many: string,
    map: Map<number | string, string>
  ) => {
    const values = filters[key] as (number | string)[]
    if (!values.length) return
    const names = named(map, values)
    applied.push({
      key,
      label,
      value:
        names.length > 3
          ? `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`
          : names.join(', '),
      phrase: `${names.length === 1 ? one : many} ${listText(names)}`,
      patch: { [key]: [] },
    })
  }
  listFilter('providerIds', 'Providers', 'provider', 'providers', labels.providers)
  listFilter('themeIds', 'Themes', 'theme', 'themes', labels.themes)
  listFilter(
    'providerTypes',
    'Provider type',
    'provider type',
    'provider types',
    labels.providerTypes
  )
  listFilter('assetClasses', 'Asset class', 'asset class', 'asset classes', labels.assetClasses)
  listFilter('regions', 'Region', 'region', 'regions', labels.regions)
  if (filters.year !== null)
    applied.push({
      key: 'year',
      label: 'Year',
      value: String(filters.year),
      phrase: String(filters.year),
      patch: datesAreYear(filters)
        ? { year: null, startDate: null, endDate: null }
        : { year: null },
    })
  if (dateText && !datesAreYear(filters))
    applied.push({
      key: 'dates',
      label: 'Published',
      value: dateText,
      phrase: `published ${dateText}`,
      patch: { startDate: null, endDate: null },
    })

  const datesInverted =
    filters.startDate !== null && filters.endDate !== null && filters.startDate > filters.endDate
  const lastPage = Math.max(1, Math.ceil(result.total / (result.pageSize || RESEARCH_PAGE_SIZE)))
  const first = result.total === 0 ? 0 : (result.page - 1) * result.pageSize + 1
  const last = Math.min(result.total, result.page * result.pageSize)
  const countText =
    result.total === 0
      ? 'No documents'
      : `${result.total.toLocaleString(locale)} ${result.total === 1 ? 'document' : 'documents'}${
          result.total > result.pageSize ? `, showing ${first}–${last}` : ''
        }`

  const columns = useMemo<DataTableColumn<ResearchDocumentRow>[]>(
    () => [
      {
        id: 'provider',
        header: 'Provider',
        enableSorting: false,
        cell: (row) => (
          <div className="w-36 text-sm">
            <ProviderName
              name={row.provider.name}
              isPaid={row.provider.isPaid}
              className="font-medium text-slate-900"
            />
            {row.provider.typeLabel ? (
              <p className="mt-0.5 text-xs text-slate-500">{row.provider.typeLabel}</p>
            ) : null}
          </div>
        ),
      },
      {
        id: 'title',
        header: 'Document',
        enableHiding: false,
        cell: (row) => <DocumentCell row={row} />,
      },
      {
        id: 'published',
        header: 'Published',
        cell: (row) => (
          <time dateTime={row.published_date} className="whitespace-nowrap text-slate-700">
            {researchDate(row.published_date, dates.locale)}
          </time>
        ),
      },
      {
        id: 'pages',
        header: 'Pages',
        align: 'right',
        cell: (row) => row.pageCount.toLocaleString(locale),
      },
      {
        id: 'read',
        header: 'Read',
        description: 'Whether you have opened the document.',
        cell: (row) =>
          row.isRead ? (
            <span className="text-xs text-slate-500">Read</span>
          ) : (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-brand-700">
              <span aria-hidden="true" className="size-2 rounded-full bg-brand-600" />
              Unread
            </span>
          ),
      },
      {
        id: 'bookmark',
        header: 'Bookmark',
        hideHeader: true,
        enableHiding: false,
        cell: (row) => {
          const bookmarked = isBookmarked(row.id, row.is_bookmarked)
          return (
            <BookmarkButton
              title={row.title}
              bookmarked={bookmarked}
              pending={isBookmarkPending(row.id)}
              onToggle={() => toggleBookmark(row.id, bookmarked)}
            />
          )
        },
      },
    ],
    [locale, dates.locale, isBookmarked, isBookmarkPending, toggleBookmark]
  )

  const empty = (
    <EmptyState
      title={
        applied.length
          ? `No research matches: ${applied.map((entry) => entry.phrase).join(', ')}.`
          : mine
            ? 'My research is empty'
            : 'No research yet'
      }
    >
      {mine ? (
        <p>
          My research lists the documents you bookmark and the documents in the themes you star.{' '}
          {applied.length ? null : (
            <>
              Star themes in{' '}
              <Link
                href="/research-discovery/themes"
                className="font-medium text-brand-700 underline"
              >
                All themes
              </Link>{' '}
              or bookmark documents in{' '}
              <Link
                href="/research-discovery/research"
                className="font-medium text-brand-700 underline"
              >
                All research
              </Link>{' '}
              to fill it.
            </>
          )}
        </p>
      ) : applied.length ? null : (
        <p>No document your team can read has been published yet.</p>
      )}
      {applied.length ? (
        <p>
          Remove a filter above, or{' '}
          <button type="button" onClick={resetAll} className="font-medium text-brand-700 underline">
            reset all filters
          </button>
          .
        </p>
      ) : null}
    </EmptyState>
  )

  return (
    <ResearchPage
      title={mine ? 'My research' : 'All research'}
      current={mine ? 'my-research' : 'research'}
      description={
        mine
          ? 'Your bookmarks and the documents in the themes you star, newest first.'
          : 'Every document your team can read, newest first. Search the full text, or narrow by provider, theme, asset class, region and date.'
      }
    >
      <Card padding="sm" className="mb-4">
        <form role="search" aria-label="Research" onSubmit={onSearchSubmit} className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <label htmlFor="research-search" className="block text-sm font-medium text-slate-700">
                Search titles, abstracts and full text
              </label>
              <input
                id="research-search"
                type="search"
                value={searchText}
                onChange={(event) => onSearchChange(event.target.value)}
                maxLength={200}
                autoComplete="off"
                aria-describedby="research-search-hint"
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
              />
              <p id="research-search-hint" className="mt-1 text-xs text-slate-500">
                {SEARCH_HINT}
              </p>
              {term ? (
                <p className="mt-0.5 text-xs text-slate-700" aria-live="polite">
                  {readSearch
                    ? `Searching for ${readSearch}.`
                    : `Nothing to search for in “${term}”: type a word.`}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="research-sort" className="block text-sm font-medium text-slate-700">
                Sort by
              </label>
              <select
                id="research-sort"
                value={sort}
                onChange={(event) => {
                  const next = event.target.value as Sort
                  setSort(next)
                  load(view.current.filters, next, 1)
                }}
                className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
              >
                <option value="newest">Newest first</option>
                <option value="relevance" disabled={!term}>
                  {term ? 'Best match' : 'Best match (with a search)'}
                </option>
              </select>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <MultiSelect
              label="Providers"
              options={providerOptions}
              selected={filters.providerIds.map(String)}
              onChange={(values) => apply({ providerIds: values.map(Number) })}
              searchable
              searchLabel="Find a provider"
            />
            <MultiSelect
              label="Themes"
              options={themeOptions}
              selected={filters.themeIds.map(String)}
              onChange={(values) => apply({ themeIds: values.map(Number) })}
              searchable
              searchLabel="Find a theme"
            />
            <MultiSelect
              label="Provider type"
              options={options.providerTypes}
              selected={filters.providerTypes}
              onChange={(values) => apply({ providerTypes: values })}
            />
            <MultiSelect
              label="Asset class"
              options={options.assetClasses}
              selected={filters.assetClasses}
              onChange={(values) => apply({ assetClasses: values })}
            />
            <MultiSelect
              label="Region"
              options={options.regions}
              selected={filters.regions}
              onChange={(values) => apply({ regions: values })}
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <div className="flex items-center gap-2">
                <label htmlFor="research-year" className="text-sm font-medium text-slate-700">
                  Year
                </label>
                <select
                  id="research-year"
                  value={filters.year ?? ''}
                  onChange={(event) => setYear(event.target.value)}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                >
                  <option value="">Any</option>
                  {options.years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex items-center gap-2">
                <label htmlFor="research-from" className="text-sm font-medium text-slate-700">
                  From
                </label>
                <input
                  id="research-from"
                  type="date"
                  value={filters.startDate ?? ''}
                  onChange={(event) => setDate('startDate', event.target.value)}
                  aria-invalid={datesInverted || undefined}
                  aria-describedby={datesInverted ? 'research-dates-problem' : undefined}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                />
              </div>
              <div className="flex items-center gap-2">
                <label htmlFor="research-to" className="text-sm font-medium text-slate-700">
                  To
                </label>
                <input
                  id="research-to"
                  type="date"
                  value={filters.endDate ?? ''}
                  onChange={(event) => setDate('endDate', event.target.value)}
                  aria-invalid={datesInverted || undefined}
                  aria-describedby={datesInverted ? 'research-dates-problem' : undefined}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                />
              </div>
            </div>
          </div>
          {datesInverted ? (
            <p id="research-dates-problem" className="text-sm text-red-700">
              The start date is after the end date: no document can match.
            </p>
          ) : null}
          {applied.length ? (
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
                      onClick={() => removeFilter(entry.patch)}
                      aria-label={`Remove the filter ${entry.label}: ${entry.value}`}
                      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
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
                onClick={resetAll}
                className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                Reset all
              </button>
            </div>
          ) : null}
        </form>
      </Card>

      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2
          ref={resultsHeading}
          tabIndex={-1}
          className="scroll-mt-24 text-base font-semibold text-slate-900 focus:outline-none"
        >
          Documents
        </h2>
        <p role="status" aria-live="polite" className="text-sm text-slate-600">
          {loading ? 'Updating the list…' : countText}
          {!loading && result.total > 0 && sort === 'relevance' ? ', best match first' : ''}
        </p>
      </div>

      {problem ? (
        <Alert tone="error" className="mb-3">
          {problem}
        </Alert>
      ) : null}

      <div aria-busy={loading} className={cn('transition-opacity', loading && 'opacity-60')}>
        {result.researchDocuments.length === 0 ? (
          empty
        ) : (
          <DataTable
            caption={`${mine ? 'My research' : 'All research'}: ${countText}`}
            data={result.researchDocuments}
            columns={columns}
            getRowId={(row) => String(row.id)}
            enableSorting={false}
            enableHiding={false}
            keyboardNavigation={false}
            verticalAlign="top"
          />
        )}
      </div>

      <Pagination
        label={`Pages of ${mine ? 'my research' : 'research'}`}
        currentPage={result.page}
        lastPage={lastPage}
        summary={`Page ${result.page} of ${lastPage}`}
        href={(page) => viewUrl(mode, filters, sort, page)}
        onNavigate={goToPage}
      />
    </ResearchPage>
  )
}

function DocumentCell({ row }: { row: ResearchDocumentRow }): ReactNode {
  const secondary = row.themes.filter((theme) => theme.id !== row.primary_theme?.id)
  return (
    <div className="max-w-3xl min-w-72">
      <Link
        href={articleHref(row.id)}
        className={cn(
          'text-sm break-words hover:text-brand-700 hover:underline',
          row.isRead ? 'font-medium text-slate-800' : 'font-semibold text-slate-900'
        )}
      >
        {row.highlight ? <Highlighted text={row.highlight.title} /> : row.title}
      </Link>
      <p className="mt-1 line-clamp-2 text-xs text-slate-600">
        {row.highlight ? <Highlighted text={row.highlight.extract} /> : row.abstract}
      </p>
      {row.primary_theme || secondary.length ? (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Themes">
          {row.primary_theme ? (
            <li className="max-w-full">
              <ThemeChip
                name={row.primary_theme.name}
                starred={row.primary_theme.is_starred}
                primary
              />
            </li>
          ) : null}
          {secondary.map((theme) => (
            <li key={theme.id} className="max-w-full">
              <ThemeChip name={theme.name} starred={theme.is_starred} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
