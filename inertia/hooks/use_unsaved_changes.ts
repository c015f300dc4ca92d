import { useEffect } from 'react'
import { router } from '@inertiajs/react'
import { setHistoryGuard } from '~/lib/history_guard'

export const UNSAVED_CHANGES_MESSAGE =
  'You have unsaved changes on this page. Leave and discard them?'

/**
 * While `dirty`, leaving the page asks first: reload or closing (the browser's own prompt),
 * Inertia links and visits (a confirm; saves and other non-GET requests are not leaving), and
 * Back or Forward (see the history guard).
 */
export function useUnsavedChangesGuard(dirty: boolean, message = UNSAVED_CHANGES_MESSAGE) {
  useEffect(() => {
    if (!dirty) return

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    const removeBefore = router.on('before', (event) => {
      const visit = event.detail.visit
      if (visit.method !== 'get' || visit.prefetch) return
      // Reloading this very page's props is not leaving it.
      const { pathname, search } = window.location
      if (visit.url.pathname === pathname && visit.url.search === search) return
      if (!window.confirm(message)) event.preventDefault()
    })
    window.addEventListener('beforeunload', onBeforeUnload)
    setHistoryGuard(message)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      setHistoryGuard(null)
      removeBefore()
    }
  }, [dirty, message])
}
