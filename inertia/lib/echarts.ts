/*
 * ECharts with only what the product's charts use, and the product theme. Import this module
 * only dynamically (loadECharts in components/ui/chart.tsx) so that ECharts stays out of the main
 * bundle; importing it registers everything once.
 */
import { init, registerTheme, use as registerModules } from 'echarts/core'
import {
  BarChart,
  BoxplotChart,
  CustomChart,
  LineChart,
  PieChart,
  ScatterChart,
} from 'echarts/charts'
import {
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components'
import { LabelLayout } from 'echarts/features'
import { CanvasRenderer } from 'echarts/renderers'
import { CHART_THEME_NAME, chartTheme } from '~/lib/chart_theme'

registerModules([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  BoxplotChart,
  CustomChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DatasetComponent,
  MarkLineComponent,
  MarkAreaComponent,
  TitleComponent,
  AriaComponent,
  // labelLayout's hideOverlap: scatter labels that would cover one another are left out.
  LabelLayout,
  CanvasRenderer,
])
registerTheme(CHART_THEME_NAME, chartTheme)

export { init }
