import { cn } from '~/lib/cn'
import type { RequestStatus } from '@shared/research'

const STATUS_STYLES: Record<RequestStatus, string> = {
  submitted: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  in_progress: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  answered: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  declined: 'bg-red-50 text-red-800 ring-red-600/20',
}

/** A research request's status, one look for the client's and the research team's pages. */
export function RequestStatusBadge({ status, label }: { status: RequestStatus; label: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        STATUS_STYLES[status]
      )}
    >
      {label}
    </span>
  )
}
