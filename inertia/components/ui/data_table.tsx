import {
  Fragment,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react'
import {
  columnVisibilityFeature,
  createExpandedRowModel,
  createSortedRowModel,
  functionalUpdate,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row,
  type SortingState,
} from '@tanstack/react-table'
import {
  Dropdown,
  DropdownCheckboxItem,
  DropdownContent,
  DropdownItem,
  DropdownLabel,
  DropdownSeparator,
  DropdownTrigger,
} from '~/components/ui/dropdown_menu'
import { cn } from '~/lib/cn'
import {
  compareCellValues,
  isDefaultVisibility,
  nextRowIndex,
  readStoredVisibility,
  serializeVisibility,
  tableMatrix,
  visibilityStorageKey,
  type CellValue,
  type VisibilityColumn,
  type VisibilityMap,
} from '@shared/table_view'

import { NO_SCROLL_CUE, sameScrollCue, scrollCue, type ScrollCue } from '@shared/table_scroll'
import { useDates } from '~/hooks/use_dates'
import { formatDate } from '@shared/dates'

export type { CellValue } from '@shared/table_view'
export type { SortingState } from '@tanstack/react-table'

/*
 * The product's one data table: a real <table> with sortable headers, a column chooser remembered
 * per user (localStorage), expandable rows (a detail row or nested sub rows), a sticky header, a
 * totals row and arrow-key navigation between rows. Built on TanStack Table v9; pages only see
 * the DataTableColumn type below.
 */

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
})
type Features = typeof features

/** A column of a DataTable. Keep the array stable (module scope or useMemo). */
export interface DataTableColumn<T> {
  /** Unique and stable: used for sorting, the stored column choice and exports. */
  id: string
  /** Header text: shown, read by screen readers, listed in the column chooser, exported. */
  header: string
  /** Shown instead of `header` in the header cell (e.g. a second line); `header` still names it. */
  headerContent?: ReactNode
  /** Keep the header cell's text for screen readers only (e.g. an actions column). */
  hideHeader?: boolean
  /** The definition shown as a tooltip on the header. */
  description?: string
  /**
   * Rendered in the header cell next to the header, outside its sort button (a definition
   * button that keyboard and screen reader users can reach, for instance).
   */
  headerAddon?: ReactNode
  /** The value the column sorts and exports by; without it the column neither sorts nor exports. */
  accessor?: (row: T) => CellValue
  /** The cell's content; defaults to the accessor's value as text. */
  cell?: (row: T) => ReactNode
  /** The totals row cell: content, or a function of all rows. */
  footer?: ReactNode | ((rows: readonly T[]) => ReactNode)
  /** 'right' for numbers (also makes them tabular-nums). */
  align?: 'left' | 'right' | 'center'
  /** Default: true when the column has an accessor. */
  enableSorting?: boolean
  /** Sort descending on the first click (amounts, counts). */
  sortDescFirst?: boolean
  /** Whether the column chooser lists it. Default true; false for names and actions. */
  enableHiding?: boolean
  /** The exported value when it differs from the accessor's (e.g. a rounded figure). */
  exportValue?: (row: T) => CellValue
  /** Extra classes for the body cells (and footer cell) of this column. */
  className?: string
  /** Extra classes for the header cell. */
  headerClassName?: string
}

/** What the table shows right now — for "export what is shown". */
export interface DataTableView<T> {
  /** The visible columns' ids, in display order. */
  visibleColumnIds: string[]
  /** The visible columns, in display order. */
  columns: DataTableColumn<T>[]
  /** The top-level rows in their displayed (sorted) order, sub rows not flattened in. */
  rows: T[]
  sorting: SortingState
}

/** Read through the `ref` prop: `const ref = useRef<DataTableHandle<Row>>(null)`. */
export interface DataTableHandle<T> {
  getView: () => DataTableView<T>
}

