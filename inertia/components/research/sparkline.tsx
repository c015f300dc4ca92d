import { chartPalette } from '~/lib/chart_theme'

/**
 * A small line of weekly counts, oldest first; a null (no snapshot that week) leaves a gap.
 * An image with its numbers as its accessible name.
 */
export function Sparkline({
  values,
  label,
  width = 128,
  height = 36,
}: {
  values: (number | null)[]
  /** What the numbers are, e.g. "Documents a week on Inflation, last 8 weeks". */
  label: string
  width?: number
  height?: number
}) {
  const known = values.filter((value): value is number => value !== null)
  const spoken = values.map((value) => (value === null ? 'no data' : String(value))).join(', ')
  const name = `${label}, oldest first: ${spoken}`
  if (known.length === 0) {
    return (
      <span role="img" aria-label={name} className="text-xs text-slate-500">
        No history yet
      </span>
    )
  }
  const pad = 3
  const max = Math.max(1, ...known)
  const step = values.length > 1 ? (width - pad * 2) / (values.length - 1) : 0
  const point = (value: number, index: number) =>
    [pad + index * step, height - pad - (value / max) * (height - pad * 2)] as const

  const segments: string[] = []
  const lonely: (readonly [number, number])[] = []
  let run: (readonly [number, number])[] = []
  const flush = () => {
    if (run.length > 1) segments.push(run.map(([x, y], i) => `${i ? 'L' : 'M'}${x},${y}`).join(''))
    else if (run.length === 1) lonely.push(run[0])
    run = []
  }
  values.forEach((value, index) => {
    if (value === null) flush()
    else run.push(point(value, index))
  })
  flush()
  const lastIndex = values.findLastIndex((value) => value !== null)
  const last = point(values[lastIndex] as number, lastIndex)

  return (
    <svg
      role="img"
      aria-label={name}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="shrink-0 overflow-visible"
    >
      <line
        x1={pad}
        x2={width - pad}
        y1={height - pad}
        y2={height - pad}
        stroke={chartPalette.slate[200]}
        strokeWidth={1}
      />
      {segments.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          stroke={chartPalette.brand}
          strokeWidth={1.75}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {lonely.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={1.75} fill={chartPalette.brand} />
      ))}
      <circle cx={last[0]} cy={last[1]} r={2.75} fill={chartPalette.brand} />
    </svg>
  )
}
