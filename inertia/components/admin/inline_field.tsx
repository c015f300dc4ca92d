import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

export interface ControlProps {
  'id': string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  'className': string
}

/** The class of an admin editor's input, outlined when it is in error. */
export const controlClass = (error?: string, extra?: string) =>
  cn(
    'block w-full rounded-md border bg-white px-2 py-1.5 text-sm',
    error ? 'border-red-500 ring-1 ring-red-300' : 'border-slate-300',
    extra
  )

/** The props that tie a control to its error: outlined, described by the message. */
export function errorProps(id: string, error?: string, extra?: string): ControlProps {
  return {
    'id': id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'className': controlClass(error, extra),
  }
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
      {message}
    </p>
  ) : null
}

/**
 * A compact labelled control for the admin editors. The error sits outside the label, so the
 * control's accessible name stays the field's name; the error describes it.
 */
export function InlineField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string
  label: string
  error?: string
  className?: string
  children: (props: ControlProps) => ReactNode
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(errorProps(id, error))}
      <FieldError id={id} message={error} />
    </div>
  )
}
