/*
 * The pure rules behind the DataTable component (inertia/components/ui/data_table.tsx): how cell
 * values sort, which columns are visible (defaults, the user's stored choice), how the arrow keys
 * move between rows, and what "the table as shown" is for an export. No React and no browser
 * APIs here, so that unit tests can import it.
 */

/** What a column's accessor returns: the value it sorts and exports by. */
export type CellValue = string | number | boolean | Date | null | undefined

/** Column id → visible. Columns absent from the map are visible (TanStack's convention). */
export type VisibilityMap = Record<string, boolean>

/** What the visibility rules need to know about a column. */
export interface VisibilityColumn {
  id: string
  /** False for columns that are always shown (names, actions). */
  hideable: boolean
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/**
 * Ascending comparison of two cell values: numbers numerically, dates by time, booleans false
 * first, text in natural order ("Item 2" before "Item 10") ignoring case and accents. Empty
 * values (null, undefined, '') sort after every value.
 */
export function compareCellValues(a: CellValue, b: CellValue): number {
  const aEmpty = a === null || a === undefined || a === ''
  const bEmpty = b === null || b === undefined || b === ''
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) === Number.isNaN(b) ? 0 : 1
    return a === b ? 0 : a < b ? -1 : 1
  }
  if (a instanceof Date && b instanceof Date) return Math.sign(a.getTime() - b.getTime())
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1
  return collator.compare(String(a), String(b))
}

/**
 * The visibility a table starts with: every column not hideable is shown; hideable columns are
 * shown when `defaultVisible` lists them, or all of them when it is not given.
 */
export function defaultVisibility(
  columns: VisibilityColumn[],
  defaultVisible?: readonly string[]
): VisibilityMap {
  const map: VisibilityMap = {}
  for (const column of columns) {
    map[column.id] = !column.hideable || !defaultVisible || defaultVisible.includes(column.id)
  }
  return map
}

const STORAGE_VERSION = 1

/** The localStorage key a table's column choice is kept under. */
export function visibilityStorageKey(storageKey: string) {
  return `spendlens:table-columns:${storageKey}`
}

/** The stored form of a column choice: only hideable columns, so that defaults can change. */
export function serializeVisibility(map: VisibilityMap, columns: VisibilityColumn[]): string {
  const visible: VisibilityMap = {}
  for (const column of columns) {
    if (column.hideable) visible[column.id] = map[column.id] !== false
  }
  return JSON.stringify({ v: STORAGE_VERSION, visible })
}

/**
 * The visibility to start with given what was stored (null when nothing was): the stored choice
 * for the hideable columns it names, the default for the others — columns added since keep their
 * default, columns removed since are ignored, non-hideable columns are always shown. Anything
 * unreadable (not JSON, another version, non-boolean values) counts as no choice. A stored choice
 * that would leave no column visible is ignored too.
 */
export function readStoredVisibility(
  raw: string | null | undefined,
  columns: VisibilityColumn[],
  defaultVisible?: readonly string[]
): VisibilityMap {
  const defaults = defaultVisibility(columns, defaultVisible)
  const stored = parseStored(raw)
  if (!stored) return defaults
  const merged: VisibilityMap = { ...defaults }
  for (const column of columns) {
    const value = stored[column.id]
    if (column.hideable && typeof value === 'boolean') merged[column.id] = value
  }
  return Object.values(merged).some(Boolean) ? merged : defaults
}

function parseStored(raw: string | null | undefined): Record<string, unknown> | null {
  if (!raw) return null
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== 'object') return null
    const { v, visible } = parsed as { v?: unknown; visible?: unknown }
    if (v !== STORAGE_VERSION || !visible || typeof visible !== 'object' || Array.isArray(visible))
      return null
    return visible as Record<string, unknown>
  } catch {
    return null
  }
}

/** Whether a visibility map differs from the defaults (to enable "Reset to default"). */
export function isDefaultVisibility(
  map: VisibilityMap,
  columns: VisibilityColumn[],
  defaultVisible?: readonly string[]
) {
  const defaults = defaultVisibility(columns, defaultVisible)
  return columns.every((column) => (map[column.id] !== false) === defaults[column.id])
}

/**
 * The row index that a key moves focus to among `count` rows, from `current`; null when the key
 * does not move focus. ArrowUp/ArrowDown stop at the ends (no wrapping), Home/End jump to them.
 */
export function nextRowIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null
  switch (key) {
    case 'ArrowDown':
      return Math.min(current + 1, count - 1)
    case 'ArrowUp':
      return Math.max(current - 1, 0)
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/** A column as exported: its header text and the value it exports. */
export interface MatrixColumn<T> {
  header: string
  value: (row: T) => CellValue
}

/**
 * The table as text and numbers, header first — for a CSV or spreadsheet export of what is shown.
 * Dates become ISO strings, booleans "Yes"/"No", empty values null.
 */
export function tableMatrix<T>(columns: MatrixColumn<T>[], rows: readonly T[]) {
  return {
    header: columns.map((column) => column.header),
    rows: rows.map((row) =>
      columns.map((column): string | number | null => {
        const value = column.value(row)
        if (value === null || value === undefined) return null
        if (value instanceof Date) return value.toISOString()
        if (typeof value === 'boolean') return value ? 'Yes' : 'No'
        return value
      })
    ),
  }
}
