import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { Alert } from '~/components/ui/alert'

/**
 * Field errors, tied to their controls.
 *
 * Every validation message of a form is rendered by `FieldError` (a message about one field or one
 * group of fields) or `FormError` (a message about the whole form). A `FieldError` carries the id
 * `<field id>-error`; the control it is about gets `fieldProps(<field id>, error, …)`: aria-invalid
 * and an aria-describedby naming that id (and the hint's, `<field id>-hint`, when there is one), so
 * a screen reader reads the message when the control takes the focus. A group of controls (radio
 * buttons, check boxes, a date range) is a `FieldGroup`: a fieldset described by its error.
 * tests/unit/field_errors.spec.ts refuses a validation message rendered any other way.
 */

/** The id of a field's error message and of its hint. */
export const errorId = (id: string) => `${id}-error`
export const hintId = (id: string) => `${id}-hint`

/** Ids joined for aria-describedby, the missing ones left out; undefined when none is left. */
export function describedBy(...ids: Array<string | false | null | undefined>) {
  const present = ids.filter((value): value is string => Boolean(value))
  return present.length ? present.join(' ') : undefined
}

export interface FieldA11y {
  'id': string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * The attributes that tie a control to its messages: invalid while it has an error, described by
 * the error (and by its hint when `hint` is true, or by any other ids given in `also`).
 */
export function fieldProps(
  id: string,
  error?: string | null,
  hint?: boolean,
  ...also: Array<string | false | null | undefined>
): FieldA11y {
  return {
    'id': id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && hintId(id), error && errorId(id), ...also),
  }
}

/** The message about one field (or one group of fields), named `<id>-error`. */
export function FieldError({
  id,
  message,
  className,
}: {
  id: string
  message?: string | null
  className?: string
}) {
  return message ? (
    <p id={errorId(id)} data-field-error className={cn('mt-1 text-sm text-red-600', className)}>
      {message}
    </p>
  ) : null
}

/** The hint under a field, named `<id>-hint`. */
export function FieldHint({
  id,
  children,
  className,
}: {
  id: string
  children: ReactNode
  className?: string
}) {
  return (
    <p id={hintId(id)} className={cn('text-xs text-slate-500', className)}>
      {children}
    </p>
  )
}

/**
 * A message about the whole form (no single field is at fault), announced when it appears; `inside`
 * when it sits in an alert of its own already (a heading and the message, say).
 */
export function FormError({
  message,
  className,
  inside = false,
}: {
  message?: string | null
  className?: string
  inside?: boolean
}) {
  if (!message) return null
  if (inside) {
    return (
      <p data-form-error className={className}>
        {message}
      </p>
    )
  }
  return (
    <Alert tone="error" className={className}>
      <span data-form-error>{message}</span>
    </Alert>
  )
}

/**
 * A group of controls answering one question (radio buttons, check boxes, a pair of dates): a
 * fieldset named by its legend and described by its hint and its error.
 */
export function FieldGroup({
  id,
  legend,
  error,
  hint,
  className,
  legendClassName,
  children,
}: {
  id: string
  legend: ReactNode
  error?: string | null
  hint?: ReactNode
  className?: string
  legendClassName?: string
  children: ReactNode
}) {
  return (
    <fieldset
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint ? hintId(id) : null, error && errorId(id))}
      className={className}
    >
      <legend className={legendClassName ?? 'text-sm font-medium text-slate-700'}>{legend}</legend>
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      {children}
      <FieldError id={id} message={error} />
    </fieldset>
  )
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string
  hint?: string
}

/**
 * A labelled text input with its hint and its error, wired for screen readers.
 */
export function Field({ label, error, hint, className, id, ...props }: FieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...fieldProps(inputId, error, Boolean(hint))}
        className={cn(
          'block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:ring-2 focus:outline-none',
          error
            ? 'border-red-400 focus:ring-red-200'
            : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
        )}
        {...props}
      />
      {hint ? <FieldHint id={inputId}>{hint}</FieldHint> : null}
      <FieldError id={inputId} message={error} />
    </div>
  )
}
