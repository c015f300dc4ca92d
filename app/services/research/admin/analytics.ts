import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type {
  AnalyticsRange,
  AnalyticsWeek,
  DigestWeekFigures,
  ProviderFigures,
  ProvidersTab,
  RisingTheme,
  SearchWeek,
  TeamFigures,
  ThemeWeekFigures,
  TrendsTab,
  UsersTab,
  ZeroResultSearch,
} from '#shared/research_analytics'
import { ZERO_RESULT_TERMS } from '#shared/research_analytics'
import { dataVersion } from '#services/cache/data_versions'
import { keptForCatalogue } from '#services/research/kept'

/*
 * Research discovery analytics (`researchDiscoveryAnalytics`): how the catalogue is fed and read,
 * over a date range, for the research team. Every figure is aggregated by the database (a few
 * grouped queries per tab, whatever the number of documents, reads or searches); the page only
 * lays the groups out by week. Teams and counts only: no one's reading history is shown.
 *
 * Weeks run seven days from the range's first day (the last may be shorter); a moment belongs
 * to the week of its UTC day. Medians are computed the same way on SQLite and PostgreSQL: the
 * middle row (or the mean of the two middle rows) of each provider's ordered delays, found with
 * window functions (SQLite has no percentile function).
 */

const DAY = 86_400

interface Bounds {
  start: DateTime
  end: DateTime
  /** The SQL text of each (the dialect's date-time format, UTC). */
  startSql: string
  endSql: string
  weeks: AnalyticsWeek[]
}

function isPostgres() {
  return db.connection().dialect.name === 'postgres'
}

/** The range as instants: its first day's midnight to the midnight after its last day (UTC). */
export function rangeBounds(range: AnalyticsRange): Bounds {
  const start = DateTime.fromISO(range.from, { zone: 'utc' }).startOf('day')
  const end = DateTime.fromISO(range.to, { zone: 'utc' }).startOf('day').plus({ days: 1 })
  const format = db.connection().dialect.dateTimeFormat
  const count = Math.ceil(end.diff(start, 'days').days / 7)
  return {
    start,
    end,
    startSql: start.toFormat(format),
    endSql: end.toFormat(format),
    weeks: Array.from({ length: count }, (_, index) => ({
      index,
      start: start.plus({ weeks: index }).toISODate()!,
    })),
  }
}

/** The week of the range a date-time column falls in (0 for the first), as SQL. */
function weekOf(column: string) {
  return isPostgres()
    ? `cast(floor(extract(epoch from (${column} - cast(? as timestamptz))) / ${7 * DAY}) as integer)`
    : `cast((julianday(${column}) - julianday(?)) / 7 as integer)`
}

/** Whole seconds from `from` to `to` (two date-time columns or expressions), as SQL. */
function secondsBetween(from: string, to: string) {
  return isPostgres()
    ? `cast(round(extract(epoch from (${to} - ${from}))) as bigint)`
    : `cast(round((julianday(${to}) - julianday(${from})) * ${DAY}) as integer)`
}

/** The range's start as the week expression's binding. */
function weekZero(bounds: Bounds) {
  return isPostgres() ? bounds.start.toISO()! : bounds.startSql
}

async function rows(sql: string, bindings: unknown[]): Promise<Record<string, any>[]> {
  const result = await db.rawQuery(sql, bindings as any[])
  return isPostgres() ? result.rows : result
}

const count = (value: unknown) => Number(value ?? 0)

/** The entry of `id` in `map`, made by `make` the first time. */
function entryOf<T>(map: Map<number, T>, id: number, make: () => T) {
  let entry = map.get(id)
  if (!entry) {
    entry = make()
    map.set(id, entry)
  }
  return entry
}
const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 100) / 100 : null

/**
 * Providers: documents ingested, reads, unique readers and bookmarks over the range, and of the
 * documents ingested in it, reads per document and the median time to the first read.
 */
