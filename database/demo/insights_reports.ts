import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import * as clock from '#services/calendar/clock'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import hash from '@adonisjs/core/services/hash'
import { MODULES } from '#shared/modules'
import { suggestFileName, type ReportAccessType } from '#shared/insights_reports'
import { deleteReportFile, putReportFile } from '#services/insights/report_files'
import { insertReturningId } from '#services/db/insert'
import { Random } from '#database/generate/random'
import {
  HELVETIA,
  INSIGHTS_CATEGORIES,
  INSIGHTS_REPORTS,
  INSIGHTS_TAGS,
  NORTHBRIDGE,
  PACIFIC_CREST,
  renderInsightsReportPdf,
  type DemoTeam,
  type PlannedReport,
} from '#database/demo/insights_reports_catalogue'

/**
 * Insights Reports demo data: the vendor's own studies, published to client teams over nearly
 * three years up to the last weeks (the catalogue runs from January 2024 to November 2026; seeded
 * later than August 2027 it moves on by whole years, see catalogueFor), about one a month, three
 * a month lately, each a real multi-page PDF
 * rendered in memory with the product's report renderer and stored on the drive disk (the
 * reports and their PDFs are planned in insights_reports_catalogue.ts). Most are
 * for every client team; some for the holders of a product (market data, research budgets,
 * alternative data, analyst mapping); four are private to one demo team (two for Northbridge,
 * one for Helvetia, one for Pacific Crest), so that switching team shows different lists. One
 * was withdrawn (superseded by a corrected edition) and two were replaced by a second version.
 *
 * The people: the demo accounts plus a few colleagues of the demo teams (who cannot sign in:
 * their password is random), so that the notify list has its groups (subscribed, not
 * subscribed, unverified, administrators) and the analytics have readers. The demo analyst has
 * read most of the back catalogue but not the latest reports, so that the unread badge shows a
 * real number; notifications were sent at publication to the subscribed, verified members of
 * the teams that could see each report (except the newest, which is waiting to be sent).
 *
 * Deterministic for a given day of seeding: reads, notifications and downloads never lie after
 * it, and a report planned after it is left out.
 */

// ---------------------------------------------------------------------------------------------
// The people and their activity
// ---------------------------------------------------------------------------------------------

interface Colleague {
  name: string
  email: string
  team: DemoTeam
  verified: boolean
  subscribed: boolean
  /** How likely the colleague is to open a report they can see. */
  readRate: number
}

/** Colleagues of the demo accounts in the demo teams (they cannot sign in). */
const COLLEAGUES: Colleague[] = [
  {
    name: 'Hannah Lowe',
    email: 'hannah.lowe@example.com',
    team: NORTHBRIDGE,
    verified: true,
    subscribed: true,
    readRate: 0.85,
  },
  {
    name: 'Tom Becker',
    email: 'tom.becker@example.com',
    team: NORTHBRIDGE,
    verified: true,
    subscribed: true,
    readRate: 0.55,
  },
  {
    name: 'Daniel Osei',
    email: 'daniel.osei@example.com',
    team: NORTHBRIDGE,
    verified: true,
    subscribed: false,
    readRate: 0.4,
  },
  {
    name: 'Olivia Grant',
    email: 'olivia.grant@example.com',
    team: NORTHBRIDGE,
    verified: false,
    subscribed: false,
    readRate: 0.2,
  },
  {
    name: 'Lea Meier',
    email: 'lea.meier@example.net',
    team: HELVETIA,
    verified: true,
    subscribed: true,
    readRate: 0.7,
  },
  {
    name: 'Marco Bianchi',
    email: 'marco.bianchi@example.net',
    team: HELVETIA,
    verified: true,
    subscribed: false,
    readRate: 0.35,
  },
  {
    name: 'Jordan Blake',
    email: 'jordan.blake@example.org',
    team: PACIFIC_CREST,
    verified: true,
    subscribed: true,
    readRate: 0.6,
  },
  {
    name: 'Mei Chen',
    email: 'mei.chen@example.org',
    team: PACIFIC_CREST,
    verified: false,
    subscribed: false,
    readRate: 0.3,
  },
]

/** How likely each demo account (client) is to open a report it can see. */
const DEMO_READ_RATES: Record<string, number> = { 'pm@example.com': 0.65 }
const DEMO_SUBSCRIBED = ['analyst@example.com', 'pm@example.com']

/** The demo analyst leaves this many of the reports of the look-back window unread. */
const ANALYST_UNREAD = 5
const LOOKBACK_DAYS = 90

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** On the day of seeding, the catalogue's newest report is at most this old. */
const NEWEST_MAX_AGE_DAYS = 270

