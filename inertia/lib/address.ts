import { router } from '@inertiajs/react'

/**
 * The page's own choices in its address (filters), without asking the server: a client-side
 * visit through Inertia, so that the page Inertia keeps (its `url`, read again when the page is
 * restored from history) and the next request's Referer carry them, with the page's state and
 * scroll kept.
 */
export function replaceAddress(url: URL | string) {
  const next = new URL(url, window.location.href)
  router.replace({
    url: `${next.pathname}${next.search}${next.hash}`,
    preserveState: true,
    preserveScroll: true,
  })
}

/** Sets the named parameters of the address (an empty value removes one); the others stay. */
export function setAddressParams(params: Record<string, string | null>) {
  const url = new URL(window.location.href)
  for (const [name, value] of Object.entries(params)) {
    if (value) url.searchParams.set(name, value)
    else url.searchParams.delete(name)
  }
  replaceAddress(url)
}