export async function providersTab(range: AnalyticsRange): Promise<ProvidersTab> {
  const bounds = rangeBounds(range)
  const { startSql, endSql } = bounds
  const [ingested, reads, bookmarks, medians] = await Promise.all([
    // The documents ingested in the range and their reads until its end.
    rows(
      `select d.provider_id, p.name, count(distinct d.id) as ingested, count(r.id) as cohort_reads
       from research_documents d
       join providers p on p.id = d.provider_id
       left join research_read_events r on r.document_id = d.id and r.opened_at < ?
       where d.created_at >= ? and d.created_at < ?
       group by d.provider_id, p.name`,
      [endSql, startSql, endSql]
    ),
    rows(
      `select d.provider_id, p.name, count(*) as reads, count(distinct r.user_id) as readers
       from research_read_events r
       join research_documents d on d.id = r.document_id
       join providers p on p.id = d.provider_id
       where r.opened_at >= ? and r.opened_at < ?
       group by d.provider_id, p.name`,
      [startSql, endSql]
    ),
    rows(
      `select d.provider_id, p.name, count(*) as bookmarks
       from research_bookmarks b
       join research_documents d on d.id = b.document_id
       join providers p on p.id = d.provider_id
       where b.created_at >= ? and b.created_at < ?
       group by d.provider_id, p.name`,
      [startSql, endSql]
    ),
    // Each document's first read (until the range's end), its delay after publication, then
    // the middle of each provider's ordered delays.
    rows(
      `with firsts as (
         select d.provider_id, d.id, d.published_at, min(r.opened_at) as first_read
         from research_documents d
         join research_read_events r on r.document_id = d.id and r.opened_at < ?
         where d.created_at >= ? and d.created_at < ?
         group by d.provider_id, d.id, d.published_at
       ), delays as (
         select provider_id, ${secondsBetween('published_at', 'first_read')} as delay from firsts
       ), ranked as (
         select provider_id, delay,
           row_number() over (partition by provider_id order by delay) as position,
           count(*) over (partition by provider_id) as total
         from delays
       )
       select provider_id, max(total) as read_documents, avg(delay) as median_seconds
       from ranked
       where position in ((total + 1) / 2, (total + 2) / 2)
       group by provider_id`,
      [endSql, startSql, endSql]
    ),
  ])

  const byProvider = new Map<number, ProviderFigures>()
  const entry = (row: Record<string, any>) =>
    entryOf(byProvider, Number(row.provider_id), (): ProviderFigures => ({
      providerId: Number(row.provider_id),
      provider: row.name ?? '',
      ingested: 0,
      reads: 0,
      uniqueReaders: 0,
      bookmarks: 0,
      readsPerDocument: null,
      readDocuments: 0,
      medianHoursToFirstRead: null,
    }))
  for (const row of ingested) {
    const figures = entry(row)
    figures.ingested = count(row.ingested)
    figures.readsPerDocument = ratio(count(row.cohort_reads), figures.ingested)
  }
  for (const row of reads) {
    const figures = entry(row)
    figures.reads = count(row.reads)
    figures.uniqueReaders = count(row.readers)
  }
  for (const row of bookmarks) entry(row).bookmarks = count(row.bookmarks)
  for (const row of medians) {
    // Every provider here ingested documents in the range: it is already listed.
    const figures = byProvider.get(Number(row.provider_id))
    if (!figures) continue
    figures.readDocuments = count(row.read_documents)
    figures.medianHoursToFirstRead = Math.round((Number(row.median_seconds) / 3600) * 10) / 10
  }
  return {
    tab: 'providers',
    providers: [...byProvider.values()].sort(
      (a, b) => b.reads - a.reads || b.ingested - a.ingested || a.provider.localeCompare(b.provider)
    ),
  }
}

/**
 * Trends: published documents per theme per week (a document counts under each theme it is
 * tagged with), the rising themes (the range's later weeks against as many weeks before them),
 * the stars put on each theme, and the searches, those that found nothing above all.
 */
