/**
 * The top bar's unread insights count, pushed by a page that knows a fresher figure (the report
 * viewer, after its visit marked the report read), so that the badge falls without a reload.
 */
export const UNREAD_REPORTS_EVENT = 'insights-reports:unread'

/** Tells the shell the user's unread insights count. */
export function announceUnreadReports(count: number) {
  if (typeof window === 'undefined' || !Number.isFinite(count) || count < 0) return
  window.dispatchEvent(new CustomEvent<number>(UNREAD_REPORTS_EVENT, { detail: count }))
}

/** Calls `listener` with each announced count; returns the function that stops listening. */
export function onUnreadReports(listener: (count: number) => void) {
  const handle = (event: Event) => {
    const count = (event as CustomEvent<unknown>).detail
    if (typeof count === 'number' && Number.isFinite(count) && count >= 0) listener(count)
  }
  window.addEventListener(UNREAD_REPORTS_EVENT, handle)
  return () => window.removeEventListener(UNREAD_REPORTS_EVENT, handle)
}
