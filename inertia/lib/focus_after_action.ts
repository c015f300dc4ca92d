import { router } from '@inertiajs/react'

/** Where the focus was when an action was sent: found again by its id, label or text. */
interface FocusPlace {
  id: string
  tag: string
  label: string | null
  text: string
}

function placeOf(element: Element | null, doc: Document): FocusPlace | null {
  if (!(element instanceof HTMLElement) || element === doc.body) return null
  return {
    id: element.id,
    tag: element.tagName.toLowerCase(),
    label: element.getAttribute('aria-label'),
    text: element.textContent?.trim() ?? '',
  }
}

function find(place: FocusPlace, doc: Document) {
  const byId = place.id ? doc.getElementById(place.id) : null
  if (byId) return byId
  const same = Array.from(doc.querySelectorAll<HTMLElement>(place.tag)).filter((element) =>
    place.label
      ? element.getAttribute('aria-label') === place.label
      : place.text !== '' && element.textContent?.trim() === place.text
  )
  // Only a control that is the one of its kind: never a look-alike elsewhere on the page.
  return same.length === 1 ? same[0] : null
}

const usable = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element.isConnected && !element.matches(':disabled')

/**
 * After an action's answer has been drawn, the focus goes back where the user was: to the same
 * control found again (by its id, else the one control of its kind with its label or text) or, when
 * the action took it away, to the page's heading — never to the page's body, from which a
 * keyboard user would start again at the top. Only when nothing else placed the focus meanwhile
 * (a dialog's own return, a refused field, the page itself). `last`: no later try will come, so
 * a control still disabled (its form still busy) gives way to the heading.
 */
export function restoreFocusAfterAction(
  place: FocusPlace,
  doc: Document = document,
  last = true
): HTMLElement | 'wait' | null {
  const active = doc.activeElement
  if (active && active !== doc.body) return null
  const found = find(place, doc)
  if (found && !usable(found) && !last) return 'wait'
  const target = usable(found) ? found : doc.querySelector<HTMLElement>('main h1')
  if (!target) return null
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1
  target.focus({ preventScroll: true })
  return doc.activeElement === target ? target : null
}

/** Frames to wait for a control its form keeps disabled until the action has finished. */
const TRIES = 30

/** Keeps the focus through every action (a visit other than GET) that succeeds. */
export function installFocusAfterAction() {
  let place: FocusPlace | null = null
  router.on('start', (event) => {
    place = event.detail.visit.method === 'get' ? null : placeOf(document.activeElement, document)
  })
  // A refused or failed action leaves the focus to its own handling.
  router.on('error', () => {
    place = null
  })
  router.on('success', () => {
    const remembered = place
    place = null
    if (!remembered) return
    // React draws the page the answer brought on the next frames.
    let tries = 0
    const attempt = () => {
      tries += 1
      if (restoreFocusAfterAction(remembered, document, tries >= TRIES) === 'wait') {
        requestAnimationFrame(attempt)
      }
    }
    requestAnimationFrame(() => requestAnimationFrame(attempt))
  })
}