export async function trendsTab(range: AnalyticsRange): Promise<TrendsTab> {
  const bounds = rangeBounds(range)
  const { startSql, endSql, weeks } = bounds
  const zero = weekZero(bounds)
  const [themeWeeks, stars, searchWeeks, zeroTerms] = await Promise.all([
    // The catalogue alone (documents, their themes, the theme names): kept under its version,
    // as the grouping of a quarter's documents by theme and week is most of the tab's work
    // (about 0.2 s at 200,000 documents). The stars and searches are read each time.
    keptForCatalogue(
      { researchVersion: () => dataVersion('research') },
      `analytics:theme-weeks:${startSql}:${endSql}`,
      () =>
        rows(
          `select t.id as theme_id, t.name, w.week, count(*) as documents
           from (
             select d.id, ${weekOf('d.published_at')} as week
             from research_documents d
             where d.status = 'published' and d.published_at >= ? and d.published_at < ?
           ) w
           join research_document_themes dt on dt.document_id = w.id
           join research_themes t on t.id = dt.theme_id
           group by t.id, t.name, w.week`,
          [zero, startSql, endSql]
        )
    ),
    rows(
      `select t.id as theme_id, t.name, count(*) as stars
       from research_starred_themes s
       join research_themes t on t.id = s.theme_id
       where s.starred_at >= ? and s.starred_at < ?
       group by t.id, t.name`,
      [startSql, endSql]
    ),
    rows(
      `select ${weekOf('searched_at')} as week, count(*) as searches,
         sum(case when result_count = 0 then 1 else 0 end) as zero_results
       from research_searches
       where searched_at >= ? and searched_at < ?
       group by week`,
      [zero, startSql, endSql]
    ),
    rows(
      `select lower(term) as term, count(*) as searches, count(distinct team_id) as teams
       from research_searches
       where searched_at >= ? and searched_at < ? and result_count = 0
       group by lower(term)
       order by searches desc, term
       limit ${ZERO_RESULT_TERMS}`,
      [startSql, endSql]
    ),
  ])

  const byTheme = new Map<number, ThemeWeekFigures>()
  const theme = (row: Record<string, any>) =>
    entryOf(byTheme, Number(row.theme_id), (): ThemeWeekFigures => ({
      themeId: Number(row.theme_id),
      theme: row.name,
      weeks: weeks.map(() => 0),
      total: 0,
      newStars: 0,
    }))
  for (const row of themeWeeks) {
    const figures = theme(row)
    const week = Number(row.week)
    if (week >= 0 && week < weeks.length) figures.weeks[week] = count(row.documents)
    figures.total += count(row.documents)
  }
  for (const row of stars) theme(row).newStars = count(row.stars)
  const themes = [...byTheme.values()].sort(
    (a, b) => b.total - a.total || a.theme.localeCompare(b.theme)
  )

  // Rising: the later half of the range's whole weeks against the half before it.
  const half = Math.floor(weeks.length / 2)
  const rising: RisingTheme[] = []
  if (half > 0) {
    for (const figures of themes) {
      const last = weeks.length
      const sum = (from: number, to: number) =>
        figures.weeks.slice(from, to).reduce((total, value) => total + value, 0)
      const recent = sum(last - half, last)
      const earlier = sum(last - 2 * half, last - half)
      if (recent > earlier) {
        rising.push({
          themeId: figures.themeId,
          theme: figures.theme,
          earlier,
          recent,
          change: recent - earlier,
        })
      }
    }
    rising.sort(
      (a, b) => b.change - a.change || b.recent - a.recent || a.theme.localeCompare(b.theme)
    )
  }

  const perWeek = new Map(searchWeeks.map((row) => [Number(row.week), row]))
  const searches: SearchWeek[] = weeks.map((week) => ({
    week: week.index,
    searches: count(perWeek.get(week.index)?.searches),
    zeroResults: count(perWeek.get(week.index)?.zero_results),
  }))
  const zeroResults: ZeroResultSearch[] = zeroTerms.map((row) => ({
    term: row.term,
    searches: count(row.searches),
    teams: count(row.teams),
  }))
  return {
    tab: 'trends',
    themes,
    rising,
    risingWeeks: half,
    searchWeeks: searches,
    zeroResults,
  }
}

