import { Link } from '@inertiajs/react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { movementDescription, movementLabel, type Movement } from '@shared/research'
import { highlightParts } from '@shared/research_views'

const MOVEMENT_STYLES: Record<Movement['kind'], string> = {
  up: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  down: 'bg-red-50 text-red-800 ring-red-600/20',
  new: 'bg-brand-50 text-brand-800 ring-brand-600/20',
  same: 'bg-slate-100 text-slate-700 ring-slate-500/20',
}

/** ▲3 / ▼2 / NEW / =, read out as "up 3 places" etc. */
export function MovementBadge({ movement }: { movement: Movement }) {
  const description = movementDescription(movement)
  return (
    <span
      title={`Since last week: ${description}`}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap tabular-nums ring-1 ring-inset',
        MOVEMENT_STYLES[movement.kind]
      )}
    >
      <span aria-hidden="true">{movementLabel(movement)}</span>
      <span className="sr-only">{description}</span>
    </span>
  )
}

/** Spend-aware: the team pays this provider. */
export function PaidTag() {
  return (
    <span
      title="Your team pays this provider"
      className="inline-flex items-center rounded bg-emerald-50 px-1.5 py-0.5 text-[11px] font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset"
    >
      Paid
    </span>
  )
}

/** A provider's name with its Paid tag. */
export function ProviderName({
  name,
  isPaid,
  className,
}: {
  name: string
  isPaid: boolean | null
  className?: string
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      <span>{name}</span>
      {isPaid ? <PaidTag /> : null}
    </span>
  )
}

export function StarIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn('size-4 shrink-0', className)}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
    >
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </svg>
  )
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
    >
      <path d="M6.5 3.5h11v17l-5.5-4-5.5 4z" />
    </svg>
  )
}

/** A theme's name as a chip; the primary theme stands out, a starred theme carries a star. */
export function ThemeChip({
  name,
  starred,
  primary = false,
  href,
}: {
  name: string
  starred: boolean
  primary?: boolean
  /** Makes the chip a link (to the theme's research). */
  href?: string
}) {
  const className = cn(
    'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
    primary
      ? 'bg-brand-100 font-semibold text-brand-900 ring-brand-600/40'
      : 'bg-slate-50 text-slate-700 ring-slate-300',
    href && 'hover:bg-brand-100 hover:text-brand-900'
  )
  const content = (
    <>
      {starred ? <StarIcon filled className="size-3 text-amber-500" /> : null}
      <span className="truncate">{name}</span>
      {primary ? <span className="sr-only">(primary theme)</span> : null}
      {starred ? <span className="sr-only">(starred)</span> : null}
    </>
  )
  return href ? (
    <Link href={href} className={className}>
      {content}
    </Link>
  ) : (
    <span className={className}>{content}</span>
  )
}

/** Star / unstar a theme (a toggle button: pressed = starred). */
export function StarButton({
  themeName,
  starred,
  pending,
  onToggle,
  className,
}: {
  themeName: string
  starred: boolean
  pending?: boolean
  onToggle: () => void
  className?: string
}) {
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={`Star ${themeName}`}
      title={starred ? `Unstar ${themeName}` : `Star ${themeName}`}
      onClick={onToggle}
      aria-busy={pending || undefined}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-amber-50',
        starred ? 'text-amber-500' : 'text-slate-400 hover:text-amber-600',
        className
      )}
    >
      <StarIcon filled={starred} className="size-5" />
    </button>
  )
}

/** Bookmark / remove the bookmark of a document (pressed = bookmarked). */
export function BookmarkButton({
  title,
  bookmarked,
  pending,
  onToggle,
  showLabel = false,
}: {
  title: string
  bookmarked: boolean
  pending?: boolean
  onToggle: () => void
  showLabel?: boolean
}) {
  return (
    <button
      type="button"
      aria-pressed={bookmarked}
      aria-label={showLabel ? undefined : `Bookmark ${title}`}
      title={showLabel ? undefined : bookmarked ? 'Remove the bookmark' : 'Bookmark'}
      onClick={onToggle}
      aria-busy={pending || undefined}
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium',
        showLabel
          ? 'border border-slate-300 bg-white px-3 py-2 hover:bg-slate-50'
          : 'size-8 hover:bg-brand-50',
        bookmarked ? 'text-brand-700' : 'text-slate-500 hover:text-brand-700'
      )}
    >
      <BookmarkIcon filled={bookmarked} />
      {showLabel ? (bookmarked ? 'Bookmarked' : 'Bookmark') : null}
    </button>
  )
}

/** Text with the search matches (between the server's markers) as <mark>, never as HTML. */
export function Highlighted({ text }: { text: string }) {
  return (
    <>
      {highlightParts(text).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        )
      )}
    </>
  )
}

/** An empty list, said plainly, with what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children ? (
        <div className="mx-auto mt-2 max-w-xl space-y-2 text-sm text-slate-600">{children}</div>
      ) : null}
    </div>
  )
}
