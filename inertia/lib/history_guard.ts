/**
 * Back and Forward with unsaved changes. Inertia restores a page from history on `popstate`
 * without a visit (so no 'before' event), and its own listener is on `window` like any other:
 * the guard must be registered before Inertia starts, so that it runs first and can keep
 * Inertia from swapping the page.
 */
let message: string | null = null
let restoring = false

/** The question to ask on Back or Forward, or null when leaving needs no question. */
export function setHistoryGuard(question: string | null) {
  message = question
}

export function installHistoryGuard() {
  window.addEventListener('popstate', (event) => {
    if (restoring) {
      // The step back into this page after a refusal: nothing for Inertia to do.
      restoring = false
      event.stopImmediatePropagation()
      return
    }
    if (message === null || window.confirm(message)) return
    event.stopImmediatePropagation()
    restoring = true
    // The address went back already; stepping forward puts it on this page again.
    window.history.go(1)
  })
}