export interface DataTableProps<T> {
  data: readonly T[]
  columns: DataTableColumn<T>[]
  /** The table's name: a <caption>, for screen readers only unless `captionVisible`. */
  caption: string
  captionVisible?: boolean
  /** Stable row ids (database ids): keep expansion and focus across data changes. */
  getRowId?: (row: T, index: number) => string
  /** The sort to start with, e.g. [{ id: 'amount', desc: true }]. */
  initialSorting?: SortingState
  /** Turns sorting off for every column. Default true. */
  enableSorting?: boolean
  /** Turns the column chooser off. Default true (shown when some column can be hidden). */
  enableHiding?: boolean
  /** The hideable columns shown by default (all when not given). */
  defaultVisibleColumns?: string[]
  /** Remembers the user's column choice in localStorage under this key (e.g. 'rsa-budgets'). */
  storageKey?: string
  /** Nested rows shown under their parent when it is expanded. */
  getSubRows?: (row: T) => readonly T[] | undefined
  /** A full-width detail row under an expanded row. */
  renderExpanded?: (row: T) => ReactNode
  /** Which rows `renderExpanded` applies to. Default: all. */
  canExpand?: (row: T) => boolean
  /** The expand button's accessible name, e.g. (row) => `Show budget lines for ${row.name}`. */
  expandLabel?: (row: T) => string
  /** Shown in the body when there is no row. */
  emptyMessage?: ReactNode
  /** Rendered at the right of the toolbar, next to the column chooser (export buttons…). */
  toolbar?: ReactNode
  /** Called on a click on a row (not on a link or button in it), and on Enter on a focused row. */
  onRowClick?: (row: T) => void
  rowClassName?: (row: T) => string | undefined
  /** Makes the body scroll under a sticky header, e.g. 480 or '60vh'. */
  maxHeight?: number | string
  /** ArrowUp/ArrowDown/Home/End between rows (one tab stop for the body). Default true. */
  keyboardNavigation?: boolean
  density?: 'normal' | 'compact'
  /** Where cell content sits in a taller row. Default 'middle'; 'top' for multi-line cells. */
  verticalAlign?: 'top' | 'middle'
  /** The rounded, bordered white frame. Default true; false inside a Card. */
  framed?: boolean
  className?: string
  /** Exposes `getView()` (see DataTableHandle). */
  ref?: Ref<DataTableHandle<T>>
}

const alignClass = {
  left: 'text-left',
  right: 'text-right tabular-nums whitespace-nowrap',
  center: 'text-center',
}

/**
 * The product's data table. Columns are plain objects (DataTableColumn); the table sorts by
 * clicking a header, lets users choose columns (kept per `storageKey`), expands rows and shows a
 * totals row when a column has a `footer`.
 *
 * Export what is shown: pass a ref and call `ref.current.getView()` — the visible columns in
 * order, the sorted rows and the sort — or `dataTableMatrix(ref.current.getView())` for header
 * texts and cell values ready for a CSV or spreadsheet.
 */
