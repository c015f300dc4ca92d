import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import type { ComponentProps } from 'react'
import { cn } from '~/lib/cn'

export const Dropdown = DropdownMenu.Root
export const DropdownTrigger = DropdownMenu.Trigger
export const DropdownGroup = DropdownMenu.Group

export function DropdownContent({
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        data-slot="dropdown-content"
        sideOffset={8}
        className={cn(
          'z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg',
          className
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  )
}

export function DropdownItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900',
        className
      )}
      {...props}
    />
  )
}

export function DropdownLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return (
    <DropdownMenu.Label
      className={cn('px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500', className)}
      {...props}
    />
  )
}

export function DropdownSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
}

/** A menu item that toggles (a column in a column chooser); its check mark shows the state. */
export function DropdownCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.CheckboxItem>) {
  return (
    <DropdownMenu.CheckboxItem
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900',
        className
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex size-4 shrink-0 items-center justify-center rounded border border-slate-300 bg-white data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600"
        data-state={props.checked ? 'checked' : 'unchecked'}
      >
        <DropdownMenu.ItemIndicator>
          <svg viewBox="0 0 16 16" className="size-3 text-white" fill="none">
            <path
              d="M3.5 8.5l3 3 6-7"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.CheckboxItem>
  )
}
