import { cn } from '~/lib/cn'

/**
 * An upload's progress bar and its text. Before the browser reports a percentage (or once the
 * file is sent and the server checks it) it pulses instead of filling.
 */
export function UploadProgress({
  progress,
  className,
}: {
  /** The form's `progress` (Inertia's upload progress event). */
  progress: { percentage?: number } | null
  className?: string
}) {
  const percentage = progress?.percentage ?? null
  const sent = percentage !== null && percentage >= 100
  const value = percentage === null || sent ? null : percentage
  const text =
    value === null
      ? sent
        ? 'Uploaded: the server is checking the file…'
        : 'Uploading…'
      : `${Math.round(value)}% uploaded`
  return (
    <div className={cn('max-w-lg space-y-1', className)}>
      <div
        role="progressbar"
        aria-label="Upload"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value === null ? undefined : Math.round(value)}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full bg-teal-700',
            value === null ? 'w-full animate-pulse' : 'transition-[width]'
          )}
          style={value === null ? undefined : { width: `${Math.max(2, Math.min(100, value))}%` }}
        />
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        {text}
      </p>
    </div>
  )
}
