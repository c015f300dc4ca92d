/**
 * The page rule every paginated list follows (admin lists, and client lists with pages). The
 * page number comes from the address, where anyone can type anything: a number that is not a
 * page (0, -2, 1.5, abc) shows the first page, a page past the end shows the last one, and the
 * list says so in a notice. A page number never refuses the request.
 */

/** The highest page a list ever asks the database for; beyond it, the last page is shown. */
export const MAX_LIST_PAGE = 100_000

/** Where a list is in its pages, as every paginated page receives it. */
export interface ListPageMeta {
  total: number
  currentPage: number
  lastPage: number
}

/** The page asked for in the address, read by the page rule. */
export interface AskedPage {
  /** The page to load first. */
  page: number
  /** What the address said, for the notice (null when it named no page). */
  asked: string | null
  /** Whether the address named a page that cannot exist (0, abc): the first page is shown. */
  invalid: boolean
}

const WHOLE_NUMBER = /^\s*\+?\d+\s*$/

/** Reads the `page` of a query string: any value, never an error. */
export function readAskedPage(value: unknown): AskedPage {
  const raw = Array.isArray(value) ? value[value.length - 1] : value
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { page: 1, asked: null, invalid: false }
  }
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '?'
  if (!WHOLE_NUMBER.test(text)) return { page: 1, asked: text, invalid: true }
  const number = Number(text)
  if (!Number.isFinite(number) || number < 1) return { page: 1, asked: text, invalid: true }
  // Past the highest page we ask for, the list still loads (and shows its last page).
  return {
    page: Math.min(number, MAX_LIST_PAGE),
    asked: text.replace(/^\+?0*/, ''),
    invalid: false,
  }
}

/** The page to show once the list's last page is known. */
export function pageToShow(asked: AskedPage, lastPage: number) {
  return Math.max(1, Math.min(asked.page, lastPage))
}

/**
 * What the list says about the page asked for, or null when it showed that page.
 * "There is no page 40: showing the last page, 3."
 */
export function pageNotice(asked: AskedPage, lastPage: number): string | null {
  if (asked.asked === null) return null
  const named = asked.asked.length > 24 ? `${asked.asked.slice(0, 24)}…` : asked.asked
  if (asked.invalid) return `There is no page ${named}: showing the first page.`
  if (Number(asked.asked) > Math.max(1, lastPage)) {
    return `There is no page ${named}: showing the last page, ${Math.max(1, lastPage)}.`
  }
  return null
}

/**
 * A list's address with its filters and page: empty filters and page 1 are left out, so that
 * the same list always has the same address.
 */
export function listHref(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
  page = 1
) {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '' || value === false) continue
    query.set(key, String(value))
  }
  if (page > 1) query.set('page', String(page))
  const search = query.toString()
  return search ? `${path}?${search}` : path
}
