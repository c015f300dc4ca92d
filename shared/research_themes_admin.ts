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
