import { useId } from 'react'
import { ReportCard } from '~/components/insights_reports/report_card'
import type { ReportFormData } from '~/components/admin_insights_reports/report_form'
import type { ReportFormOptions } from '@shared/insights_reports'

/**
 * The report as clients will see it in their list: the clients' own card, fed with what the
 * form holds (new and unread, as it reaches them). Its link goes nowhere yet: clicks on it are
 * stopped.
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
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-sm">
      <p id={`${id}-title`} className="mb-2 text-sm font-medium text-slate-700">
        Preview in the clients’ list
      </p>
      <div
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
