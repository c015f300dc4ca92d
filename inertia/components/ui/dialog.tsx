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
}

/**
 * Modal dialog: focus trapped, Escape and the close button dismiss it; closed (or removed),
 * focus goes back to what had it when the dialog opened (its button: dialogs here have no
 * trigger of their own).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: DialogProps) {
  // What had the focus when the dialog opened (read as it opens, before the dialog takes it).
  const opener = useRef<HTMLElement | null>(null)
  // A dialog rendered open and closed by its page removing it: what had the focus when it was
  // first rendered gets it back when it goes.
  const [mountedWith] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)
  )
  useEffect(
    () => () => {
      if (mountedWith?.isConnected && mountedWith !== document.body) mountedWith.focus()
    },
    [mountedWith]
  )
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement as HTMLElement | null
          }}
          // Closed or removed: back to that element (Radix would look for a trigger, and find
          // none: these dialogs are opened by the page's own buttons).
          onCloseAutoFocus={(event) => {
            const element = opener.current ?? mountedWith
            opener.current = null
            if (!element?.isConnected) return
            event.preventDefault()
            element.focus()
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
