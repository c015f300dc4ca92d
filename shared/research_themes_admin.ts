/**
 * The theme management page (`themeManagement`, /admin/research-discovery/themes): what the
 * server hands the page and the limits both check.
 */

/** A group's or a theme's name, and a synonym: at most this many characters. */
export const THEME_NAME_MAX = 120

export type ThemeStatus = 'active' | 'retired'

export interface ThemeAdminGroup {
  id: number
  name: string
  parentId: number | null
  /** The group's place among its siblings, 1 = first. */
  position: number
  /** Its siblings' count (the last can move no further down). */
  siblingCount: number
  /** The names from the top group down to this one: "Macro › Monetary policy". */
  path: string
  depth: number
}

export interface ThemeAdminTheme {
  id: number
  name: string
  groupId: number
  status: ThemeStatus
  synonyms: { id: number; name: string }[]
  /** Documents tagged with it (any status), and users who starred it. */
  documentCount: number
  starCount: number
}

export interface ThemeAdminProps {
  /** Depth first, each group's children in their order. */
  groups: ThemeAdminGroup[]
  themes: ThemeAdminTheme[]
}

/** The name as the page and server check it before anything else (trimmed first). */
export function themeNameProblem(name: string, noun: 'group' | 'theme' | 'synonym') {
  if (!name) return noun === 'synonym' ? 'Type the synonym.' : `Give the ${noun} a name.`
  if (name.length > THEME_NAME_MAX)
    return `The ${noun === 'synonym' ? 'synonym' : 'name'} is ${name.length} characters long: at most ${THEME_NAME_MAX}.`
  return null
}

/** The theme list's filters, as the page's address holds them (`?q=&group=&status=`). */
export interface ThemeFilter {
  /** Words a theme's name or one of its synonyms contains; case and accents aside. */
  q: string
  /** A group: its themes and those of every group inside it. */
  group: number | null
  status: ThemeStatus | 'all'
}

export const NO_THEME_FILTER: ThemeFilter = { q: '', group: null, status: 'all' }

/** The filters an address names; anything else is no filter. */
export function themeFilterOf(search: string): ThemeFilter {
  const params = new URLSearchParams(search)
  const group = params.get('group') ?? ''
  const status = params.get('status')
  return {
    // Control and invisible characters match nothing a reader typed: they are dropped.
    q: (params.get('q') ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, THEME_NAME_MAX),
    group: /^[1-9]\d{0,9}$/.test(group) ? Number(group) : null,
    status: status === 'active' || status === 'retired' ? status : 'all',
  }
}

/** The group's own id and every group inside it (groups come depth first). */
export function groupAndInside(groups: ThemeAdminGroup[], id: number) {
  const inside = new Set([id])
  for (const group of groups) {
    if (group.parentId !== null && inside.has(group.parentId)) inside.add(group.id)
  }
  return inside
}

/** The filter's parameters of an address: those not set are absent. */
export function themeFilterParams(filter: ThemeFilter) {
  return {
    q: filter.q,
    group: filter.group === null ? '' : String(filter.group),
    status: filter.status === 'all' ? '' : filter.status,
  }
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** The themes the filter keeps, in their order. */
export function filterThemes(
  themes: ThemeAdminTheme[],
  groups: ThemeAdminGroup[],
  filter: ThemeFilter
) {
  const words = folded(filter.q).split(/\s+/).filter(Boolean)
  const inGroup = filter.group === null ? null : groupAndInside(groups, filter.group)
  return themes.filter((theme) => {
    if (filter.status !== 'all' && theme.status !== filter.status) return false
    if (inGroup && !inGroup.has(theme.groupId)) return false
    if (words.length === 0) return true
    const names = [theme.name, ...theme.synonyms.map((synonym) => synonym.name)].map(folded)
    return words.every((word) => names.some((name) => name.includes(word)))
  })
}
