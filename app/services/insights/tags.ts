import db from '@adonisjs/lucid/services/db'
import type { TaxonomyOption } from '#shared/insights_reports'

/** The tags of the given reports by report, by name, in one query (none: no query). */
export async function tagsOf(reportIds: number[]) {
  const byReport = new Map<number, TaxonomyOption[]>()
  if (reportIds.length === 0) return byReport
  const rows = await db
    .from('insights_report_tags')
    .join('insights_tags', 'insights_tags.id', 'insights_report_tags.insights_tag_id')
    .whereIn('insights_report_tags.insights_report_id', reportIds)
    .orderBy('insights_tags.name')
    .select(
      'insights_report_tags.insights_report_id as report_id',
      'insights_tags.id',
      'insights_tags.name'
    )
  for (const row of rows) {
    const list = byReport.get(Number(row.report_id)) ?? []
    list.push({ id: Number(row.id), name: row.name })
    byReport.set(Number(row.report_id), list)
  }
  return byReport
}