/** When the demo's people joined and its taxonomy was made, before the first report. */
const TAXONOMY_AT = Date.UTC(2023, 11, 4, 9)

/**
 * The catalogue as seeded on a day: as planned until its newest report is more than nine months
 * old, then moved on by whole years (every date, and the years a study's figures are about; the
 * regulatory notes keep their text, which dates the rules they describe), so that the demo
 * always has reports of the last months. Returns the reports and the years they moved.
 */
export function catalogueFor(today: number) {
  const newest = Math.max(...INSIGHTS_REPORTS.map((report) => Date.parse(report.published)))
  let years = 0
  while (shiftYears(newest, years) < today - NEWEST_MAX_AGE_DAYS * DAY_MS) years++
  if (years === 0) return { reports: INSIGHTS_REPORTS, years }
  const at = (iso: string) => new Date(shiftYears(Date.parse(iso), years)).toISOString()
  const text = (report: PlannedReport, value: string) =>
    report.kind === 'regulation'
      ? value
      : value.replace(/(?<![/\w])20[1-3]\d(?![/\w])/g, (year) => String(Number(year) + years))
  const reports = INSIGHTS_REPORTS.map((report): PlannedReport => ({
    ...report,
    published: at(report.published),
    title: text(report, report.title),
    summary: text(report, report.summary),
    figures: report.figures.map(
      ([label, value, hint]) =>
        [text(report, label), text(report, value), hint && text(report, hint)] as [
          string,
          string,
          string?,
        ]
    ),
    findings: report.findings.map((finding) => text(report, finding)),
    withdrawn: report.withdrawn && {
      at: at(report.withdrawn.at),
      reason: text(report, report.withdrawn.reason),
    },
    revised: report.revised && {
      ...report.revised,
      at: at(report.revised.at),
      note: text(report, report.revised.note),
    },
  }))
  return { reports, years }
}

/** The instant `years` years later (same day and time). */
function shiftYears(ms: number, years: number) {
  return DateTime.fromMillis(ms, { zone: 'utc' }).plus({ years }).toMillis()
}

interface Person {
  id: number
  email: string
  createdAt: number
  verified: boolean
  subscribed: boolean
  /** The demo teams the person is a client member of. */
  teams: DemoTeam[]
  readRate: number
}

export interface InsightsReportsSummary {
  categories: number
  tags: number
  reports: number
  privateReports: number
  withdrawn: number
  files: number
  pages: number
  bytes: number
  reads: number
  notifications: number
  downloads: number
  colleagues: number
  analystUnread: number
  seconds: number
}

/**
 * The demo's insights reports (see the file's comment), in one transaction; the PDFs are
 * written to the drive disk as the rows are, and removed again if the transaction fails.
 * Skipped when insights categories exist already.
 */
export async function seedInsightsReports(): Promise<InsightsReportsSummary | null> {
  const started = performance.now()
  const existing = await db.from('insights_categories').count('* as total').first()
  if (Number(existing?.total ?? 0) > 0) return null

  const now = clock.now().toMillis()
  const catalogue = catalogueFor(now)
  const plans = catalogue.reports.filter((report) => Date.parse(report.published) < now)
  // The PDFs first, in memory: one per version.
  const rendered = new Map<string, { pdf: Buffer; pageCount: number }[]>()
  for (const report of plans) {
    const versions = [await renderInsightsReportPdf(report, 1)]
    if (report.revised && Date.parse(report.revised.at) < now) {
      versions.push(await renderInsightsReportPdf(report, 2))
    }
    rendered.set(report.key, versions)
  }

  const keys: string[] = []
  try {
    const summary = await db.transaction((trx) =>
      writeReports(trx, plans, rendered, keys, now, catalogue.years)
    )
    return { ...summary, seconds: (performance.now() - started) / 1000 }
  } catch (error) {
    for (const key of keys) await deleteReportFile(key)
    throw error
  }
}

