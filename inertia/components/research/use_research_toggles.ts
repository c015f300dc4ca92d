import { useCallback, useRef, useState } from 'react'
import { toast } from 'sonner'
import { api, errorMessage } from '~/lib/api'
import { useSharedProps } from '~/hooks/use_shared_props'

/**
 * An on/off state per id, shown at once and sent to the server; a refused request puts the
 * previous state back and says so. A second click while a request is under way is ignored.
 * `send` and `failure` must be stable (module scope or useCallback).
 */
function useOptimisticToggle(
  send: (id: number, on: boolean) => Promise<unknown>,
  failure: (on: boolean) => string
) {
  const [overrides, setOverrides] = useState<ReadonlyMap<number, boolean>>(new Map())
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())
  const inFlight = useRef(new Set<number>())

  const isOn = useCallback(
    (id: number, serverValue: boolean) => overrides.get(id) ?? serverValue,
    [overrides]
  )
  const isPending = useCallback((id: number) => pending.has(id), [pending])

  const toggle = useCallback(
    (id: number, current: boolean) => {
      if (inFlight.current.has(id)) return
      const set = (on: boolean) => setOverrides((previous) => new Map(previous).set(id, on))
      inFlight.current.add(id)
      setPending(new Set(inFlight.current))
      const next = !current
      set(next)
      send(id, next)
        .catch((error: unknown) => {
          set(current)
          toast.error(errorMessage(error, failure(next)))
        })
        .finally(() => {
          inFlight.current.delete(id)
          setPending(new Set(inFlight.current))
        })
    },
    [send, failure]
  )

  return { isOn, toggle, isPending }
}

const sendStar = (themeId: number, on: boolean) =>
  api.post(
    on ? '/api/trending-themes/starred-themes' : '/api/trending-themes/starred-themes/destroy',
    { themeId }
  )
const starFailure = (on: boolean) =>
  on ? 'The theme could not be starred. Try again.' : 'The theme could not be unstarred. Try again.'

/** Starred themes: `isStarred(theme.id, theme.is_starred)`, `toggleStar(theme.id, starred)`. */
export function useThemeStars() {
  const { isOn, toggle, isPending } = useOptimisticToggle(sendStar, starFailure)
  return { isStarred: isOn, toggleStar: toggle, isStarPending: isPending }
}

const bookmarkFailure = (on: boolean) =>
  on
    ? 'The document could not be bookmarked. Try again.'
    : 'The bookmark could not be removed. Try again.'

/** Bookmarks: `isBookmarked(document.id, document.is_bookmarked)`, `toggleBookmark(...)`. */
export function useBookmarks() {
  const userId = useSharedProps().user?.id
  const sendBookmark = useCallback(
    (documentId: number, on: boolean) =>
      api.post(on ? '/api/trending-themes/bookmark' : '/api/trending-themes/bookmark/destroy', {
        userId,
        documentId,
      }),
    [userId]
  )
  const { isOn, toggle, isPending } = useOptimisticToggle(sendBookmark, bookmarkFailure)
  return { isBookmarked: isOn, toggleBookmark: toggle, isBookmarkPending: isPending }
}
