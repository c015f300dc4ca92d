import { useEffect, type ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { Card } from '~/components/ui/card'
import { InsightsPage } from '~/components/insights_reports/insights_page'
import { PrivateChip, ReportGrid, TagChips } from '~/components/insights_reports/report_card'
import {
  NO_FILTERS,
  REPORTS_PATH,
  fileSizeText,
  pagesText,
  reportDate,
  reportsHref,
  useReportsLocale,
} from '~/components/insights_reports/format'
import { announceUnreadReports } from '~/lib/unread_reports'
import type { ReportViewProps } from '@shared/insights_reports'
import { useDates } from '~/hooks/use_dates'

const downloadClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none'

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14" />
    </svg>
  )
}

export default function InsightsReportPage({ report, related, unreadCount }: ReportViewProps) {
  const locale = useReportsLocale()
  const dates = useDates()

  // The visit marked the report read: the top bar's badge falls without a reload.
  useEffect(() => announceUnreadReports(unreadCount), [unreadCount])

  const published = reportDate(report.createdAt, dates.locale)
  const categoryHref = reportsHref({ ...NO_FILTERS, categoryId: report.categoryId })
  const details = [
    report.pageCount ? pagesText(report.pageCount, locale) : null,
    report.version > 1 ? `Version ${report.version}` : null,
  ].filter((part): part is string => part !== null)

  return (
    <InsightsPage
      title={`${report.title} - Insights Reports`}
      // A long word (a title without spaces) wraps: never the page pushed sideways.
      heading={<span className="[overflow-wrap:anywhere]">{report.title}</span>}
      above={
        <nav aria-label="Breadcrumb" className="text-sm">
          <ol className="flex flex-wrap items-center gap-1.5">
            <li>
              <Link
                href={REPORTS_PATH}
                className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              >
                <span aria-hidden="true">←</span> Insights Reports
              </Link>
            </li>
            <li className="flex min-w-0 items-center gap-1.5 text-slate-500">
              <span aria-hidden="true">/</span>
              <Link href={categoryHref} className="hover:text-brand-700 hover:underline">
                {report.insightsCategory}
              </Link>
            </li>
          </ol>
        </nav>
      }
      lead={
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-slate-800">{report.insightsCategory}</span>
          <span aria-hidden="true">·</span>
          <span>
            Published <time dateTime={report.createdAt}>{published}</time>
          </span>
          {details.map((part) => (
            <span key={part} className="contents">
              <span aria-hidden="true">·</span>
              <span>{part}</span>
            </span>
          ))}
          {report.updatedAt ? (
            <>
              <span aria-hidden="true">·</span>
              <span>
                Updated{' '}
                <time dateTime={report.updatedAt}>
                  {reportDate(report.updatedAt, dates.locale)}
                </time>
              </span>
            </>
          ) : null}
          {report.isPrivate ? <PrivateChip /> : null}
        </p>
      }
      actions={
        <>
          {report.fileSize ? (
            <span className="text-xs text-slate-500">
              PDF, {fileSizeText(report.fileSize, locale)}
            </span>
          ) : null}
          <a href={report.downloadUrl} className={downloadClass}>
            <DownloadIcon />
            Download PDF
          </a>
        </>
      }
    >
      {report.tags.length > 0 ? <TagChips tags={report.tags} linked className="-mt-2" /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          {report.summary ? (
            <section aria-labelledby="report-summary">
              <h2 id="report-summary" className="sr-only">
                Summary
              </h2>
              {/* A long address in it wraps too. */}
              <p className="max-w-4xl text-sm leading-6 [overflow-wrap:anywhere] whitespace-pre-line text-slate-700">
                {report.summary}
              </p>
            </section>
          ) : null}
          <section aria-labelledby="report-pdf">
            <h2 id="report-pdf" className="sr-only">
              The report
            </h2>
            <iframe
              src={report.fileUrl}
              title={`${report.title} (PDF)`}
              className="h-[85vh] min-h-[36rem] w-full rounded-lg border border-slate-200 bg-white shadow-sm"
            />
            <p className="mt-2 text-xs text-slate-500">
              The PDF not showing?{' '}
              <a href={report.downloadUrl} className="font-medium text-brand-700 underline">
                Download it{report.pageCount ? ` (${pagesText(report.pageCount, locale)})` : ''}
              </a>
              .
            </p>
          </section>
        </div>

        <aside aria-labelledby="report-about">
          <Card padding="sm">
            <h2 id="report-about" className="text-sm font-semibold text-slate-900">
              About this report
            </h2>
            <dl className="mt-3 space-y-3 text-sm">
              <Detail term="Category">
                <Link href={categoryHref} className="text-brand-700 hover:underline">
                  {report.insightsCategory}
                </Link>
              </Detail>
              <Detail term="Tags">
                {report.tags.length ? (
                  report.tags.map((tag) => tag.name).join(', ')
                ) : (
                  <span className="text-slate-500">None</span>
                )}
              </Detail>
              <Detail term="Published">{published}</Detail>
              {report.updatedAt ? (
                <Detail term="Updated">{reportDate(report.updatedAt, dates.locale)}</Detail>
              ) : null}
              <Detail term="Version">{report.version}</Detail>
              <Detail term="Pages">
                {report.pageCount ? (
                  report.pageCount.toLocaleString(locale)
                ) : (
                  <span className="text-slate-500">Not counted</span>
                )}
              </Detail>
              <Detail term="File">
                <span className="break-all">{report.fileName}</span>
                {report.fileSize ? (
                  <span className="block text-xs text-slate-500">
                    {fileSizeText(report.fileSize, locale)}
                  </span>
                ) : null}
              </Detail>
              <Detail term="Who can read it">
                {report.isPrivate ? 'Your team only' : 'Client teams it is published for'}
              </Detail>
            </dl>
          </Card>
        </aside>
      </div>

      {related.length > 0 ? (
        <section aria-labelledby="report-related" className="pt-2">
          <h2 id="report-related" className="text-lg font-semibold text-slate-900">
            Related reports
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            In the same category or with a tag in common, newest first.
          </p>
          <ReportGrid
            reports={related}
            locale={locale}
            label="Related reports"
            className="mt-3 xl:grid-cols-4"
          />
        </section>
      ) : null}
    </InsightsPage>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  )
}