/**
 * Users, by team (never by person): distinct readers per week, readers and reads over the
 * range, reads per reader, research requests sent; and the weekly digest's sends and the share
 * followed (at least one link opened).
 */
export async function usersTab(range: AnalyticsRange): Promise<UsersTab> {
  const bounds = rangeBounds(range)
  const { startSql, endSql, weeks } = bounds
  const [weekly, totals, requests, digests] = await Promise.all([
    rows(
      `select team_id, ${weekOf('opened_at')} as week, count(distinct user_id) as readers
       from research_read_events
       where opened_at >= ? and opened_at < ?
       group by team_id, week`,
      [weekZero(bounds), startSql, endSql]
    ),
    rows(
      `select r.team_id, t.name, count(*) as reads, count(distinct r.user_id) as readers
       from research_read_events r
       join teams t on t.id = r.team_id
       where r.opened_at >= ? and r.opened_at < ?
       group by r.team_id, t.name`,
      [startSql, endSql]
    ),
    rows(
      `select q.team_id, t.name, count(*) as requests
       from research_requests q
       join teams t on t.id = q.team_id
       where q.created_at >= ? and q.created_at < ?
       group by q.team_id, t.name`,
      [startSql, endSql]
    ),
    // The digests sent in the range, and the links their readers followed (whenever).
    rows(
      `select r.week, count(*) as sent, count(c.user_id) as clicked,
         coalesce(sum(c.clicks), 0) as clicks
       from research_digest_runs r
       left join (
         select user_id, week, count(*) as clicks
         from research_digest_clicks
         where clicked_at >= ?
         group by user_id, week
       ) c on c.user_id = r.user_id and c.week = r.week
       where r.sent_at >= ? and r.sent_at < ?
       group by r.week
       order by r.week`,
      [startSql, startSql, endSql]
    ),
  ])

  const byTeam = new Map<number, TeamFigures>()
  const team = (row: Record<string, any>) =>
    entryOf(byTeam, Number(row.team_id), (): TeamFigures => ({
      teamId: Number(row.team_id),
      team: row.name ?? '',
      weeklyReaders: weeks.map(() => 0),
      averageWeeklyReaders: 0,
      readers: 0,
      reads: 0,
      readsPerReader: null,
      requests: 0,
    }))
  for (const row of totals) {
    const figures = team(row)
    figures.reads = count(row.reads)
    figures.readers = count(row.readers)
    figures.readsPerReader = ratio(figures.reads, figures.readers)
  }
  for (const row of requests) team(row).requests = count(row.requests)
  for (const row of weekly) {
    // Every team with a read is already listed (with its name) from the totals.
    const figures = byTeam.get(Number(row.team_id))
    const week = Number(row.week)
    if (figures && week >= 0 && week < weeks.length)
      figures.weeklyReaders[week] = count(row.readers)
  }
  for (const figures of byTeam.values()) {
    const sum = figures.weeklyReaders.reduce((total, value) => total + value, 0)
    figures.averageWeeklyReaders = weeks.length ? Math.round((sum / weeks.length) * 10) / 10 : 0
  }
  const digestWeeks: DigestWeekFigures[] = digests.map((row) => ({
    week: row.week,
    sent: count(row.sent),
    clicked: count(row.clicked),
    clicks: count(row.clicks),
    clickThroughRate: ratio(count(row.clicked), count(row.sent)),
  }))
  return {
    tab: 'users',
    teams: [...byTeam.values()].sort(
      (a, b) => b.reads - a.reads || b.requests - a.requests || a.team.localeCompare(b.team)
    ),
    digests: digestWeeks,
  }
}

export async function analyticsOf(tab: 'providers' | 'trends' | 'users', range: AnalyticsRange) {
  if (tab === 'trends') return trendsTab(range)
  if (tab === 'users') return usersTab(range)
  return providersTab(range)
}
