import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

/**
 * The place each wizard was last shown at, by wizard. Kept outside the components: a wizard whose
 * steps are pages is mounted again at every step, and a full page load starts afresh.
 */
const shown = new Map<string, string>()

/** Gives the element the focus, making it focusable from script (tabindex -1) if need be. */
export function focusFromScript(element: HTMLElement | null | undefined) {
  if (!element || !element.isConnected) return false
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1
  element.focus()
  return document.activeElement === element
}

/**
 * A wizard moved on (`place`: the step and whatever the step is about) and the control that moved
 * it went with the old step, taking the focus with it: the new step's heading takes the focus, so
 * that a keyboard or screen reader user goes on from the new step rather than from the top of the
 * page. A focus still on the page stays where it is (a step that changes by itself, as a job
 * ends, does not pull it away), and the first page load starts at the top as usual. `heading`:
 * the step's heading, else the page's.
 */
export function useStepFocus(
  wizard: string,
  place: string,
  heading?: RefObject<HTMLElement | null> | (() => HTMLElement | null)
) {
  useEffect(() => {
    const previous = shown.get(wizard)
    shown.set(wizard, place)
    if (previous === undefined || previous === place) return
    const focused = document.activeElement
    if (focused && focused !== document.body) return
    const target = typeof heading === 'function' ? heading() : heading?.current
    focusFromScript(target ?? document.querySelector<HTMLElement>('main h1'))
  }, [wizard, place, heading])
}

/**
 * Moves the focus, once the page is drawn again, to what `target` finds then: what an action
 * added, or the answer drawn in place of the button it disabled or removed. Called in the same
 * turn as the state changes that draw it. Found nothing, the focus stays where it is.
 */
export function useFocusAfterRender() {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null)
  const [turn, setTurn] = useState(0)
  useEffect(() => {
    const target = pending.current
    if (!target) return
    pending.current = null
    focusFromScript(target())
  }, [turn])
  return useCallback((target: () => HTMLElement | null | undefined) => {
    pending.current = target
    setTurn((count) => count + 1)
  }, [])
}
