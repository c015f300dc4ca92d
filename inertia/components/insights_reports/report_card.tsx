import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'
import {
  pagesText,
  reportDate,
  reportHref,
  reportsHref,
  NO_FILTERS,
} from '~/components/insights_reports/format'
import type { ReportCard as ReportCardData, TaxonomyOption } from '@shared/insights_reports'
import { useDates } from '~/hooks/use_dates'

/** Unread: a dot for the eye and the word for everyone (never the colour alone). */
export function UnreadMarker({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-xs font-semibold whitespace-nowrap text-brand-700',
        className
      )}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-brand-600" />
      Unread
    </span>
  )
}

/** Published to selected teams only: the user's team is one of them. */
export function PrivateChip() {
  return (
    <span
      title="Published for your team only"
      className="inline-flex items-center rounded bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-amber-900 ring-1 ring-amber-600/30 ring-inset"
    >
      Private<span className="sr-only">: published for your team only</span>
    </span>
  )
}

const chipClass =
  'inline-flex max-w-full items-center rounded-full bg-slate-50 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 ring-inset'

/** A report's tags as chips; links to the list filtered to the tag when `linked`. */
export function TagChips({
  tags,
  linked = false,
  className,
}: {
  tags: TaxonomyOption[]
  linked?: boolean
  className?: string
}) {
  if (tags.length === 0) return null
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li key={tag.id} className="max-w-full">
          {linked ? (
            <Link
              href={reportsHref({ ...NO_FILTERS, tagId: tag.id })}
              title={`All reports tagged ${tag.name}`}
              className={cn(
                chipClass,
                'hover:bg-brand-50 hover:text-brand-900 hover:ring-brand-500/40'
              )}
            >
              <span className="truncate">{tag.name}</span>
            </Link>
          ) : (
            <span className={chipClass}>
              <span className="truncate">{tag.name}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * A report in a grid: category, title (the link, stretched over the card), date and pages,
 * unread and private markers, the summary (clamped) and the tags.
 */
export function ReportCard({
  report,
  locale,
  headingLevel = 'h3',
}: {
  report: ReportCardData
  locale: string
  headingLevel?: 'h2' | 'h3'
}) {
  const dates = useDates()
  const Heading = headingLevel
  return (
    <article
      className={cn(
        'relative flex h-full flex-col rounded-lg border bg-white p-4 shadow-sm transition-shadow hover:shadow-md',
        'has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-500 has-[a:focus-visible]:ring-offset-2',
        report.unread ? 'border-brand-500/40' : 'border-slate-200'
      )}
    >
      <Heading className="mt-2 text-base leading-snug break-words">
        <Link
          href={reportHref(report.id)}
          className={cn(
            'after:absolute after:inset-0 after:rounded-lg hover:text-brand-700 hover:underline',
            report.unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'
          )}
        >
          {report.title}
        </Link>
      </Heading>
      {/* Shown above the title, read after it: the heading starts the card for a reader. */}
      <div className="-order-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-xs font-medium text-brand-700">{report.insightsCategory}</span>
        {report.isPrivate ? <PrivateChip /> : null}
        {report.unread ? <UnreadMarker className="ml-auto" /> : null}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <time dateTime={report.createdAt}>{reportDate(report.createdAt, dates.locale)}</time>
        {report.pageCount ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{pagesText(report.pageCount, locale)}</span>
          </>
        ) : null}
        {report.version > 1 ? (
          <>
            <span aria-hidden="true">·</span>
            <span>Version {report.version}</span>
          </>
        ) : null}
      </p>
      {report.summary ? (
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{report.summary}</p>
      ) : null}
      <TagChips tags={report.tags} className="mt-auto pt-3" />
    </article>
  )
}

/** Cards in a responsive grid, in the order given (the server's: newest first). */
export function ReportGrid({
  reports,
  locale,
  label,
  className,
}: {
  reports: ReportCardData[]
  locale: string
  label: string
  className?: string
}) {
  return (
    <ul
      aria-label={label}
      className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4', className)}
    >
      {reports.map((report) => (
        <li key={report.id} className="min-w-0">
          <ReportCard report={report} locale={locale} />
        </li>
      ))}
    </ul>
  )
}
