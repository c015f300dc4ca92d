import * as DialogPrimitive from '@radix-ui/react-dialog'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { Icon } from '~/components/icons'

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
  className?: string
  /**
   * Where the focus goes when the dialog closes and the element to give it back to is gone or
   * disabled (the action removed or disabled its button). Without it, the heading of the
   * nearest section around that element that is still on the page takes it.
   */
  fallbackFocus?: () => HTMLElement | null | undefined
}

/** The element can take the focus: on the page, not disabled, not hidden or inert. */
function canFocus(element: HTMLElement | null | undefined): element is HTMLElement {
  return (
    !!element &&
    element.isConnected &&
    element !== document.body &&
    !element.matches(':disabled') &&
    !element.closest('[inert],[hidden]') &&
    element.getClientRects().length > 0
  )
}

/** Gives the element the focus, making it focusable from script (tabindex -1) if need be. */
function focusElement(element: HTMLElement) {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1
  element.focus()
  return document.activeElement === element
}

/**
 * The element's ancestors, nearest first, read while it is on the page: once removed, it no
 * longer knows where it was.
 */
function ancestorsOf(element: HTMLElement | null) {
  const ancestors: HTMLElement[] = []
  for (let node = element?.parentElement; node && node !== document.body; node = node.parentElement)
    ancestors.push(node)
  return ancestors
}

/**
 * The opener gone: the heading of the nearest section (a section, region, form or main) that
 * held it and is still on the page, else that section itself, else the page's heading.
 */
function fallbackFrom(ancestors: HTMLElement[]): HTMLElement | null {
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected) continue
    if (!ancestor.matches('section, [role="region"], form, [role="search"], main')) continue
    const labelledBy = ancestor.getAttribute('aria-labelledby')?.split(/\s+/)[0]
    const label = labelledBy ? document.getElementById(labelledBy) : null
    const heading = label ?? ancestor.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6')
    if (heading && canFocus(heading)) return heading
    if (canFocus(ancestor)) return ancestor
  }
  const pageHeading = document.querySelector<HTMLElement>('main h1')
  return canFocus(pageHeading) ? pageHeading : null
}

/**
 * Modal dialog: focus trapped, Escape and the close button dismiss it; closed (or removed),
 * focus goes back to what had it when the dialog opened (its button: dialogs here have no
 * trigger of their own). That element gone or disabled (the action removed it), the focus goes
 * to `fallbackFocus`, else to the heading of the section it was in: never to the page's body.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  fallbackFocus,
}: DialogProps) {
  // What had the focus when the dialog opened (read as it opens, before the dialog takes it),
  // and where it was on the page.
  const opener = useRef<HTMLElement | null>(null)
  const openerAncestors = useRef<HTMLElement[]>([])
  // A dialog rendered open and closed by its page removing it: what had the focus when it was
  // first rendered gets it back when it goes.
  const [mountedWith] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)
  )
  const [mountedWithAncestors] = useState(() => ancestorsOf(mountedWith))
  const fallback = useRef(fallbackFocus)
  useEffect(() => {
    fallback.current = fallbackFocus
  })

  /**
   * Gives the focus back: to the element, else the fallback. Left alone when the page already
   * put it somewhere else (outside the dialog) as the dialog closed.
   */
  const restoreFocus = (element: HTMLElement | null, ancestors: HTMLElement[]) => {
    const active = document.activeElement as HTMLElement | null
    if (
      active &&
      active !== document.body &&
      active !== element &&
      active.isConnected &&
      !active.closest('[role="dialog"]')
    )
      return
    if (canFocus(element)) {
      element.focus()
      return
    }
    const target = fallback.current?.() ?? fallbackFrom(ancestors)
    if (target?.isConnected) focusElement(target)
  }

  useEffect(
    () => () => {
      if (mountedWith && mountedWith !== document.body)
        restoreFocus(mountedWith, mountedWithAncestors)
    },
    // Once, as the dialog goes (restoreFocus reads refs only).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mountedWith]
  )
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement as HTMLElement | null
            openerAncestors.current = ancestorsOf(opener.current)
          }}
          // Closed or removed: back to that element (Radix would look for a trigger, and find
          // none: these dialogs are opened by the page's own buttons), or the fallback.
          onCloseAutoFocus={(event) => {
            const element = opener.current ?? mountedWith
            const ancestors = opener.current ? openerAncestors.current : mountedWithAncestors
            opener.current = null
            openerAncestors.current = []
            event.preventDefault()
            restoreFocus(element, ancestors)
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(56rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
            className
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100"
            >
              <Icon name="close" className="h-5 w-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="mt-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
