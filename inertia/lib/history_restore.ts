import { router } from '@inertiajs/react'
import { useEffect } from 'react'

/**
 * Back and Forward show a page as it was when it was left: Inertia restores its props from
 * history without asking the server. A page whose figures change because of what the user did
 * elsewhere (a report read, so no longer unread) asks for them again once it is restored.
 */
let restored = false

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    restored = true
  })
  // A visit of its own (a link, a form, a reload) is not a restore.
  router.on('start', () => {
    restored = false
  })
}

/** Reloads the named props of the page when Back or Forward brought it back from history. */
export function useFreshAfterHistoryRestore(only: string[]) {
  const key = only.join(',')
  useEffect(() => {
    const refresh = () => {
      if (!restored) return
      restored = false
      router.reload({ only: key.split(',') })
    }
    // The page may mount before or after Inertia says the navigation is done.
    refresh()
    return router.on('navigate', refresh)
  }, [key])
}
