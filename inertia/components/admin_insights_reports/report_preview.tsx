import { useId, useLayoutEffect, useRef } from 'react'
import { ReportCard } from '~/components/insights_reports/report_card'
import type { ReportFormData } from '~/components/admin_insights_reports/report_form'
import type { ReportFormOptions } from '@shared/insights_reports'

/**
 * The report as clients will see it in their list: the clients' own card, fed with what the
 * form holds (new and unread, as it reaches them). Its link would go nowhere yet: in the
 * preview the title is plain text (no link, no Tab stop), and clicks are stopped.
 */
export function ReportPreview({
  data,
  options,
  version = 1,
  pageCount = null,
  publishedAt,
}: {
  data: ReportFormData
  options: ReportFormOptions
  version?: number
  pageCount?: number | null
  publishedAt?: string
}) {
  const id = useId()
  const category = options.categories.find((entry) => entry.id === data.category_id)
  const tags = options.tags.filter((tag) => data.tag_ids.includes(tag.id))
  // The clients' card renders its title as a link: without its address, an anchor is plain
  // text (neither a link for a screen reader nor a Tab stop). After every render, should the
  // card render it again.
  const card = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    for (const link of card.current?.querySelectorAll('a[href]') ?? []) {
      link.removeAttribute('href')
    }
  })
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-sm">
      <p id={`${id}-title`} className="mb-2 text-sm font-medium text-slate-700">
        Preview in the clients’ list
      </p>
      <div
        ref={card}
        onClickCapture={(event) => {
          if ((event.target as HTMLElement).closest('a')) event.preventDefault()
        }}
      >
        <ReportCard
          locale="en-GB"
          report={{
            id: 0,
            title: data.title.trim() || 'Untitled report',
            summary: data.summary.trim() || null,
            fileName: data.file_name,
            insightsCategory: category?.name ?? 'No category',
            categoryId: category?.id ?? 0,
            insightsTag: tags.length ? tags.map((tag) => tag.name).join(', ') : null,
            tags,
            createdAt: publishedAt ?? new Date().toISOString(),
            pageCount,
            version,
            userHasRead: false,
            unread: true,
            isPrivate: data.access_type === 'selected_teams',
          }}
        />
      </div>
      <p className="mt-2 text-xs text-slate-600">
        New reports show as unread to their readers. The link opens the report once it is published.
      </p>
    </section>
  )
}
