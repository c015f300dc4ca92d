import type { ReactNode } from 'react'
import { AppShell } from '~/layouts/app_shell'
import { ResearchNav, type ResearchPageKey } from '~/components/research/research_nav'

/**
 * The frame every Research Insights page shares: the area's name, the page title (the document
 * title reads "Trending themes - Research Insights"), an optional description and actions, and
 * the area's tabs.
 */
export function ResearchPage({
  title,
  heading,
  current,
  description,
  actions,
  children,
}: {
  title: string
  /** The visible heading when it differs from the title (an article's full title). */
  heading?: ReactNode
  current: ResearchPageKey | null
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <AppShell title={`${title} - Research Insights`}>
      <p className="text-sm font-medium text-brand-700">Research Insights</p>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words text-slate-900">{heading ?? title}</h1>
          {description ? (
            <div className="mt-1 max-w-3xl text-sm text-slate-600">{description}</div>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
      </div>
      <ResearchNav current={current} />
      <div className="mt-6">{children}</div>
    </AppShell>
  )
}
