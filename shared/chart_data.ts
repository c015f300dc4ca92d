/*
 * What the product's charts draw, as plain data and geometry: no React and no ECharts code, so
 * that the chart primitive (inertia/components/ui/chart.tsx) and the pages share it and unit
 * tests check it.
 */

/** A low–high range on a value axis (an interquartile range); null ends are unknown. */
export interface Range {
  low: number | null
  high: number | null
}

/** The drawable ranges as [category index, low, high], low ≤ high, unknown ones left out. */
export function rangeData(ranges: Range[]) {
  const data: [number, number, number][] = []
  ranges.forEach(({ low, high }, index) => {
    if (low === null || high === null || !Number.isFinite(low) || !Number.isFinite(high)) return
    data.push([index, Math.min(low, high), Math.max(low, high)])
  })
  return data
}

/** What a custom series' renderItem receives from ECharts, as far as a range bar uses it. */
export interface RangeRenderApi {
  value: (dimension: number) => number
  coord: (point: [number, number]) => number[]
  size?: (point: [number, number]) => number[] | number
}

/**
 * The rectangle of one range bar on a horizontal chart (value axis x, categories y): from the
 * low end to the high end wherever they fall, either side of zero. A bar made of a transparent
 * stacked base and a visible length draws a negative low end from zero instead, because ECharts
 * stacks negative and positive values apart.
 */
export function rangeRect(api: RangeRenderApi, thickness: number) {
  const category = api.value(0)
  const [lowX, centreY] = api.coord([api.value(1), category])
  const [highX] = api.coord([api.value(2), category])
  return {
    x: Math.min(lowX, highX),
    y: centreY - thickness / 2,
    width: Math.max(1, Math.abs(highX - lowX)),
    height: thickness,
  }
}

/** A trend line: its points by year, each with the firms behind it. */
export interface TrendLine {
  key: string
  label: string
  points: { year: number; value: number | null; n: number | string }[]
}

/** The lines with at least one figure: a line with none would be a legend entry with no line. */
export function drawnLines<T extends TrendLine>(lines: T[]) {
  return lines.filter((line) => line.points.some((point) => point.value !== null))
}

/**
 * Where figures are left out for too few firms, in words for under the chart: the lines not
 * drawn at all, and the years where a drawn line stops.
 */
export function suppressionNote(lines: TrendLine[], minimum: number) {
  const hidden = lines.filter((line) => line.points.every((point) => point.value === null))
  const gaps = drawnLines(lines).filter((line) => line.points.some((point) => point.value === null))
  const parts: string[] = []
  if (hidden.length) {
    const labels = hidden.map((line) => line.label).join(', ')
    parts.push(`Not drawn: ${labels} (fewer than ${minimum} firms in every year).`)
  }
  if (gaps.length) {
    const where = gaps
      .map((line) => {
        const years = line.points.filter((point) => point.value === null).map((p) => p.year)
        return `${line.label} in ${years.join(', ')}`
      })
      .join('; ')
    parts.push(
      `No point where fewer than ${minimum} firms stand behind a year (n < ${minimum}): ${where}.`
    )
  }
  return parts.join(' ')
}

/** A point of a scatter chart that may carry a name label on its right. */
export interface LabelCandidate {
  name: string
  /** Position in axis units (0 at the origin). */
  x: number
  y: number
  /** Which points are labelled first (the largest bubble). */
  weight: number
  /** The bubble's radius in pixels: the label starts beyond it. */
  radius: number
}

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/**
 * The names to write next to their points so that no two labels overlap: the heaviest points
 * first, each kept only if its label's box (text to the right of the bubble) is clear of the
 * labels already kept; the others are named on hover and in the data table. The plot size is
 * the smallest the chart is drawn at, so that labels clear at that size clear at any larger one.
 */
export function spacedLabels(
  points: LabelCandidate[],
  plot: {
    xMax: number
    yMax: number
    width: number
    height: number
    limit?: number
    charWidth?: number
    lineHeight?: number
  }
) {
  const charWidth = plot.charWidth ?? 6.5
  const lineHeight = plot.lineHeight ?? 14
  const kept: Box[] = []
  const names = new Set<string>()
  const ordered = [...points].sort((a, b) => b.weight - a.weight)
  for (const point of ordered) {
    if (names.size >= (plot.limit ?? 10)) break
    const x = (point.x / plot.xMax) * plot.width
    const y = (1 - point.y / plot.yMax) * plot.height
    const left = x + point.radius + 5
    const box = {
      left,
      right: left + point.name.length * charWidth,
      top: y - lineHeight / 2,
      bottom: y + lineHeight / 2,
    }
    if (kept.some((other) => overlaps(box, other))) continue
    kept.push(box)
    names.add(point.name)
  }
  return names
}
