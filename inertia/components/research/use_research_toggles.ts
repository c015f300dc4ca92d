import { useCallback, useRef, useState } from 'react'
import { toast } from 'sonner'
import { api, errorMessage } from '~/lib/api'
import { useSharedProps } from '~/hooks/use_shared_props'

/**
 * An on/off state per id, shown at once and sent to the server; a refused request puts the
 * previous state back and says so. A second click while a request is under way is ignored.
 */
function useOptimisticToggle(
  send: (id: number, on: boolean) => Promise<unknown>,
  failure: (on: boolean) => string
) {
  const [overrides, setOverrides] = useState<ReadonlyMap<number, boolean>>(new Map())
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())
  const inFlight = useRef(new Set<number>())

  const set = (id: number, on: boolean) => setOverrides((current) => new Map(current).set(id, on))
  const settle = (id: number) => {
    inFlight.current.delete(id)
    setPending(new Set(inFlight.current))
  }

  const isOn = useCallback(
    (id: number, serverValue: boolean) => overrides.get(id) ?? serverValue,
    [overrides]
  )

  const toggle = (id: number, current: boolean) => {
    if (inFlight.current.has(id)) return
    inFlight.current.add(id)
    setPending(new Set(inFlight.current))
    const next = !current
    set(id, next)
    send(id, next)
      .catch((error: unknown) => {
        set(id, current)
        toast.error(errorMessage(error, failure(next)))
      })
      .finally(() => settle(id))
  }

  return { isOn, toggle, isPending: (id: number) => pending.has(id) }
}

/** Starred themes: `isStarred(theme.id, theme.is_starred)`, `toggleStar(theme.id, starred)`. */
export function useThemeStars() {
  const { isOn, toggle, isPending } = useOptimisticToggle(
    (themeId, on) =>
      api.post(
        on ? '/api/trending-themes/starred-themes' : '/api/trending-themes/starred-themes/destroy',
        { themeId }
      ),
    (on) =>
      on
        ? 'The theme could not be starred. Try again.'
        : 'The theme could not be unstarred. Try again.'
  )
  return { isStarred: isOn, toggleStar: toggle, isStarPending: isPending }
}

/** Bookmarks: `isBookmarked(document.id, document.is_bookmarked)`, `toggleBookmark(...)`. */
export function useBookmarks() {
  const { user } = useSharedProps()
  const { isOn, toggle, isPending } = useOptimisticToggle(
    (documentId, on) =>
      api.post(on ? '/api/trending-themes/bookmark' : '/api/trending-themes/bookmark/destroy', {
        userId: user?.id,
        documentId,
      }),
    (on) =>
      on
        ? 'The document could not be bookmarked. Try again.'
        : 'The bookmark could not be removed. Try again.'
  )
  return { isBookmarked: isOn, toggleBookmark: toggle, isBookmarkPending: isPending }
}
