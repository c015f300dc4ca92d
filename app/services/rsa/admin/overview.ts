import db from '@adonisjs/lucid/services/db'
import { offeredYears } from '#services/calendar/years'
import { todayIso } from '#services/calendar/clock'
import { IMPORT_KINDS, IMPORT_STATUSES, RECOMPUTE_TRIGGERS, labelOf } from '#shared/rsa_imports'

/*
 * The Research Spend Analytics administration overview: per year, how the data collection is
 * going, how many benchmark cells are published and suppressed and when they were last
 * recomputed; the latest imports. Four aggregate queries whatever the data size.
 */

export const LATEST_IMPORTS = 10

export interface YearOverview {
  year: number
  collection: { invited: number; submitted: number; completed: number; overdue: number }
  benchmarks: { published: number; suppressed: number }
  lastRecompute: {
    trigger: string
    /** What started it, in words ("Providers merged"). */
    triggerLabel: string
    finishedAt: string
    cells: number
    suppressedCells: number
    teams: number
  } | null
}

const iso = (value: unknown) =>
  value ? (value instanceof Date ? value : new Date(value as string)).toISOString() : null

/**
 * Per research spend collection: whether any file came in, whether one was completed. A
 * collection counts as invited (one per team and year), submitted (a file received, whatever
 * became of it), completed (a submission completed) and overdue (its due date passed, nothing
 * completed).
 */
function collectionProgress(today: string) {
  const submissions = () =>
    db.from('data_collection_submissions as s').whereColumn('s.data_collection_id', 'c.id')
  const perCollection = db
    .from('data_collections as c')
    .where('c.kind', 'rsa')
    .whereNotNull('c.year')
    .select('c.year', 'c.due_date')
    .select(submissions().count('*').as('received'))
    .select(submissions().where('s.status', 'completed').count('*').as('completed'))
    .as('x')
  return db
    .from(perCollection)
    .groupBy('x.year')
    .select('x.year')
    .count('* as invited')
    .select(
      db.raw('sum(case when x.received > 0 then 1 else 0 end) as submitted'),
      db.raw('sum(case when x.completed > 0 then 1 else 0 end) as completed'),
      db.raw('sum(case when x.due_date < ? and x.completed = 0 then 1 else 0 end) as overdue', [
        today,
      ])
    )
}

export async function rsaAdminOverview(today = todayIso()) {
  const [progress, cells, runs, imports, range] = await Promise.all([
    collectionProgress(today),
    db
      .from('rsa_benchmarks')
      .groupBy('year')
      .select('year')
      .select(
        db.raw('sum(case when suppressed then 0 else 1 end) as published'),
        db.raw('sum(case when suppressed then 1 else 0 end) as suppressed')
      ),
    db
      .from('rsa_benchmark_runs')
      .whereIn('id', db.from('rsa_benchmark_runs').groupBy('year').max('id'))
      .select('year', 'trigger', 'finished_at', 'cells', 'suppressed_cells', 'teams'),
    db
      .from('rsa_imports as i')
      .leftJoin('teams as t', 't.id', 'i.team_id')
      .leftJoin('users as u', 'u.id', 'i.user_id')
      .select(
        'i.id',
        'i.kind',
        'i.year',
        'i.source',
        'i.status',
        'i.original_file_name',
        'i.total_rows',
        'i.new_rows',
        'i.updated_rows',
        'i.rejected_rows',
        'i.created_at',
        'i.committed_at',
        't.name as team_name',
        'u.name as user_name'
      )
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(LATEST_IMPORTS),
    offeredYears('research_spend', { ahead: true }),
  ])

  const years = new Set<number>(range.years)
  for (const row of [...progress, ...cells, ...runs]) years.add(Number(row.year))
  const byYear = <T extends { year: unknown }>(rows: T[]) =>
    new Map(rows.map((row) => [Number(row.year), row]))
  const progressOf = byYear(progress)
  const cellsOf = byYear(cells)
  const runOf = byYear(runs)

  return {
    today,
    years: [...years]
      .sort((a, b) => b - a)
      .map((year): YearOverview => {
        const collection = progressOf.get(year)
        const benchmark = cellsOf.get(year)
        const run = runOf.get(year)
        return {
          year,
          collection: {
            invited: Number(collection?.invited ?? 0),
            submitted: Number(collection?.submitted ?? 0),
            completed: Number(collection?.completed ?? 0),
            overdue: Number(collection?.overdue ?? 0),
          },
          benchmarks: {
            published: Number(benchmark?.published ?? 0),
            suppressed: Number(benchmark?.suppressed ?? 0),
          },
          lastRecompute: run
            ? {
                trigger: run.trigger as string,
                triggerLabel: labelOf(RECOMPUTE_TRIGGERS, run.trigger as string),
                finishedAt: iso(run.finished_at)!,
                cells: Number(run.cells),
                suppressedCells: Number(run.suppressed_cells),
                teams: Number(run.teams),
              }
            : null,
        }
      }),
    imports: imports.map((row) => ({
      id: row.id as number,
      kind: row.kind as string,
      year: Number(row.year),
      source: row.source as string,
      status: row.status as string,
      statusLabel: labelOf(IMPORT_STATUSES, row.status as string),
      kindLabel: labelOf(IMPORT_KINDS, row.kind as string),
      fileName: row.original_file_name as string,
      team: (row.team_name as string | null) ?? null,
      user: (row.user_name as string | null) ?? null,
      rows: {
        total: Number(row.total_rows),
        new: Number(row.new_rows),
        updated: Number(row.updated_rows),
        rejected: Number(row.rejected_rows),
      },
      createdAt: iso(row.created_at)!,
      committedAt: iso(row.committed_at),
    })),
  }
}
