import type { ReactNode } from 'react'
import { AppShell } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'

/**
 * The frame both Insights Reports pages share: a breadcrumb, the heading with its lead, actions
 * at the right (the download) and a notice above the content.
 */
export function InsightsPage({
  title,
  heading,
  above,
  lead,
  actions,
  notice,
  children,
}: {
  /** The document title: "Insights Reports", or a report's title and the area's name. */
  title: string
  heading?: ReactNode
  /** Above the heading (the viewer's breadcrumb). */
  above?: ReactNode
  lead?: ReactNode
  actions?: ReactNode
  notice?: string | null
  children: ReactNode
}) {
  return (
    <AppShell title={title}>
      {above}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words text-slate-900">{heading ?? title}</h1>
          {lead ? <div className="mt-1 max-w-3xl text-sm text-slate-600">{lead}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
      </div>
      {notice ? (
        <Alert tone="info" className="mt-4">
          {notice}
        </Alert>
      ) : null}
      <div className="mt-6 space-y-6">{children}</div>
    </AppShell>
  )
}
