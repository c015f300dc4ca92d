import { cn } from '~/lib/cn'
import type { ReportStatus } from '@shared/insights_reports'

const LABELS: Record<ReportStatus, string> = { published: 'Published', withdrawn: 'Withdrawn' }

const TONES: Record<ReportStatus, string> = {
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  withdrawn: 'bg-slate-100 text-slate-700 ring-slate-400/50',
}

/** A report's status, in words (never the colour alone). */
export function StatusBadge({ status }: { status: ReportStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[status]
      )}
    >
      {LABELS[status]}
    </span>
  )
}

export const STATUS_LABELS = LABELS
