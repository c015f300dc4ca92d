import { router } from '@inertiajs/react'

const INVALID = '[aria-invalid="true"]:not([disabled])'

/** The first field in error of the form (or dialog) holding `element`, else of the page's forms. */
function firstInvalidField(doc: Document, element: Element | null) {
  const scope: ParentNode = element?.closest('form, [role="dialog"]') ?? doc
  return (
    scope.querySelector<HTMLElement>(INVALID) ?? doc.querySelector<HTMLElement>(`form ${INVALID}`)
  )
}

/**
 * After a form is refused by the server, the focus goes to its first field in error, so that a
 * screen reader reads the field with its message (the field is described by it) and a keyboard
 * user can correct it at once. Only when the focus is still where the submission left it (on the
 * page, or on a button of the form): a page that moved it on purpose (to a problems summary, say)
 * keeps its choice.
 */
export function focusFirstInvalidField(doc: Document = document) {
  const active = doc.activeElement as HTMLElement | null
  if (active?.closest('[aria-invalid="true"]')) return null
  const leftBySubmission =
    !active ||
    active === doc.body ||
    active.matches('button, input[type="submit"], input[type="button"]')
  if (!leftBySubmission) return null
  const target = firstInvalidField(doc, active)
  if (!target) return null
  target.focus()
  return target
}

/** Whether a change to the page marked a field as in error (or drew one that is). */
function marksInvalid(record: MutationRecord) {
  if (record.type === 'attributes') {
    return (record.target as Element).getAttribute('aria-invalid') === 'true'
  }
  return Array.from(record.addedNodes).some(
    (node) =>
      node instanceof Element &&
      (node.matches('[aria-invalid="true"]') ||
        node.querySelector('[aria-invalid="true"]') !== null)
  )
}

/**
 * Moves the focus once the page has drawn a refusal's messages. A form keeps its errors in its own
 * state, which React draws after the refusal's event, usually within two frames but later on a
 * busy machine: the focus is placed after two frames, and placed again on the first field in
 * error whenever the page marks fields in error within the next `settleMs`, as long as the focus
 * is still where this placed it (a user who has moved on keeps their place).
 */
export function focusInvalidFieldOnceDrawn(doc: Document = document, settleMs = 3000) {
  const view = doc.defaultView
  if (!view) return
  let placed: HTMLElement | null = null
  const place = () => {
    const active = doc.activeElement as HTMLElement | null
    if (placed && active === placed) {
      const first = firstInvalidField(doc, placed)
      if (first && first !== placed) {
        first.focus()
        placed = first
      }
      return
    }
    placed = focusFirstInvalidField(doc) ?? placed
  }
  let pending = false
  const observer = new view.MutationObserver((records) => {
    if (pending || !records.some(marksInvalid)) return
    pending = true
    view.requestAnimationFrame(() => {
      pending = false
      place()
    })
  })
  observer.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-invalid'],
  })
  view.setTimeout(() => observer.disconnect(), settleMs)
  view.requestAnimationFrame(() => view.requestAnimationFrame(place))
}

export function installInvalidFieldFocus() {
  router.on('error', () => focusInvalidFieldOnceDrawn())
}
