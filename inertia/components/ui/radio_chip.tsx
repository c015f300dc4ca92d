import type { ReactNode } from 'react'

/**
 * One choice of a short radio group, drawn as a bordered chip that shows when it is chosen (a
 * status to move to, a kind of collection). Put inside a fieldset with its legend.
 */
export function RadioChip({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string
  value: string
  checked: boolean
  onChange: () => void
  children: ReactNode
}) {
  return (
    <label className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} />
      {children}
    </label>
  )
}
