/** The declarative description of a report PDF: what to show, not where. */

export type BarColor = 'brand' | 'green' | 'amber' | 'red' | 'grey'

export interface MetricItem {
  label: string
  value: string
  hint?: string
}

export interface TableColumn {
  label: string
  align?: 'left' | 'right'
  /** In points; columns without a width share what is left of the page width. */
  width?: number
}

export interface RangeRow {
  label: string
  p25: number | null
  median: number | null
  p75: number | null
  you: number | null
}

export type ReportBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'metrics'; items: MetricItem[] }
  | { type: 'table'; columns: TableColumn[]; rows: string[][]; totals?: string[] }
  | {
      type: 'barChart'
      title: string
      unit?: string
      bars: { label: string; value: number; color?: BarColor }[]
    }
  | { type: 'rangeChart'; title: string; rows: RangeRow[]; format?: 'currency' | 'number' }
  | { type: 'checklist'; items: { label: string; done: boolean; note?: string }[] }

export interface ReportDocument {
  title: string
  subtitle?: string
  /** ISO date-time: the footer's "Generated …" time and the PDF's creation date. */
  generatedAt: string
  footerNote?: string
  blocks: ReportBlock[]
}
