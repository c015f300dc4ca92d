/** Flashed by a team switch: on the next page, one the new team cannot open leads home. */
export const TEAM_SWITCHED_FLASH = 'team_switched'

/**
 * Where the browser goes after switching team: the page it came from (a path of this
 * application only), without its query string, which may name the old team's records. A
 * provider's pages lead to the new team's default provider, since the new team may not work
 * with that provider.
 */
export function landingAfterSwitch(referer: string | undefined | null) {
  let path: string
  try {
    path = new URL(referer || '/', 'http://app.invalid').pathname
  } catch {
    return '/'
  }
  if (!path.startsWith('/') || path.startsWith('//')) return '/'
  if (/^\/market-data\/(?!templates(\/|$))[^/]+/.test(path)) return '/market-data'
  if (/^\/alternative-data\/[^/]+/.test(path)) return '/alternative-data'
  return path
}
