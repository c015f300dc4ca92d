import { useEffect, useId, useRef } from 'react'
import { Link, router } from '@inertiajs/react'
import { Pagination } from '~/components/ui/pagination'
import { EmptyState } from '~/components/research/research_ui'
import { InsightsPage } from '~/components/insights_reports/insights_page'
import { ReportFilters } from '~/components/insights_reports/filters'
import { ReportGrid } from '~/components/insights_reports/report_card'
import {
  NO_FILTERS,
  describeFilters,
  ignoredFiltersNotice,
  reportsHref,
  reportsText,
  useReportsLocale,
  type ReportFilterValues,
} from '~/components/insights_reports/format'
import { announceUnreadReports } from '~/lib/unread_reports'
import { useFreshAfterHistoryRestore } from '~/lib/history_restore'
import type { ReportListProps } from '@shared/insights_reports'

export default function InsightsReportsPage({
  reports,
  filters,
  ignoredFilters,
  pagination,
  options,
  unreadCount,
  pageNotice,
}: ReportListProps) {
  const locale = useReportsLocale()
  const headingId = useId()
  // The results' heading takes the focus when what had it goes: a removed filter (its chip),
  // a page changed (Previous / Next), so that the keyboard goes on from the list.
  const heading = useRef<HTMLHeadingElement>(null)
  const focusResults = () => heading.current?.focus()

  // The list knows the user's unread count: the top bar's badge follows it.
  useEffect(() => announceUnreadReports(unreadCount), [unreadCount])
  // Back from a report read since: the list asks for its unread marks again.
  useFreshAfterHistoryRestore(['reports', 'unreadCount'])

  const values: ReportFilterValues = {
    categoryId: filters.categoryId,
    tagId: filters.tagId,
    year: filters.year,
    search: filters.search,
  }
  const applied = describeFilters(values, options)
  const filtered = applied.length > 0
  const { page, perPage, total, lastPage } = pagination
  const first = (page - 1) * perPage + 1
  const last = Math.min(total, first + reports.length - 1)
  const range = total > perPage && reports.length > 0 ? `; showing ${first}–${last}` : ''
  const unread = `${unreadCount.toLocaleString(locale)} unread`
  // "29 reports, 5 unread"; filtered, the unread count stays the user's in all reports.
  let countText = `${total === 0 ? 'No reports' : reportsText(total, locale)}, ${unread}${range}`
  if (filtered) {
    const matching =
      total === 0
        ? 'No reports match'
        : `${reportsText(total, locale)} ${total === 1 ? 'matches' : 'match'}`
    countText = `${matching} the filters, ${unread} in all${range}`
  }

  return (
    <InsightsPage
      title="Insights Reports"
      lead="Our own studies, published as PDFs for your team, newest first."
      notice={[ignoredFiltersNotice(ignoredFilters), pageNotice].filter(Boolean).join(' ') || null}
    >
      <ReportFilters filters={filters} options={options} onRemoved={focusResults} />

      <section aria-labelledby={headingId}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            Reports
          </h2>
          {/* Said when it changes: a filter or a page changed, the focus stays on the heading. */}
          <p className="text-sm text-slate-600" aria-live="polite" aria-atomic="true">
            {countText}
          </p>
        </div>

        {reports.length > 0 ? (
          <ReportGrid reports={reports} locale={locale} label="Reports, newest first" />
        ) : total > 0 ? (
          <EmptyState title="No reports on this page">
            <p>
              The list has {lastPage === 1 ? 'one page' : `${lastPage} pages`}.{' '}
              <Link href={reportsHref(values)} className="font-medium text-brand-700 underline">
                Go to the first page
              </Link>
              .
            </p>
          </EmptyState>
        ) : filtered ? (
          <EmptyState title={`No reports ${applied.map((entry) => entry.phrase).join(' ')}`}>
            <p>
              Remove a filter above, or{' '}
              <Link href={reportsHref(NO_FILTERS)} className="font-medium text-brand-700 underline">
                see all reports
              </Link>
              .
            </p>
          </EmptyState>
        ) : (
          <EmptyState title="No reports have been published for your team yet">
            <p>Our studies appear here as soon as they are published for your team.</p>
          </EmptyState>
        )}

        <Pagination
          label="Pages of reports"
          currentPage={page}
          lastPage={lastPage}
          href={(target) => reportsHref(values, target)}
          // The page changes in place (the filters keep their state) and the focus goes to the
          // results' heading: not to the page's body, at the top.
          onNavigate={(target) =>
            router.get(
              reportsHref(values, target),
              {},
              { preserveState: true, onSuccess: () => focusResults() }
            )
          }
        />
      </section>
    </InsightsPage>
  )
}
