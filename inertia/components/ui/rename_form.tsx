import { useForm } from '@inertiajs/react'
import { useEffect, useRef, type FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { FieldError, fieldProps } from '~/components/ui/field'
import { cn } from '~/lib/cn'

export const textInputClass = (error?: string) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:ring-2 focus:outline-none',
    error
      ? 'border-red-400 focus:ring-red-200'
      : 'border-slate-300 focus:border-teal-600 focus:ring-teal-100'
  )

/**
 * Renaming one item of a list in place: the field takes the focus with the name selected, the
 * name is checked before it is sent (`problem`), the server's refusal shows under the field (tied
 * to it with aria-describedby), Escape or Cancel leaves it unchanged, and `onDone` runs when it is
 * saved or abandoned (the list gives the focus back to the item's Rename button).
 */
export function RenameForm({
  id,
  name,
  url,
  problem,
  onDone,
}: {
  /** The field's id, unique on the page. */
  id: string
  /** The current name. */
  name: string
  /** Where the new name is posted (`{ name }`). */
  url: string
  problem: (name: string) => string | null
  onDone: () => void
}) {
  const form = useForm({ name })
  const input = useRef<HTMLInputElement>(null)
  const error = form.errors.name
  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = form.data.name.trim()
    const refused = problem(next)
    if (refused) {
      form.setError('name', refused)
      input.current?.focus()
      return
    }
    if (next === name) return onDone()
    form.transform(() => ({ name: next }))
    form.post(url, {
      preserveScroll: true,
      onSuccess: onDone,
      onError: () => input.current?.focus(),
    })
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-1 flex-wrap items-start gap-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onDone()
        }
      }}
    >
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="sr-only">
          New name of {name}
        </label>
        <input
          ref={input}
          value={form.data.name}
          onChange={(event) => {
            form.setData('name', event.target.value)
            form.clearErrors('name')
          }}
          autoComplete="off"
          {...fieldProps(id, error)}
          className={textInputClass(error)}
        />
        <FieldError id={id} message={error} />
      </div>
      <Button type="submit" disabled={form.processing}>
        Save
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  )
}
