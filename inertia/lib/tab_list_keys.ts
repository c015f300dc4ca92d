import type { KeyboardEvent } from 'react'

/**
 * The keys of a tab list (WAI-ARIA tabs): Left and Right arrows move the focus to the previous
 * and next tab (wrapping), Home and End to the first and last; Enter or Space then follows the
 * tab, which is a link. Put on the element with `role="tablist"`.
 */
export function tabListKeyDown(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End']
  if (!keys.includes(event.key)) return
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')]
  const current = tabs.indexOf(document.activeElement as HTMLElement)
  if (tabs.length === 0 || current === -1) return
  event.preventDefault()
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? tabs.length - 1
        : (current + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length
  tabs[next].focus()
}
