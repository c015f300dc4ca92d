export const AREA_PATH = '/admin/providers'

/**
 * Where to go back after a form of the area was sent: the page it was sent from (its
 * `Referer`), without the parameter that opened the form (the edit dialog closes once saved).
 * Only pages of the area: anything else goes to the area's first page.
 */
export function backTarget(referrer: string | null | undefined, parameter: string) {
  if (!referrer) return AREA_PATH
  try {
    const url = new URL(referrer, 'http://localhost')
    if (url.pathname !== AREA_PATH && !url.pathname.startsWith(`${AREA_PATH}/`)) return AREA_PATH
    url.searchParams.delete(parameter)
    const search = url.searchParams.toString()
    return `${url.pathname}${search ? `?${search}` : ''}`
  } catch {
    return AREA_PATH
  }
}
