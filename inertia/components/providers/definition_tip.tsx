import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Icon } from '~/components/icons'
import { cn } from '~/lib/cn'

const WIDTH = 272
const GAP = 6
const MARGIN = 8

/**
 * A metric's definition behind a small "i" button: shown on hover, on keyboard focus and on a
 * click (touch), hidden again by Escape, a click elsewhere or leaving it. Screen readers hear
 * the definition as the button's description; the floating copy is for the eyes only. It floats
 * in a portal so that a scrolling table or a card never clips it.
 */
export function DefinitionTip({
  term,
  definition,
  className,
}: {
  /** What is defined, e.g. "Headcount": the button reads "Definition of Headcount". */
  term: string
  definition: string
  className?: string
}) {
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [pinned, setPinned] = useState(false)
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null)
  const closeTimer = useRef<number | undefined>(undefined)

  const place = useCallback(() => {
    const rect = button.current?.getBoundingClientRect()
    if (!rect) return
    const viewport = document.documentElement.clientWidth
    const left = Math.min(
      Math.max(MARGIN, rect.left + rect.width / 2 - WIDTH / 2),
      Math.max(MARGIN, viewport - WIDTH - MARGIN)
    )
    setPosition({ top: rect.bottom + GAP, left })
  }, [])

  const show = () => {
    window.clearTimeout(closeTimer.current)
    setOpen(true)
  }
  const hide = () => {
    setOpen(false)
    setPinned(false)
  }
  // A short delay lets the pointer move onto the definition to read or select it.
  const hideSoon = () => {
    if (pinned) return
    window.clearTimeout(closeTimer.current)
    closeTimer.current = window.setTimeout(hide, 120)
  }

  useLayoutEffect(() => {
    if (open) place()
  }, [open, place])

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    const onPointer = (event: PointerEvent) => {
      if (!button.current?.contains(event.target as Node)) hide()
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('pointerdown', onPointer)
    window.addEventListener('scroll', place, true)
    window.addEventListener('resize', place)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('pointerdown', onPointer)
      window.removeEventListener('scroll', place, true)
      window.removeEventListener('resize', place)
    }
  }, [open, place])

  useEffect(() => () => window.clearTimeout(closeTimer.current), [])

  // `relative`: the hidden definition stays inside a scrolling table instead of widening the page.
  return (
    <span className="relative inline-flex">
      <button
        ref={button}
        type="button"
        aria-label={`Definition of ${term}`}
        aria-describedby={`${id}-definition`}
        onClick={() => {
          if (open && pinned) hide()
          else {
            setPinned(true)
            show()
          }
        }}
        onFocus={show}
        onBlur={() => (pinned ? undefined : hide())}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        className={cn(
          'inline-flex size-5 shrink-0 items-center justify-center rounded-full text-slate-400 normal-case hover:text-brand-700 focus-visible:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
          className
        )}
      >
        <Icon name="info" className="size-3.5" />
      </button>
      <span id={`${id}-definition`} className="sr-only">
        {definition}
      </span>
      {open && position
        ? createPortal(
            <div
              aria-hidden="true"
              data-definition-tip=""
              onMouseEnter={show}
              onMouseLeave={hideSoon}
              style={{ top: position.top, left: position.left, width: WIDTH }}
              className="fixed z-[60] rounded-md border border-slate-200 bg-white px-3 py-2 text-left text-xs leading-relaxed font-normal tracking-normal text-slate-700 normal-case shadow-lg"
            >
              <span className="block font-semibold text-slate-900">{term}</span>
              {definition}
            </div>,
            document.body
          )
        : null}
    </span>
  )
}
