import { useMemo, useState } from 'react'
import { Link, router } from '@inertiajs/react'
import { Chart, chartPalette, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { secondaryLinkClass } from '~/components/ui/button'
import { shortDate, themeResearchHref, researchDate } from '~/components/research/format'
import type { HeatmapView } from '@shared/research_views'
import { useDates } from '~/hooks/use_dates'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!
  )

function mix(from: string, to: string, share: number) {
  const channel = (hex: string, index: number) =>
    Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16)
  const parts = [0, 1, 2].map((index) =>
    Math.round(channel(from, index) + (channel(to, index) - channel(from, index)) * share)
  )
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Themes × weeks, coloured by the documents published: a click on a cell opens the research
 * on that theme in that week. The same choice is offered by two selects for the keyboard, and
 * the counts are in the chart's data table.
 */
export function ThemeHeatmap({ heatmap }: { heatmap: HeatmapView }) {
  const dates = useDates()
  const { weeks, themes, cells } = heatmap
  const counts = useMemo(() => {
    const grid = themes.map(() => weeks.map(() => 0))
    for (const [weekIndex, themeIndex, count] of cells) {
      if (grid[themeIndex] && weekIndex < weeks.length) grid[themeIndex][weekIndex] = count
    }
    return grid
  }, [weeks, themes, cells])
  const max = Math.max(1, ...cells.map((cell) => cell[2]))
  const weekLabels = useMemo(
    () => weeks.map((week) => shortDate(week.start, dates.locale)),
    [weeks, dates.locale]
  )

  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
        tooltip: {
          trigger: 'item',
          formatter: (params: unknown) => {
            const value = (params as { value?: number[] }).value
            if (!value) return ''
            const [weekIndex, themeIndex, count] = value
            const week = weeks[weekIndex]
            return `<strong>${escapeHtml(themes[themeIndex]?.name ?? '')}</strong><br/>Week of ${escapeHtml(
              researchDate(week.start, dates.locale)
            )}: ${count} ${count === 1 ? 'document' : 'documents'}<br/><span style="color:${palette.slate[500]}">Click to open these documents</span>`
          },
        },
        xAxis: {
          type: 'category',
          data: weekLabels,
          position: 'top',
          axisLine: { show: false },
          splitLine: { show: false },
        },
        yAxis: {
          type: 'category',
          data: themes.map((theme) => theme.name),
          inverse: true,
          axisLine: { show: false },
          axisLabel: { width: 170, overflow: 'truncate' },
          splitLine: { show: false },
        },
        series: [
          {
            type: 'custom',
            name: 'Documents',
            data: cells,
            encode: { x: 0, y: 1 },
            renderItem: (_params, api) => {
              const count = Number(api.value(2))
              const [x, y] = api.coord([api.value(0), api.value(1)])
              const [width, height] = api.size!([1, 1]) as number[]
              const share = count / max
              return {
                type: 'group',
                children: [
                  {
                    type: 'rect',
                    shape: {
                      x: x - width / 2 + 1,
                      y: y - height / 2 + 1,
                      width: width - 2,
                      height: height - 2,
                      r: 2,
                    },
                    style: {
                      fill:
                        count === 0
                          ? palette.slate[50]
                          : mix(palette.brandPale, palette.brand, share),
                    },
                  },
                  {
                    type: 'text',
                    style: {
                      x,
                      y,
                      text: String(count),
                      align: 'center',
                      verticalAlign: 'middle',
                      fontSize: 11,
                      fill: share > 0.55 ? '#ffffff' : palette.slate[700],
                    },
                    silent: true,
                  },
                ],
              }
            },
          },
        ],
      }),
    [cells, themes, weeks, weekLabels, max, dates.locale]
  )

  const [themeId, setThemeId] = useState(themes[0]?.id ?? 0)
  const [weekIndex, setWeekIndex] = useState(Math.max(0, weeks.length - 1))
  const chosenWeek = weeks[weekIndex]
  const busiest = useMemo(() => {
    let best: [number, number, number] | null = null
    for (const cell of cells) if (!best || cell[2] > best[2]) best = cell
    return best
  }, [cells])

  if (themes.length === 0 || weeks.length === 0) return null

  return (
    <section aria-label="Theme activity" className="space-y-3">
      <Chart
        title={`Theme activity, last ${weeks.length} weeks`}
        headingLevel={2}
        summary={`Documents your team can read, published each week on the ${themes.length} most active themes, from the week of ${researchDate(
          weeks[0].start,
          dates.locale
        )} to the week of ${researchDate(weeks[weeks.length - 1].start, dates.locale)}. Darker cells mean more documents${
          busiest
            ? `; the busiest was ${themes[busiest[1]]?.name} in the week of ${researchDate(weeks[busiest[0]].start, dates.locale)} (${busiest[2]})`
            : ''
        }. Select a cell to open those documents.`}
        option={option}
        height={themes.length * 28 + 48}
        onItemClick={({ dataIndex }) => {
          const cell = cells[dataIndex]
          const theme = cell ? themes[cell[1]] : undefined
          const week = cell ? weeks[cell[0]] : undefined
          if (theme && week) router.visit(themeResearchHref(theme.id, week))
        }}
        table={{
          columns: [
            'Theme',
            ...weeks.map((week) => `Week of ${researchDate(week.start, dates.locale)}`),
          ],
          rows: themes.map((theme, index) => [theme.name, ...counts[index]]),
        }}
        actions={
          <span className="flex items-center gap-2 text-xs text-slate-600" aria-hidden="true">
            0
            <span
              className="h-2.5 w-24 rounded-sm"
              style={{
                background: `linear-gradient(to right, ${chartPalette.brandPale}, ${chartPalette.brand})`,
              }}
            />
            {max} documents
          </span>
        }
      />
      <form
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Open the documents of a theme and week"
      >
        <p className="w-full text-slate-600 sm:w-auto sm:self-center">Or choose a cell:</p>
        <div className="flex items-center gap-2">
          <label htmlFor="heatmap-theme" className="text-slate-600">
            Theme
          </label>
          <select
            id="heatmap-theme"
            value={themeId}
            onChange={(event) => setThemeId(Number(event.target.value))}
            className="max-w-64 rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            {themes.map((theme) => (
              <option key={theme.id} value={theme.id}>
                {theme.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="heatmap-week" className="text-slate-600">
            Week of
          </label>
          <select
            id="heatmap-week"
            value={weekIndex}
            onChange={(event) => setWeekIndex(Number(event.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            {weeks.map((week, index) => (
              <option key={week.start} value={index}>
                {researchDate(week.start, dates.locale)}
              </option>
            ))}
          </select>
        </div>
        {chosenWeek ? (
          <Link href={themeResearchHref(themeId, chosenWeek)} className={secondaryLinkClass}>
            Show these documents
          </Link>
        ) : null}
      </form>
    </section>
  )
}
