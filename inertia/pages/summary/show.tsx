import type { SummaryData } from '#shared/summary'

export default function SummaryShow({ summary }: { summary: SummaryData }) {
  return <pre>{JSON.stringify(summary.kpis, null, 2)}</pre>
}