async function writeReports(
  trx: TransactionClientContract,
  plans: PlannedReport[],
  rendered: Map<string, { pdf: Buffer; pageCount: number }[]>,
  keys: string[],
  now: number,
  years: number
): Promise<Omit<InsightsReportsSummary, 'seconds'>> {
  const format = trx.dialect.dateTimeFormat
  const sqlTime = (ms: number) => DateTime.fromMillis(ms, { zone: 'utc' }).toFormat(format)
  const random = new Random('insights-reports:demo:people')
  const taxonomyAt = sqlTime(shiftYears(TAXONOMY_AT, years))

  const teamRows = await trx
    .from('teams')
    .whereIn('name', [NORTHBRIDGE, HELVETIA, PACIFIC_CREST])
    .select('id', 'name')
  const teamIds = new Map(teamRows.map((row) => [row.name as DemoTeam, Number(row.id)]))
  const teamNames = new Map([...teamIds].map(([name, id]) => [id, name]))
  if (teamIds.size < 3) throw new Error('Insights reports: the demo teams are missing.')
  const moduleRows = await trx
    .from('team_modules as tm')
    .join('modules as m', 'm.id', 'tm.module_id')
    .whereIn('tm.team_id', [...teamIds.values()])
    .select('tm.team_id', 'm.internal_name')
  const modulesOf = new Map<DemoTeam, Set<string>>()
  for (const row of moduleRows) {
    const name = teamNames.get(Number(row.team_id))!
    if (!modulesOf.has(name)) modulesOf.set(name, new Set())
    modulesOf.get(name)!.add(row.internal_name)
  }
  const admin = await trx.from('users').where('email', 'admin@example.com').select('id').first()
  const researchAdmin = await trx
    .from('users')
    .where('email', 'research.admin@example.com')
    .select('id')
    .first()
  const publisherId = Number(researchAdmin?.id ?? admin?.id) || null
  const senderId = Number(admin?.id ?? researchAdmin?.id) || null

  // The colleagues, joined some time before the first report.
  // The colleagues, joined some time before the first report. One random password for all
  // (hashed once: they are not meant to sign in).
  const password = await hash.make(randomBytes(24).toString('base64url'))
  for (const [index, colleague] of COLLEAGUES.entries()) {
    const joined = sqlTime(shiftYears(Date.UTC(2023, 5 + index, 3 + index * 2, 9), years))
    const teamId = teamIds.get(colleague.team)!
    const userId = await insertReturningId(trx, 'users', {
      name: colleague.name,
      email: colleague.email,
      password,
      password_changed_at: joined,
      email_verified_at: colleague.verified ? joined : null,
      is_administrator: false,
      should_show_main_nav_user_tour: false,
      current_team_id: teamId,
      created_at: joined,
      updated_at: joined,
    })
    await trx
      .table('team_user')
      .insert({ team_id: teamId, user_id: userId, role: 'member', created_at: joined })
  }

  // Everyone in the three teams who is a client (not an administrator) and active.
  const memberRows = await trx
    .from('team_user as tu')
    .join('users as u', 'u.id', 'tu.user_id')
    .whereIn('tu.team_id', [...teamIds.values()])
    .where('u.is_administrator', false)
    .whereNull('u.disabled_at')
    .select('u.id', 'u.email', 'u.created_at', 'u.email_verified_at', 'tu.team_id')
    .orderBy('u.id')
  const people = new Map<number, Person>()
  for (const row of memberRows) {
    const colleague = COLLEAGUES.find((entry) => entry.email === row.email)
    const person: Person = people.get(Number(row.id)) ?? {
      id: Number(row.id),
      email: row.email,
      createdAt: timeOf(row.created_at),
      verified: row.email_verified_at !== null,
      subscribed: colleague ? colleague.subscribed : DEMO_SUBSCRIBED.includes(row.email),
      teams: [],
      readRate: colleague?.readRate ?? DEMO_READ_RATES[row.email] ?? 0.5,
    }
    person.teams.push(teamNames.get(Number(row.team_id))!)
    people.set(person.id, person)
  }
  const subscribed = [...people.values()].filter((person) => person.subscribed)
  await trx
    .insertQuery()
    .table('email_subscriptions')
    .multiInsert(
      subscribed.map((person) => ({
        user_id: person.id,
        subscription: 'insights_reports',
        created_at: sqlTime(Math.min(person.createdAt, shiftYears(TAXONOMY_AT, years))),
      }))
    )
    .knexQuery.onConflict(['user_id', 'subscription'])
    .ignore()

  // The taxonomy.
  await trx
    .table('insights_categories')
    .multiInsert(
      INSIGHTS_CATEGORIES.map((name) => ({ name, created_at: taxonomyAt, updated_at: taxonomyAt }))
    )
  await trx
    .table('insights_tags')
    .multiInsert(
      INSIGHTS_TAGS.map((name) => ({ name, created_at: taxonomyAt, updated_at: taxonomyAt }))
    )
  const idsByName = (rows: { id: number; name: string }[]) =>
    new Map(rows.map((row) => [row.name, Number(row.id)]))
  const categoryIds = idsByName(await trx.from('insights_categories').select('id', 'name'))
  const tagIds = idsByName(await trx.from('insights_tags').select('id', 'name'))

  const sees = (team: DemoTeam, report: PlannedReport) => {
    const modules = modulesOf.get(team) ?? new Set<string>()
    if (!modules.has(MODULES.insightsReports)) return false
    if (report.access.type === 'all_clients') return true
    if (report.access.type === 'product_holders') return modules.has(report.access.module)
    return report.access.teams.includes(team)
  }

  let files = 0
  let pages = 0
  let bytes = 0
  const reads: Record<string, unknown>[] = []
  const notifications: Record<string, unknown>[] = []
  const downloads: Record<string, unknown>[] = []
  const analyst = [...people.values()].find((person) => person.email === 'analyst@example.com')
  const lookbackFrom = analyst ? analyst.createdAt - LOOKBACK_DAYS * DAY_MS : now
  // The analyst's current team is Northbridge: the newest of its window stay unread.
  const analystWindow = plans
    .filter(
      (report) =>
        !report.withdrawn &&
        sees(NORTHBRIDGE, report) &&
        Date.parse(report.published) >= lookbackFrom
    )
    .map((report) => report.key)
  const analystUnread = new Set(analystWindow.slice(-ANALYST_UNREAD))
  const analystReads = new Set<string>()
  const newest = plans.at(-1)?.key

  for (const [index, report] of plans.entries()) {
    const published = Date.parse(report.published)
    const versions = rendered.get(report.key)!
    const latest = versions.length
    const revisedAt = latest > 1 ? Date.parse(report.revised!.at) : null
    const withdrawnAt =
      report.withdrawn && Date.parse(report.withdrawn.at) < now
        ? Date.parse(report.withdrawn.at)
        : null
    const fileName = suggestFileName(report.title)
    const reportId = await insertReturningId(trx, 'insights_reports', {
      title: report.title,
      file_name: fileName,
      summary: report.summary,
      category_id: categoryIds.get(report.category),
      access_type: report.access.type satisfies ReportAccessType,
      access_module: report.access.type === 'product_holders' ? report.access.module : null,
      status: withdrawnAt === null ? 'published' : 'withdrawn',
      published_at: sqlTime(published),
      withdrawn_at: withdrawnAt === null ? null : sqlTime(withdrawnAt),
      page_count: versions[latest - 1].pageCount,
      version: latest,
      file_key: null,
      file_size: versions[latest - 1].pdf.length,
      author: report.author,
      created_by: publisherId,
      created_at: sqlTime(published),
      updated_at: sqlTime(withdrawnAt ?? revisedAt ?? published),
    })
    let fileKey: string | null = null
    for (const [position, { pdf, pageCount }] of versions.entries()) {
      const version = position + 1
      fileKey = await putReportFile(reportId, version, pdf)
      keys.push(fileKey)
      files++
      pages += pageCount
      bytes += pdf.length
      await trx.table('insights_report_versions').insert({
        insights_report_id: reportId,
        version,
        file_name: fileName,
        file_key: fileKey,
        file_size: pdf.length,
        page_count: pageCount,
        uploaded_by: publisherId,
        created_at: sqlTime(version === 1 ? published - 2 * HOUR_MS : revisedAt!),
      })
    }
    await trx.from('insights_reports').where('id', reportId).update({ file_key: fileKey })
    await trx.table('insights_report_tags').multiInsert(
      report.tags.map((tag) => ({
        insights_report_id: reportId,
        insights_tag_id: tagIds.get(tag),
      }))
    )
    if (report.access.type === 'selected_teams') {
      await trx.table('insights_report_teams').multiInsert(
        report.access.teams.map((team) => ({
          insights_report_id: reportId,
          team_id: teamIds.get(team),
        }))
      )
    }

    // Who could see it, through which team (the first of theirs that can).
    const audience = [...people.values()].flatMap((person) => {
      const team = person.teams.find((entry) => sees(entry, report))
      return team ? [{ person, team }] : []
    })

    // Notifications at publication (the newest report is still waiting to be sent; the two
    // oldest were published before notifications were sent from the service).
    const notified = new Map<number, number>()
    if (report.key !== newest && index >= 2) {
      const queued = published + random.int(10, 45) * 60_000
      const includeUnsubscribed = index % 4 === 1
      for (const { person } of audience) {
        if (!person.verified) continue
        if (!person.subscribed && !includeUnsubscribed) continue
        const failed =
          person.email === 'jordan.blake@example.org' && report.key === 'spend-outlook-2026'
        const sentAt = queued + random.int(4, 150) * 1000
        notifications.push({
          insights_report_id: reportId,
          version: 1,
          user_id: person.id,
          channel: 'email',
          status: !person.subscribed ? 'skipped_unsubscribed' : failed ? 'failed' : 'sent',
          error: failed ? '550 5.1.1 Mailbox unavailable' : null,
          requested_by: senderId,
          queued_at: sqlTime(queued),
          sent_at: person.subscribed && !failed ? sqlTime(sentAt) : null,
        })
        if (person.subscribed && !failed) notified.set(person.id, sentAt)
      }
      if (revisedAt !== null && report.revised?.notifyAgain) {
        const requeued = revisedAt + random.int(20, 90) * 60_000
        for (const { person } of audience) {
          if (!person.verified || !person.subscribed) continue
          notifications.push({
            insights_report_id: reportId,
            version: 2,
            user_id: person.id,
            channel: 'email',
            status: 'sent',
            error: null,
            requested_by: senderId,
            queued_at: sqlTime(requeued),
            sent_at: sqlTime(requeued + random.int(4, 150) * 1000),
          })
        }
      }
    }

    // Reads: the analyst by plan, the others by their habits; never after the day of seeding
    // nor after a withdrawal.
    const until = Math.min(now - HOUR_MS, withdrawnAt ?? Number.POSITIVE_INFINITY)
    for (const { person, team } of audience) {
      const isAnalyst = person === analyst
      // The analyst opens every report of the look-back window but the newest few.
      const planned = isAnalyst && analystWindow.includes(report.key)
      const opens = isAnalyst
        ? !analystUnread.has(report.key) && (planned || random.chance(0.8))
        : random.chance(person.readRate)
      if (!opens) continue
      const from = notified.get(person.id) ?? published + random.int(1, 36) * HOUR_MS
      let first = from + readDelay(random)
      if (first >= until && planned) first = Math.max(published + 60_000, until - 2 * HOUR_MS)
      if (first >= until) continue
      const count = random.weighted([
        [1, 55],
        [2, 25],
        [3, 10],
        [random.int(4, 9), 10],
      ] as const)
      const last = count === 1 ? first : Math.min(until, first + random.between(0.2, 60) * DAY_MS)
      if (isAnalyst) analystReads.add(report.key)
      reads.push({
        insights_report_id: reportId,
        user_id: person.id,
        read_at: sqlTime(first),
        last_read_at: sqlTime(Math.floor(last / 1000) * 1000),
        read_count: count,
      })
      if (random.chance(0.3)) {
        const at = first + random.int(1, 20) * 60_000
        if (at < until) {
          downloads.push({
            insights_report_id: reportId,
            user_id: person.id,
            team_id: teamIds.get(team),
            version: revisedAt !== null && at >= revisedAt ? 2 : 1,
            created_at: sqlTime(at),
          })
        }
      }
    }
  }

  for (const [table, rows] of [
    ['insights_report_notifications', notifications],
    ['insights_report_reads', reads],
    ['insights_report_downloads', downloads],
  ] as const) {
    for (let start = 0; start < rows.length; start += 200) {
      await trx.table(table).multiInsert(rows.slice(start, start + 200))
    }
  }

  return {
    categories: INSIGHTS_CATEGORIES.length,
    tags: INSIGHTS_TAGS.length,
    reports: plans.length,
    privateReports: plans.filter((report) => report.access.type === 'selected_teams').length,
    withdrawn: plans.filter((report) => report.withdrawn && Date.parse(report.withdrawn.at) < now)
      .length,
    files,
    pages,
    bytes,
    reads: reads.length,
    notifications: notifications.length,
    downloads: downloads.length,
    colleagues: COLLEAGUES.length,
    // What the badge counts: Northbridge's reports of the window the analyst has not opened.
    analystUnread: analystWindow.filter((key) => !analystReads.has(key)).length,
  }
}

/** From notification (or publication) to first opening: hours mostly, weeks now and then. */
function readDelay(random: Random) {
  const band = random.weighted([
    [[0.1, 6], 35],
    [[6, 48], 30],
    [[48, 14 * 24], 25],
    [[14 * 24, 60 * 24], 10],
  ] as const)
  return Math.floor((random.between(band[0], band[1]) * HOUR_MS) / 1000) * 1000
}

function timeOf(value: unknown) {
  if (value instanceof Date) return value.getTime()
  const text = String(value)
  return Date.parse(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`)
}
