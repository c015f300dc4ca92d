import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { cn } from '~/lib/cn'

export interface MultiSelectOption {
  value: string
  label: string
  /** Options are listed under their group's name, in the order given. */
  group?: string
  /** A short note after the label ("Paid"). */
  note?: string
}

/**
 * A button that opens a list of checkboxes (with a box to find an option in long lists).
 * Escape, or focus or a click leaving it, closes it; the button says how many are chosen.
 */
export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  searchable = options.length > 12,
  searchLabel = `Find ${label.toLowerCase()}`,
  className,
  invalid,
  describedBy,
  id: givenId,
}: {
  label: string
  options: MultiSelectOption[]
  selected: string[]
  onChange: (values: string[]) => void
  searchable?: boolean
  searchLabel?: string
  className?: string
  invalid?: boolean
  describedBy?: string
  id?: string
}) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const panelId = `${id}-panel`
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [alignEnd, setAlignEnd] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  // Opening moves focus into the list: to its search box, or to the first option.
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [open])

  const shown = useMemo(() => {
    const words = query.trim().toLowerCase()
    if (!words) return options
    return options.filter((option) =>
      `${option.label} ${option.group ?? ''}`.toLowerCase().includes(words)
    )
  }, [options, query])

  const groups = useMemo(() => {
    const byGroup = new Map<string, MultiSelectOption[]>()
    for (const option of shown) {
      const key = option.group ?? ''
      byGroup.set(key, [...(byGroup.get(key) ?? []), option])
    }
    return [...byGroup.entries()]
  }, [shown])

  const chosen = new Set(selected)
  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value])

  const openPanel = () => {
    const rect = button.current?.getBoundingClientRect()
    setAlignEnd(rect ? rect.left + 320 > window.innerWidth - 16 : false)
    setOpen(true)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      setOpen(false)
      button.current?.focus()
    }
  }

  const summary =
    selected.length === 0
      ? 'Any'
      : selected.length === 1
        ? (options.find((option) => option.value === selected[0])?.label ?? '1 chosen')
        : `${selected.length} chosen`

  return (
    <div
      ref={root}
      className={cn('relative', className)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={button}
        id={id}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (open ? setOpen(false) : openPanel())}
        className={cn(
          'flex w-full min-w-36 items-center justify-between gap-2 rounded-md border bg-white px-3 py-1.5 text-left text-sm',
          invalid ? 'border-red-400' : 'border-slate-300',
          selected.length ? 'text-slate-900' : 'text-slate-600'
        )}
      >
        <span className="min-w-0 truncate">
          <span className="font-medium text-slate-700">{label}:</span> {summary}
        </span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 text-slate-500">
          <path
            d="M4 6l4 4 4-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute top-full z-30 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg',
          alignEnd ? 'right-0' : 'left-0'
        )}
      >
        {searchable ? (
          <div className="p-1">
            <label htmlFor={`${id}-search`} className="sr-only">
              {searchLabel}
            </label>
            <input
              id={`${id}-search`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={searchLabel}
              autoComplete="off"
              className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
          </div>
        ) : null}
        <fieldset className="max-h-72 overflow-y-auto p-1">
          <legend className="sr-only">{label}</legend>
          {groups.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">Nothing matches “{query.trim()}”.</p>
          ) : null}
          {groups.map(([group, entries]) => (
            <div
              key={group || 'all'}
              role={group ? 'group' : undefined}
              aria-label={group || undefined}
            >
              {group ? (
                <p
                  aria-hidden="true"
                  className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {group}
                </p>
              ) : null}
              {entries.map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
                >
                  <input
                    type="checkbox"
                    checked={chosen.has(option.value)}
                    onChange={() => toggle(option.value)}
                    className="size-4 rounded border-slate-300 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">{option.label}</span>
                  {option.note ? (
                    <span className="text-xs font-medium text-emerald-700">{option.note}</span>
                  ) : null}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
        {selected.length ? (
          <div className="border-t border-slate-100 p-1 pt-2">
            <button
              type="button"
              onClick={() => onChange([])}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Clear {label.toLowerCase()}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  )
}
