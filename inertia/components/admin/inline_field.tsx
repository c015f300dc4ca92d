import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { FieldError, fieldProps, type FieldA11y } from '~/components/ui/field'

export { FieldError }

export interface ControlProps extends FieldA11y {
  className: string
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
  return { ...fieldProps(id, error), className: controlClass(error, extra) }
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
      <FieldError id={id} message={error} className="text-xs" />
    </div>
  )
}
