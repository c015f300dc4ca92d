/** Flashed by a team switch: on the next page, one the new team cannot open leads home. */
export const TEAM_SWITCHED_FLASH = 'team_switched'

/**
 * The query parameter a link from a mail carries to name the team it is for
 * (`/insights-reports/42?team=7`). Opened by a member of that team, the link switches to it.
 */
export const TEAM_LINK_PARAM = 'team'

/** A link of this application for one of the reader's teams. */
export function linkForTeam(url: string, teamId: number) {
  const parsed = new URL(url, 'http://app.invalid')
  parsed.searchParams.set(TEAM_LINK_PARAM, String(teamId))
  return url.startsWith('/') ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href
}

/** The team a link names, or null when it names none (or not as a team id). */
export function teamOfLink(qs: Record<string, unknown>): number | null {
  const value = qs[TEAM_LINK_PARAM]
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null
  return Number(value)
}

/** The same path and query without the team it named (once the team is the current one). */
export function withoutTeamParam(url: string) {
  const parsed = new URL(url, 'http://app.invalid')
  parsed.searchParams.delete(TEAM_LINK_PARAM)
  return `${parsed.pathname}${parsed.search}`
}

/**
 * One record's page of a team's area and the list it belongs to: after a switch the record
 * belongs to the old team, so the new team's list is shown instead of a "not found".
 */
const RECORD_PAGES: [RegExp, string][] = [
  [/^\/insights-reports\/\d+(\/|$)/, '/insights-reports'],
  [/^\/research-discovery\/research\/\d+(\/|$)/, '/research-discovery/research'],
  [/^\/market-data\/templates\/.+/, '/market-data/templates'],
]

/**
 * Where the browser goes after switching team: the page it came from (a path of this
 * application only), without its query string, which may name the old team's records. A
 * record's own page (a report, a research document) leads to its list, and a provider's pages
 * to the new team's default provider, since the new team may not see that record or work with
 * that provider.
 */
export function landingAfterSwitch(referer: string | undefined | null) {
  let path: string
  try {
    path = new URL(referer || '/', 'http://app.invalid').pathname
  } catch {
    return '/'
  }
  if (!path.startsWith('/') || path.startsWith('//')) return '/'
  for (const [page, list] of RECORD_PAGES) if (page.test(path)) return list
  if (/^\/market-data\/(?!templates(\/|$))[^/]+/.test(path)) return '/market-data'
  if (/^\/alternative-data\/[^/]+/.test(path)) return '/alternative-data'
  return path
}
