/**
 * The editors' overrides of a week's trending ranking applied to the computed one: pure, no
 * database. Used to preview a week on the administration page and to fix, at publication, the
 * order clients see.
 *
 * 1. Start from the ranked themes in computed order; hidden themes leave the list.
 * 2. Moves, by position (then theme): each theme is taken out and put back at its position.
 * 3. Pins, by position (then theme): taken out, then put back at exactly their positions; the
 *    themes not pinned fill the other places in the order of step 2.
 * A position beyond the end of the list means the end. A theme the job did not rank (too few
 * providers) enters the list only when an editor pins or moves it.
 *
 * A pinned theme is an "Editor's pick" when the pin changed its place: its position after step 3
 * differs from the one it had after step 2 (or it entered the list through the pin).
 */

export type OverrideKind = 'pin' | 'hide' | 'move'

export interface RankingOverride {
  themeId: number
  kind: OverrideKind
  /** 1 = first; null for 'hide'. */
  position: number | null
}

export interface PublishedPlace {
  themeId: number
  rank: number
  editorsPick: boolean
}

export function applyOverrides(
  computed: { themeId: number; rank: number | null }[],
  overrides: RankingOverride[]
): PublishedPlace[] {
  const byTheme = new Map(overrides.map((override) => [override.themeId, override]))
  const byPosition = (kind: OverrideKind) =>
    overrides
      .filter((override) => override.kind === kind)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.themeId - b.themeId)

  const order = computed
    .filter((entry) => entry.rank !== null && byTheme.get(entry.themeId)?.kind !== 'hide')
    .sort((a, b) => a.rank! - b.rank!)
    .map((entry) => entry.themeId)
  const known = new Set(computed.map((entry) => entry.themeId))

  const place = (list: number[], themeId: number, position: number) => {
    const without = list.filter((id) => id !== themeId)
    without.splice(Math.min(Math.max(position, 1), without.length + 1) - 1, 0, themeId)
    return without
  }

  let moved = order
  for (const move of byPosition('move')) {
    if (known.has(move.themeId)) moved = place(moved, move.themeId, move.position ?? 1)
  }

  const pins = byPosition('pin').filter((pin) => known.has(pin.themeId))
  const pinned = new Set(pins.map((pin) => pin.themeId))
  const final = moved.filter((id) => !pinned.has(id))
  for (const pin of pins) {
    const index = Math.min(Math.max(pin.position ?? 1, 1), final.length + 1) - 1
    final.splice(index, 0, pin.themeId)
  }

  const before = new Map(moved.map((id, index) => [id, index]))
  return final.map((themeId, index) => ({
    themeId,
    rank: index + 1,
    editorsPick: pinned.has(themeId) && before.get(themeId) !== index,
  }))
}