export function DataTable<T extends object>({
  data,
  columns,
  caption,
  captionVisible = false,
  getRowId,
  initialSorting,
  enableSorting = true,
  enableHiding = true,
  defaultVisibleColumns,
  storageKey,
  getSubRows,
  renderExpanded,
  canExpand,
  expandLabel,
  emptyMessage = 'No rows to show.',
  toolbar,
  onRowClick,
  rowClassName,
  maxHeight,
  keyboardNavigation = true,
  density = 'normal',
  verticalAlign = 'middle',
  framed = true,
  className,
  ref,
}: DataTableProps<T>) {
  const baseId = useId()
  const dates = useDates()
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns])
  const visibilityColumns = useMemo<VisibilityColumn[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        hideable: enableHiding && column.enableHiding !== false,
      })),
    [columns, enableHiding]
  )

  const [columnVisibility, setColumnVisibility] = useState<VisibilityMap>(() =>
    readStoredVisibility(readStorage(storageKey), visibilityColumns, defaultVisibleColumns)
  )
  const updateVisibility = (next: VisibilityMap) => {
    setColumnVisibility(next)
    writeStorage(storageKey, serializeVisibility(next, visibilityColumns))
  }
  const resetVisibility = () => {
    removeStorage(storageKey)
    setColumnVisibility(readStoredVisibility(null, visibilityColumns, defaultVisibleColumns))
  }

  const columnDefs = useMemo(
    () =>
      columns.map((column) => {
        const base = {
          id: column.id,
          header: column.header,
          enableSorting: enableSorting && (column.enableSorting ?? Boolean(column.accessor)),
          enableHiding: enableHiding && column.enableHiding !== false,
          sortDescFirst: column.sortDescFirst ?? false,
          sortUndefined: 'last' as const,
          sortFn: (a: Row<Features, T>, b: Row<Features, T>, id: string) =>
            compareCellValues(a.getValue(id) as CellValue, b.getValue(id) as CellValue),
        }
        const accessor = column.accessor
        return accessor
          ? { ...base, accessorFn: (row: T) => blankToUndefined(accessor(row)) }
          : base
      }) as ColumnDef<Features, T>[],
    [columns, enableSorting, enableHiding]
  )

  const expandable = Boolean(renderExpanded || getSubRows)
  const table = useTable<Features, T>({
    features,
    columns: columnDefs,
    data: data as T[],
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    getSubRows: getSubRows ? (row) => getSubRows(row) : undefined,
    getRowCanExpand: renderExpanded
      ? (row) => (canExpand ? canExpand(row.original) : true)
      : undefined,
    enableMultiSort: false,
    initialState: { sorting: initialSorting ?? [] },
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) =>
      updateVisibility(functionalUpdate(updater, columnVisibility)),
  })

  useImperativeHandle(
    ref,
    () => ({
      getView: () => {
        const visible = table.getVisibleLeafColumns().map((column) => column.id)
        return {
          visibleColumnIds: visible,
          columns: visible.map((id) => byId.get(id)!),
          rows: table.getSortedRowModel().rows.map((row) => row.original),
          sorting: table.atoms.sorting.get(),
        }
      },
    }),
    [table, byId]
  )

  const visibleColumns = table.getVisibleLeafColumns()
  const rows = table.getRowModel().rows
  const columnCount = visibleColumns.length + (expandable ? 1 : 0)
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide())
  const hasFooter =
    rows.length > 0 && visibleColumns.some((column) => byId.get(column.id)?.footer !== undefined)
  const firstDataColumnId = visibleColumns[0]?.id
  const scroller = useRef<HTMLDivElement>(null)
  const cue = useScrollCue(scroller)
  // Only a table wider than its box pins its first column: each row keeps its name in view.
  const pinned = cue.overflowing
  // One stacking layer per cell (the class list is not merged): headers above body cells.
  const pinnedCell = (columnId: string, background: string, layer = 'z-[1]') =>
    pinned && columnId === firstDataColumnId
      ? cn(
          'sticky',
          layer,
          background,
          expandable ? 'left-10' : 'left-0',
          cue.moreLeft
            ? 'shadow-[inset_-1px_0_0_var(--color-slate-200),6px_0_6px_-6px_rgb(15_23_42/0.25)]'
            : 'shadow-[inset_-1px_0_0_var(--color-slate-200)]'
        )
      : null
  const pinnedExpander = (layer = 'z-[1]') =>
    pinned && expandable ? cn('sticky left-0 w-10 min-w-10 max-w-10', layer) : null
  const cellPadding = density === 'compact' ? 'px-3 py-2' : 'px-4 py-3'

  // Roving tabindex: one body row is in the tab order; the arrow keys move between rows.
  const [activeRowId, setActiveRowId] = useState<string | null>(null)
  const rowElements = useRef(new Map<string, HTMLTableRowElement>())
  const tabbableRowId = rows.some((row) => row.id === activeRowId) ? activeRowId : rows[0]?.id

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<Features, T>) => {
    if (event.target !== event.currentTarget) return
    const index = rows.indexOf(row)
    const next = nextRowIndex(event.key, index, rows.length)
    if (next !== null) {
      event.preventDefault()
      rowElements.current.get(rows[next].id)?.focus()
      return
    }
    if (event.key === 'Enter' || event.key === ' ') {
      if (row.getCanExpand()) {
        event.preventDefault()
        row.toggleExpanded()
      } else if (onRowClick) {
        event.preventDefault()
        onRowClick(row.original)
      }
    }
  }

  const onRowMouseClick = (event: MouseEvent<HTMLTableRowElement>, row: Row<Features, T>) => {
    if (!onRowClick) return
    const target = event.target as HTMLElement
    if (target.closest('a, button, input, select, textarea, label, [role="button"]')) return
    onRowClick(row.original)
  }

  const showToolbar = Boolean(toolbar) || hideable.length > 0

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {showToolbar ? (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {toolbar}
          {hideable.length > 0 ? (
            <ColumnChooser
              caption={caption}
              columns={hideable.map((column) => ({
                id: column.id,
                header: byId.get(column.id)?.header ?? column.id,
                visible: column.getIsVisible(),
              }))}
              onToggle={(id, visible) => updateVisibility({ ...columnVisibility, [id]: visible })}
              canReset={
                !isDefaultVisibility(columnVisibility, visibilityColumns, defaultVisibleColumns)
              }
              onReset={resetVisibility}
              lastVisible={visibleColumns.length <= 1}
            />
          ) : null}
        </div>
      ) : null}
      {cue.overflowing ? (
        <p className="text-right text-xs text-slate-500" data-testid="table-scroll-hint">
          {cue.moreRight
            ? // Hiding columns is offered only where the table has a column chooser.
              `More columns to the right: scroll sideways${hideable.length > 0 ? ' or hide columns' : ''}.`
            : 'More columns to the left: scroll sideways.'}
        </p>
      ) : null}
      <div className="relative">
        <div
          ref={scroller}
          // A table that scrolls sideways can be scrolled from the keyboard too.
          tabIndex={cue.overflowing ? 0 : undefined}
          role={cue.overflowing ? 'region' : undefined}
          aria-label={cue.overflowing ? `${caption} (scrolls sideways)` : undefined}
          data-overflowing={cue.overflowing || undefined}
          // Positioned: an absolutely placed descendant (screen-reader text in a cell) is clipped
          // with the rest rather than widening the page past a table that scrolls sideways.
          className={cn(
            'relative overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600',
            framed && 'rounded-lg border border-slate-200 bg-white shadow-sm'
          )}
          style={maxHeight === undefined ? undefined : { maxHeight }}
        >
          <table className="min-w-full text-sm">
            <caption
              className={cn(
                captionVisible
                  ? 'px-4 pt-3 pb-2 text-left text-sm font-semibold text-slate-900'
                  : 'sr-only'
              )}
            >
              {caption}
            </caption>
            <thead className="text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {expandable ? (
                    <th
                      scope="col"
                      className={cn(
                        stickyHeadClass,
                        'w-10',
                        cellPadding,
                        pinned && expandable ? pinnedExpander('z-20') : 'z-10'
                      )}
                    >
                      <span className="sr-only">Details</span>
                    </th>
                  ) : null}
                  {group.headers.map((header) => {
                    const column = byId.get(header.column.id)!
                    const sorted = header.column.getIsSorted()
                    const content = column.hideHeader ? (
                      <span className="sr-only">{column.header}</span>
                    ) : (
                      (column.headerContent ?? column.header)
                    )
                    const label = header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={() => header.column.toggleSorting()}
                        title={column.description}
                        className={cn(
                          'group inline-flex items-center gap-1 rounded-sm tracking-wide uppercase hover:text-slate-900',
                          column.align === 'right' && 'flex-row-reverse text-right',
                          sorted && 'text-slate-900',
                          column.description && 'cursor-help'
                        )}
                      >
                        <span
                          className={cn(
                            column.description &&
                              'underline decoration-slate-300 decoration-dotted underline-offset-4'
                          )}
                        >
                          {content}
                        </span>
                        <SortIcon direction={sorted} />
                      </button>
                    ) : (
                      <span
                        title={column.description}
                        className={cn(
                          column.description &&
                            'cursor-help underline decoration-slate-300 decoration-dotted underline-offset-4'
                        )}
                      >
                        {content}
                      </span>
                    )
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : undefined
                        }
                        className={cn(
                          stickyHeadClass,
                          cellPadding,
                          alignClass[column.align ?? 'left'],
                          column.headerClassName,
                          pinnedCell(column.id, 'bg-slate-50', 'z-20') ?? 'z-10'
                        )}
                      >
                        {column.headerAddon ? (
                          <span
                            className={cn(
                              'inline-flex items-center gap-1',
                              column.align === 'right' && 'flex-row-reverse'
                            )}
                          >
                            {label}
                            {column.headerAddon}
                          </span>
                        ) : (
                          label
                        )}
                      </th>
                    )
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columnCount} className={cn(cellPadding, 'text-slate-600')}>
                    {emptyMessage}
                  </td>
                </tr>
              ) : null}
              {rows.map((row) => {
                const expanded = row.getIsExpanded()
                const detailId = `${baseId}-detail-${row.id}`
                return (
                  <Fragment key={row.id}>
                    <tr
                      ref={(element) => {
                        if (element) rowElements.current.set(row.id, element)
                        else rowElements.current.delete(row.id)
                      }}
                      tabIndex={
                        keyboardNavigation ? (row.id === tabbableRowId ? 0 : -1) : undefined
                      }
                      onFocus={
                        keyboardNavigation
                          ? (event) => {
                              if (event.target === event.currentTarget) setActiveRowId(row.id)
                            }
                          : undefined
                      }
                      onKeyDown={
                        keyboardNavigation ? (event) => onRowKeyDown(event, row) : undefined
                      }
                      onClick={onRowClick ? (event) => onRowMouseClick(event, row) : undefined}
                      data-depth={row.depth || undefined}
                      className={cn(
                        verticalAlign === 'top' ? 'align-top' : 'align-middle',
                        'outline-none focus-visible:bg-brand-50 focus-visible:shadow-[inset_3px_0_0_var(--color-brand-600)]',
                        onRowClick && 'cursor-pointer hover:bg-slate-50',
                        row.depth > 0 && 'bg-slate-50/60',
                        rowClassName?.(row.original)
                      )}
                    >
                      {expandable ? (
                        <td
                          className={cn(
                            cellPadding,
                            'w-10 py-2',
                            pinnedExpander(),
                            pinned && expandable && pinnedBackground(row.depth)
                          )}
                        >
                          {row.getCanExpand() ? (
                            <button
                              type="button"
                              aria-expanded={expanded}
                              aria-controls={renderExpanded && expanded ? detailId : undefined}
                              aria-label={expandLabel?.(row.original) ?? 'Show details'}
                              onClick={() => row.toggleExpanded()}
                              className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                            >
                              <ChevronIcon expanded={expanded} />
                            </button>
                          ) : null}
                        </td>
                      ) : null}
                      {row.getVisibleCells().map((cell) => {
                        const column = byId.get(cell.column.id)!
                        const indent = row.depth > 0 && cell.column.id === firstDataColumnId
                        return (
                          <td
                            key={cell.id}
                            data-column={cell.column.id}
                            className={cn(
                              cellPadding,
                              alignClass[column.align ?? 'left'],
                              column.className,
                              pinnedCell(column.id, pinnedBackground(row.depth))
                            )}
                            style={
                              indent ? { paddingLeft: `${1 + row.depth * 1.25}rem` } : undefined
                            }
                          >
                            {column.cell
                              ? column.cell(row.original)
                              : displayValue(cell.getValue() as CellValue, dates.locale)}
                          </td>
                        )
                      })}
                    </tr>
                    {renderExpanded && expanded ? (
                      <tr id={detailId} className="bg-slate-50/60">
                        <td colSpan={columnCount} className={cellPadding}>
                          {renderExpanded(row.original)}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                )
              })}
            </tbody>
            {hasFooter ? (
              <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold text-slate-900">
                <tr className={verticalAlign === 'top' ? 'align-top' : 'align-middle'}>
                  {expandable ? (
                    <td className={cn(cellPadding, pinnedExpander(), 'bg-slate-50')} />
                  ) : null}
                  {visibleColumns.map((tableColumn) => {
                    const column = byId.get(tableColumn.id)!
                    const footer = column.footer
                    return (
                      <td
                        key={column.id}
                        className={cn(
                          cellPadding,
                          alignClass[column.align ?? 'left'],
                          column.className,
                          pinnedCell(column.id, 'bg-slate-50')
                        )}
                      >
                        {typeof footer === 'function' ? footer(data) : footer}
                      </td>
                    )
                  })}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
        {cue.moreRight ? (
          <div
            aria-hidden="true"
            data-testid="table-scroll-fade"
            className="pointer-events-none absolute inset-y-px right-px w-10 rounded-r-lg bg-gradient-to-l from-white to-transparent"
          />
        ) : null}
      </div>
    </div>
  )
}

/** Follows the box's width, its table's width and its scroll position. */
function useScrollCue(scroller: { current: HTMLDivElement | null }): ScrollCue {
  const [cue, setCue] = useState<ScrollCue>(NO_SCROLL_CUE)
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    const update = () => {
      const next = scrollCue(element)
      setCue((current) => (sameScrollCue(current, next) ? current : next))
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(element)
    const table = element.querySelector('table')
    if (table) observer.observe(table)
    element.addEventListener('scroll', update, { passive: true })
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', update)
    }
  }, [scroller])
  return cue
}

