import { ImportProgress } from '~/components/imports/import_parts'

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
  return <ImportProgress className={className} label="Upload" value={value} text={text} live />
}
