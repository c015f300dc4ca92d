/*
 * The charts' palette and ECharts theme, from the app's colours (inertia/css/app.css: brand-*,
 * Tailwind's slate greys and status colours). No ECharts import here: pages can colour series
 * with `chartPalette` without pulling ECharts into their bundle.
 */

const slate = {
  50: '#f8fafc',
  100: '#f1f5f9',
  200: '#e2e8f0',
  300: '#cbd5e1',
  400: '#94a3b8',
  500: '#64748b',
  600: '#475569',
  700: '#334155',
  900: '#0f172a',
}

export const chartPalette = {
  brand: '#2448d8', // brand-600
  brandLight: '#3b63f6', // brand-500
  brandPale: '#dbe6fe', // brand-100
  brandDark: '#152663', // brand-900
  /** Status colours: Tailwind emerald-600, amber-500, red-600. */
  good: '#059669',
  warning: '#f59e0b',
  bad: '#dc2626',
  slate,
  /** Series colours in order: the brand first, then hues distinct from the status colours. */
  series: ['#2448d8', '#0d9488', '#7c3aed', '#0ea5e9', '#db2777', '#64748b', '#93b4fd', '#ca8a04'],
} as const

export type ChartPalette = typeof chartPalette

export const CHART_FONT =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

export const CHART_THEME_NAME = 'spendlens'

const axisCommon = {
  axisLine: { show: true, lineStyle: { color: slate[300] } },
  axisTick: { show: false },
  axisLabel: { color: slate[600], fontSize: 12, fontFamily: CHART_FONT },
  nameTextStyle: { color: slate[500], fontSize: 12, fontFamily: CHART_FONT },
  splitLine: { show: true, lineStyle: { color: slate[200], type: 'solid' } },
  splitArea: { show: false },
}

/** The ECharts theme registered as CHART_THEME_NAME. */
export const chartTheme = {
  color: [...chartPalette.series],
  backgroundColor: 'transparent',
  textStyle: { fontFamily: CHART_FONT, color: slate[700], fontSize: 12 },
  title: {
    textStyle: { color: slate[900], fontSize: 14, fontWeight: 600, fontFamily: CHART_FONT },
    subtextStyle: { color: slate[500], fontSize: 12, fontFamily: CHART_FONT },
  },
  // Axis labels stay inside the box (ECharts 6 outer bounds); room right for markLine labels and
  // below for the legend.
  grid: { left: 8, right: 48, top: 16, bottom: 64 },
  legend: {
    bottom: 0,
    textStyle: { color: slate[700], fontSize: 12, fontFamily: CHART_FONT },
    icon: 'roundRect',
    itemWidth: 12,
    itemHeight: 12,
    itemGap: 16,
  },
  tooltip: {
    backgroundColor: '#ffffff',
    borderColor: slate[200],
    borderWidth: 1,
    padding: [8, 12],
    textStyle: { color: slate[900], fontSize: 12, fontFamily: CHART_FONT },
    extraCssText: 'border-radius: 8px; box-shadow: 0 4px 12px rgb(15 23 42 / 0.12);',
    axisPointer: {
      lineStyle: { color: slate[400] },
      crossStyle: { color: slate[400] },
      shadowStyle: { color: 'rgba(148, 163, 184, 0.15)' },
    },
  },
  categoryAxis: { ...axisCommon, splitLine: { show: false } },
  valueAxis: { ...axisCommon, axisLine: { show: false } },
  logAxis: { ...axisCommon, axisLine: { show: false } },
  timeAxis: { ...axisCommon, splitLine: { show: false } },
  bar: { itemStyle: { borderRadius: [3, 3, 0, 0] } },
  line: { symbol: 'circle', symbolSize: 6, lineStyle: { width: 2 }, smooth: false },
  scatter: { symbolSize: 8, itemStyle: { opacity: 0.85 } },
  boxplot: { itemStyle: { color: chartPalette.brandPale, borderColor: chartPalette.brand } },
  markLine: {
    symbol: 'none',
    lineStyle: { color: slate[500], type: 'dashed', width: 1 },
    label: { color: slate[700], fontFamily: CHART_FONT },
  },
  markArea: { itemStyle: { color: 'rgba(148, 163, 184, 0.12)' }, label: { color: slate[600] } },
}
