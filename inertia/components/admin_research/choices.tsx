import type { DocumentChoices } from '@shared/research_admin'

/** A record's keys and labels, typed, for select options and check boxes. */
export const entries = <K extends string>(record: Record<K, string>) =>
  Object.entries(record) as [K, string][]

/** The themes to choose from, by group (a retired theme only where `keep` names it). */
export function themesByGroup(themes: DocumentChoices['themes'], keep: number[] = []) {
  const groups = new Map<string, DocumentChoices['themes']>()
  for (const theme of themes) {
    if (!theme.active && !keep.includes(theme.id)) continue
    const group = theme.group ?? 'Other'
    groups.set(group, [...(groups.get(group) ?? []), theme])
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
}

/** The options of a theme picker, grouped. */
export function ThemeOptions({ groups }: { groups: ReturnType<typeof themesByGroup> }) {
  return groups.map(([group, themes]) => (
    <optgroup key={group} label={group}>
      {themes.map((theme) => (
        <option key={theme.id} value={theme.id}>
          {theme.name}
        </option>
      ))}
    </optgroup>
  ))
}