/**
 * The view as header texts and cell values (accessor or `exportValue`), for a CSV or
 * spreadsheet of what is shown. Columns with neither (actions) are left out.
 */
export function dataTableMatrix<T>(view: DataTableView<T>) {
  const exported = view.columns.flatMap((column) => {
    const value = column.exportValue ?? column.accessor
    return value ? [{ header: column.header, value }] : []
  })
  return tableMatrix(exported, view.rows)
}

/** A pinned cell hides what scrolls under it, so it needs its row's background, opaque. */
function pinnedBackground(depth: number) {
  return depth > 0 ? 'bg-slate-50' : 'bg-white'
}

const stickyHeadClass = 'sticky top-0 bg-slate-50 shadow-[inset_0_-1px_0_var(--color-slate-200)]'

function ColumnChooser({
  caption,
  columns,
  onToggle,
  canReset,
  onReset,
  lastVisible,
}: {
  caption: string
  columns: { id: string; header: string; visible: boolean }[]
  onToggle: (id: string, visible: boolean) => void
  canReset: boolean
  onReset: () => void
  lastVisible: boolean
}) {
  const shown = columns.filter((column) => column.visible).length
  return (
    <Dropdown>
      <DropdownTrigger
        aria-label={`Columns of ${caption}: ${shown} of ${columns.length} shown`}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none">
          <path
            d="M2.5 3.5h11M2.5 8h11M2.5 12.5h11M6 2v3M10 6.5v3M5 11v3"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
        Columns
      </DropdownTrigger>
      <DropdownContent align="end" className="max-h-96 overflow-y-auto">
        <DropdownLabel>Show columns</DropdownLabel>
        {columns.map((column) => (
          <DropdownCheckboxItem
            key={column.id}
            checked={column.visible}
            // The last visible column stays: a table needs one.
            disabled={column.visible && lastVisible}
            onCheckedChange={(checked) => onToggle(column.id, checked)}
            onSelect={(event) => event.preventDefault()}
          >
            {column.header}
          </DropdownCheckboxItem>
        ))}
        <DropdownSeparator />
        <DropdownItem
          disabled={!canReset}
          onSelect={onReset}
          className="data-[disabled]:opacity-50"
        >
          Reset to default
        </DropdownItem>
      </DropdownContent>
    </Dropdown>
  )
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 12 12"
      className={cn(
        'size-3 shrink-0',
        direction ? 'text-brand-600' : 'text-slate-300 group-hover:text-slate-500'
      )}
      fill="currentColor"
    >
      {direction !== 'desc' ? <path d="M6 1.5 9 5H3z" /> : null}
      {direction !== 'asc' ? <path d="M6 10.5 3 7h6z" /> : null}
    </svg>
  )
}

function ChevronIcon({ expanded }: { expanded: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={cn('size-4 transition-transform', expanded && 'rotate-90')}
      fill="none"
    >
      <path
        d="M6 3.5 10.5 8 6 12.5"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function blankToUndefined(value: CellValue) {
  return value === null || value === '' ? undefined : value
}

function displayValue(value: CellValue, locale: string): ReactNode {
  if (value === null || value === undefined) return '—'
  if (value instanceof Date) return formatDate(value, locale)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return value
}

// The column choice is a preference: storage that is full or blocked only loses it.
function readStorage(storageKey: string | undefined) {
  if (!storageKey || typeof window === 'undefined') return null
  try {
    return window.localStorage.getItem(visibilityStorageKey(storageKey))
  } catch {
    return null
  }
}

function writeStorage(storageKey: string | undefined, value: string) {
  if (!storageKey) return
  try {
    window.localStorage.setItem(visibilityStorageKey(storageKey), value)
  } catch {
    // Not kept: the choice lasts until the page is left.
  }
}

function removeStorage(storageKey: string | undefined) {
  if (!storageKey) return
  try {
    window.localStorage.removeItem(visibilityStorageKey(storageKey))
  } catch {
    // Nothing stored to remove.
  }
}
