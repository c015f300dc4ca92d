import { MODULES, type ModuleName } from '#shared/modules'
import { REPORT_PRODUCT_MODULES } from '#shared/insights_reports'
import { INSIGHTS_CATEGORIES, INSIGHTS_TAGS } from '#database/demo/insights_reports_catalogue'
import { apportion } from '#database/generate/apportion'
import {
  addDays,
  instantBetween,
  isoDate,
  type GenerationContext,
} from '#database/generate/context'
import {
  FEEDBACK_ROUTES,
  FEEDBACK_TEXTS,
  FIRST_NAMES,
  INSIGHTS_EXTRA_TAGS,
  INSIGHTS_REGIONS,
  INSIGHTS_SUBJECTS,
  INSIGHTS_TITLES,
  LAST_NAMES,
  USER_AGENTS,
  slug,
} from '#database/generate/names'
import type { TableWriter } from '#database/generate/bulk'
import type { GeneratedAccounts, GeneratedTeam } from '#database/generate/accounts'
import type { GeneratedProvider } from '#database/generate/market_data'
import type { ContractSample } from '#database/generate/contracts'
import type { Random } from '#database/generate/random'

/** Sign-ins and feedback: from 1 January two years before the current one. */
function activityFrom(context: GenerationContext) {
  return Date.UTC(context.calendar.currentYear - 2, 0, 1)
}

function ip(random: Random) {
  return random.weighted([
    [`192.0.2.${random.int(1, 254)}`, 40],
    [`198.51.100.${random.int(1, 254)}`, 30],
    [`203.0.113.${random.int(1, 254)}`, 25],
    [`2001:db8::${random.int(1, 0xffff).toString(16)}`, 5],
  ] as const)
}

/** Feedback from users of every team, on the pages they were on. */
export async function generateFeedback(context: GenerationContext, accounts: GeneratedAccounts) {
  const { asOf } = context.calendar
  const random = context.random('feedback')
  const feedback = await context.writer.table('feedback', [
    'user_id',
    'team_id',
    'rating',
    'feedback_text',
    'route',
    'created_at',
  ])
  const clients = accounts.users.filter((user) => user.teamIds.length > 0)
  for (let index = 0; index < context.scale.feedback; index++) {
    const user = random.pick(clients)
    await feedback.add(
      user.id,
      random.pick(user.teamIds),
      random.weighted([
        [5, 35],
        [4, 30],
        [3, 15],
        [2, 10],
        [1, 10],
      ] as const),
      random.chance(0.85) ? random.pick(FEEDBACK_TEXTS) : null,
      random.pick(FEEDBACK_ROUTES),
      context.timestamp(
        instantBetween(random, Math.max(user.createdAt, activityFrom(context)), asOf)
      )
    )
  }
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** A client who can see a report, and the team through which they see it. */
interface ReportReader {
  userId: number
  teamId: number
  createdAt: number
}

/**
 * Insights reports as a library: categories and tags (the demo's, plus a few), reports from
 * 1 January three years before the current one to the universe's date — about 60% for every client team, 15% for the holders of a
 * product, 25% for one to three selected teams (Northbridge among them now and then) — with
 * their tags, audiences and versions (no PDF: the file is "not found"); the notifications sent
 * at publication, the reads (only by members of teams that can see the report, after they
 * joined) and some downloads.
 */
export async function generateInsights(
  context: GenerationContext,
  accounts: GeneratedAccounts,
  providers: GeneratedProvider[]
) {
  const { writer, scale, timestamp, trx } = context
  const { firstDay, asOf, currentYear } = context.calendar
  // Reports published from 1 January three years before the current one.
  const insightsFrom = Date.UTC(currentYear - 3, 0, 1)
  const random = context.random('insights')

  // The taxonomy: the demo's names (kept when the demo seed wrote them) and a few more tags.
  const categoryWriter = await writer.table(
    'insights_categories',
    ['id', 'name', 'created_at', 'updated_at'],
    { withIds: true }
  )
  const tagWriter = await writer.table(
    'insights_tags',
    ['id', 'name', 'created_at', 'updated_at'],
    {
      withIds: true,
    }
  )
  const taxonomyAt = timestamp(Date.UTC(currentYear - 4, 11, 1, 9))
  const ensure = async (
    table: 'insights_categories' | 'insights_tags',
    target: TableWriter,
    names: readonly string[]
  ) => {
    const rows = await trx.from(table).select('id', 'name')
    const ids = new Map(rows.map((row) => [row.name as string, Number(row.id)]))
    for (const name of names) {
      if (ids.has(name)) continue
      const id = target.nextId()
      await target.add(id, name, taxonomyAt, taxonomyAt)
      ids.set(name, id)
    }
    return names.map((name) => ({ name, id: ids.get(name)! }))
  }
  const categories = await ensure('insights_categories', categoryWriter, INSIGHTS_CATEGORIES)
  const tags = await ensure('insights_tags', tagWriter, [...INSIGHTS_TAGS, ...INSIGHTS_EXTRA_TAGS])

  const reports = await writer.table(
    'insights_reports',
    [
      'id',
      'title',
      'file_name',
      'summary',
      'category_id',
      'access_type',
      'access_module',
      'status',
      'published_at',
      'withdrawn_at',
      'page_count',
      'version',
      'file_key',
      'file_size',
      'author',
      'created_by',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const versions = await writer.table('insights_report_versions', [
    'insights_report_id',
    'version',
    'file_name',
    'file_key',
    'file_size',
    'page_count',
    'uploaded_by',
    'created_at',
  ])
  const reportTags = await writer.table('insights_report_tags', [
    'insights_report_id',
    'insights_tag_id',
  ])
  const reportTeams = await writer.table('insights_report_teams', ['insights_report_id', 'team_id'])
  const notifications = await writer.table('insights_report_notifications', [
    'insights_report_id',
    'version',
    'user_id',
    'channel',
    'status',
    'error',
    'requested_by',
    'queued_at',
    'sent_at',
  ])
  const reads = await writer.table('insights_report_reads', [
    'insights_report_id',
    'user_id',
    'read_at',
    'last_read_at',
    'read_count',
  ])
  const downloads = await writer.table('insights_report_downloads', [
    'insights_report_id',
    'user_id',
    'team_id',
    'version',
    'created_at',
  ])

  // Who can read: the members of the teams holding the module, each through their first such
  // team; per product, those of the teams also holding it.
  const joined = new Map(accounts.users.map((user) => [user.id, user.createdAt]))
  const readerTeams = accounts.teams.filter((team) => team.modules.has(MODULES.insightsReports))
  const readersOf = (teams: GeneratedTeam[]) => {
    const seen = new Map<number, ReportReader>()
    for (const team of teams) {
      for (const userId of team.members) {
        if (!seen.has(userId)) {
          seen.set(userId, { userId, teamId: team.id, createdAt: joined.get(userId) ?? firstDay })
        }
      }
    }
    return [...seen.values()]
  }
  const everyReader = readersOf(readerTeams)
  const productReaders = new Map(
    REPORT_PRODUCT_MODULES.map(({ module }) => [
      module,
      readersOf(readerTeams.filter((team) => team.modules.has(module))),
    ])
  )
  const northbridge = accounts.northbridge
  const authors = Array.from({ length: 14 }, () => {
    const first = random.pick(FIRST_NAMES)
    return `${first} ${random.pick(LAST_NAMES)}`
  })
  const administrators = accounts.administrators.length ? accounts.administrators : [null]

  // Publication days first, in order: report ids follow publication.
  const moments = Array.from({ length: scale.insightsReports }, () =>
    instantBetween(random, insightsFrom, asOf - DAY_MS)
  ).sort((a, b) => a - b)
  const readsPerReport = apportion(
    scale.insightsReportReads,
    moments.map(() => random.between(0.2, 1.8))
  )
  let firstSelected = true
  let readsCarried = 0
  const total = moments.length

  for (const [index, published] of moments.entries()) {
    const id = reports.nextId()
    const category = random.pick(categories)
    const date = new Date(published)
    const year = date.getUTCFullYear()
    const title = random
      .pick(INSIGHTS_TITLES[category.name])
      .replace('{year}', String(year))
      .replace('{quarter}', `Q${Math.floor(date.getUTCMonth() / 3) + 1}`)
      .replace('{half}', date.getUTCMonth() < 6 ? 'H1' : 'H2')
      .replace('{region}', random.pick(INSIGHTS_REGIONS))
      .replace('{subject}', random.pick(INSIGHTS_SUBJECTS))
      .replace('{provider}', random.pick(providers).name)
    const summary = random
      .pick(INSIGHTS_SUMMARIES)
      .replace('{title}', title)
      .replace('{contributors}', String(random.int(18, 140)))
      .replace('{audience}', random.pick(['heads of research', 'COOs', 'procurement teams']))

    const access = random.weighted([
      ['all_clients', 60],
      ['product_holders', 15],
      ['selected_teams', 25],
    ] as const)
    let accessModule: ModuleName | null = null
    let audience = everyReader
    let selected: GeneratedTeam[] = []
    if (access === 'product_holders') {
      accessModule = random.pick(REPORT_PRODUCT_MODULES).module
      audience = productReaders.get(accessModule) ?? []
    } else if (access === 'selected_teams') {
      selected = random.sample(readerTeams, random.int(1, 3))
      // Northbridge (the demo analyst's team) is among the first selected report's teams and
      // now and then among the others'.
      if ((firstSelected || random.chance(0.12)) && !selected.includes(northbridge)) {
        selected[0] = northbridge
      }
      firstSelected = false
      audience = readersOf(selected)
    }

    const withdrawnAt =
      random.chance(0.03) && published < asOf - 2 * DAY_MS
        ? instantBetween(random, published + DAY_MS, Math.min(asOf, published + 60 * DAY_MS))
        : null
    const revisedAt =
      random.chance(0.08) && published < asOf - 4 * DAY_MS
        ? instantBetween(random, published + 3 * DAY_MS, Math.min(asOf, published + 90 * DAY_MS))
        : null
    const version = revisedAt === null ? 1 : 2
    const pages = random.weighted([
      [random.int(2, 8), 60],
      [random.int(9, 24), 32],
      [random.int(25, 60), 8],
    ] as const)
    const fileSize = Math.round(pages * random.between(28_000, 140_000))
    const fileName = `${slug(title) || 'report'}-${id}.pdf`.slice(-120)
    const createdBy = random.pick(administrators)
    await reports.add(
      id,
      title,
      fileName,
      summary,
      category.id,
      access,
      accessModule,
      withdrawnAt === null ? 'published' : 'withdrawn',
      timestamp(published),
      withdrawnAt === null ? null : timestamp(withdrawnAt),
      pages,
      version,
      null,
      fileSize,
      random.pick(authors),
      createdBy,
      timestamp(published),
      timestamp(withdrawnAt ?? revisedAt ?? published)
    )
    await versions.add(
      id,
      1,
      fileName,
      null,
      revisedAt === null ? fileSize : Math.round(fileSize * random.between(0.9, 1.05)),
      pages,
      createdBy,
      timestamp(published - random.int(10, 180) * 60_000)
    )
    if (revisedAt !== null) {
      await versions.add(id, 2, fileName, null, fileSize, pages, createdBy, timestamp(revisedAt))
    }
    for (const tag of random.sample(tags, random.int(1, 3))) await reportTags.add(id, tag.id)
    for (const team of selected) await reportTeams.add(id, team.id)

    // Notified at publication (most reports), then read: mostly by those notified.
    const until = Math.min(asOf, withdrawnAt ?? asOf)
    const candidates = audience.filter((reader) => reader.createdAt < until - HOUR_MS)
    // Reads a report could not take (too small an audience) go to the next ones.
    const readCount = Math.min(readsPerReport[index] + readsCarried, candidates.length)
    const notifyCount = random.chance(0.75)
      ? Math.min(candidates.length, Math.round(readCount * random.between(1.4, 2.6)) + 1)
      : 0
    const pool = random.sample(
      candidates,
      Math.min(candidates.length, notifyCount + Math.ceil(readCount * 0.3) + 1)
    )
    const queued = published + random.int(5, 90) * 60_000
    const sentAt = new Map<number, number>()
    for (const reader of pool.slice(0, notifyCount)) {
      if (reader.createdAt > queued) continue
      const status = random.weighted([
        ['sent', 92],
        ['skipped_unsubscribed', 4],
        ['skipped_unverified', 2],
        ['failed', 2],
      ] as const)
      const sent = queued + random.int(3, 600) * 1000
      await notifications.add(
        id,
        1,
        reader.userId,
        'email',
        status,
        status === 'failed' ? random.pick(MAIL_ERRORS) : null,
        createdBy,
        timestamp(queued),
        status === 'sent' ? timestamp(sent) : null
      )
      if (status === 'sent') sentAt.set(reader.userId, sent)
    }
    if (revisedAt !== null && sentAt.size && random.chance(0.5)) {
      const requeued = revisedAt + random.int(10, 120) * 60_000
      for (const userId of sentAt.keys()) {
        await notifications.add(
          id,
          2,
          userId,
          'email',
          'sent',
          null,
          createdBy,
          timestamp(requeued),
          timestamp(requeued + random.int(3, 600) * 1000)
        )
      }
    }
    const notifiedReaders = pool.slice(0, notifyCount).filter((r) => sentAt.has(r.userId))
    const fromNotified = random.sample(notifiedReaders, Math.round(readCount * 0.8))
    const chosen = new Set(fromNotified)
    for (const reader of pool) {
      if (chosen.size >= readCount) break
      if (!sentAt.has(reader.userId)) chosen.add(reader)
    }
    const readers = [...chosen]
    // The demo analyst reads some of what Northbridge can see.
    const northbridgeSees =
      access === 'all_clients' ||
      (access === 'product_holders' && northbridge.modules.has(accessModule!)) ||
      selected.includes(northbridge)
    if (northbridgeSees && random.chance(selected.includes(northbridge) ? 0.7 : 0.3)) {
      readers.push({
        userId: context.demo.analystId,
        teamId: northbridge.id,
        createdAt: insightsFrom,
      })
    }
    readsCarried += readsPerReport[index]
    for (const reader of readers) {
      const from = Math.max(sentAt.get(reader.userId) ?? published, reader.createdAt)
      if (from >= until) continue
      if (reader.userId !== context.demo.analystId) readsCarried--
      const first = instantBetween(random, from, Math.min(until, from + random.pick(READ_WITHIN)))
      const count = random.weighted([
        [1, 55],
        [2, 25],
        [3, 10],
        [random.int(4, 9), 10],
      ] as const)
      const last =
        count === 1 ? first : instantBetween(random, first, Math.min(until, first + 60 * DAY_MS))
      await reads.add(id, reader.userId, timestamp(first), timestamp(last), count)
      if (random.chance(0.25)) {
        const at = Math.min(until, first + random.int(1, 30) * 60_000)
        await downloads.add(
          id,
          reader.userId,
          reader.teamId,
          revisedAt !== null && at >= revisedAt ? 2 : 1,
          timestamp(at)
        )
      }
    }
    if (index % 500 === 0) context.progress(index, total)
  }
}

const INSIGHTS_SUMMARIES = [
  '{title}: the figures our clients submitted, set against their peers. What changed since the previous edition and what to take into the next budget or renewal.',
  'Built from the submissions of {contributors} contributors, this edition compares prices, budgets and terms across peer groups and flags where they moved most.',
  'A briefing for {audience}: the main changes of the period, their likely effect on budgets and the questions to ask providers before the next renewal.',
]

/** How soon a reader opens a report after being told of it (or after publication). */
const READ_WITHIN = [6 * HOUR_MS, 2 * DAY_MS, 2 * DAY_MS, 14 * DAY_MS, 60 * DAY_MS]

const MAIL_ERRORS = [
  '550 5.1.1 Mailbox unavailable',
  '552 5.2.2 Mailbox full',
  '421 4.7.0 Try again later',
]

const SIGN_IN_EVENTS: [string, number][] = [
  ['sign_in', 55],
  ['sign_out', 20],
  ['sign_in_failed', 9],
  ['password_changed', 3],
  ['two_factor_enabled', 1],
  ['two_factor_failed', 2],
  ['password_confirmation_failed', 2],
  ['member_added', 2],
  ['member_role_changed', 1],
  ['email_change_requested', 1],
  ['email_changed', 1],
  ['invitation_accepted', 2],
  ['user_disabled', 0.5],
  ['user_enabled', 0.5],
]

/** The security log: sign-ins and sign-outs mostly, failures and account changes now and then. */
export async function generateSecurityEvents(
  context: GenerationContext,
  accounts: GeneratedAccounts
) {
  const { asOf } = context.calendar
  const random = context.random('security-events')
  const events = await context.writer.table('security_events', [
    'user_id',
    'email',
    'event',
    'ip',
    'user_agent',
    'details',
    'created_at',
  ])
  const total = context.scale.securityEvents
  for (let index = 0; index < total; index++) {
    const event = random.weighted(SIGN_IN_EVENTS)
    const user = random.pick(accounts.users)
    // A failed sign-in now and then names an address no account has.
    const unknown = event === 'sign_in_failed' && random.chance(0.3)
    await events.add(
      unknown ? null : user.id,
      unknown ? `someone.${random.int(1, 9999)}@example.org` : null,
      event,
      ip(random),
      random.pick(USER_AGENTS),
      event === 'member_added' || event === 'member_role_changed'
        ? JSON.stringify({ team: user.teamIds[0] ?? null })
        : null,
      context.timestamp(
        instantBetween(random, Math.max(user.createdAt, activityFrom(context)), asOf)
      )
    )
    if (index % 20_000 === 0) context.progress(index, total)
  }
}

/**
 * The administrators' trail: contract, benchmark and provider edits with their values before
 * and after; some from command-line imports.
 */
export async function generateAuditLogs(
  context: GenerationContext,
  accounts: GeneratedAccounts,
  providers: GeneratedProvider[],
  sample: ContractSample
) {
  const { asOf, currentYear } = context.calendar
  const random = context.random('audit')
  const logs = await context.writer.table('audit_logs', [
    'user_id',
    'source',
    'entity_type',
    'entity_id',
    'action',
    'summary',
    'before',
    'after',
    'created_at',
  ])
  for (let index = 0; index < context.scale.auditLogs; index++) {
    const commandLine = random.chance(0.08)
    const userId = commandLine ? null : random.pick(accounts.administrators)
    const kind = random.weighted([
      ['contract', 35],
      ['product_benchmark', 45],
      ['provider', 10],
      ['proposal', 10],
    ] as const)
    const contract = random.pick(sample.contracts)
    const createdAt = instantBetween(
      random,
      Math.max(contract.start - 30 * 86_400_000, Date.UTC(currentYear - 3, 0, 1)),
      asOf
    )
    let entry: {
      entityId: number
      action: string
      summary: string
      before: unknown
      after: unknown
    }
    if (kind === 'contract') {
      const before = {
        license_type_id: contract.licenseTypeId,
        reference: contract.reference,
        start_date: isoDate(contract.start),
        end_date: isoDate(contract.end),
      }
      const action = random.weighted([
        ['update', 70],
        ['create', 30],
      ] as const)
      entry = {
        entityId: contract.id,
        action,
        summary: `${action === 'create' ? 'Created' : 'Updated'} contract ${contract.reference}`,
        before: action === 'create' ? null : before,
        after: { ...before, end_date: isoDate(addDays(contract.end, random.pick([0, 30, 365]))) },
      }
    } else if (kind === 'product_benchmark' && contract.lines.length > 0) {
      const line = random.pick(contract.lines)
      entry = {
        entityId: line.id,
        action: 'update',
        summary: `Updated a product benchmark of contract ${contract.reference}`,
        before: {
          payment: line.payment,
          benchmark_price: line.benchmark,
          currency_id: line.currencyId,
        },
        after: {
          payment: Math.round(line.payment * random.between(0.9, 1.1)),
          benchmark_price: line.benchmark,
          currency_id: line.currencyId,
        },
      }
    } else if (kind === 'proposal') {
      entry = {
        entityId: contract.id,
        action: 'create',
        summary: `Recorded a proposal for contract ${contract.reference}`,
        before: null,
        after: {
          provider_id: contract.providerId,
          team_id: contract.teamId,
          status: 'under_review',
        },
      }
    } else {
      const provider = random.pick(providers)
      entry = {
        entityId: provider.id,
        action: 'update',
        summary: `Updated provider ${provider.name}`,
        before: { name: provider.name, has_rate_card: !provider.hasRateCard },
        after: { name: provider.name, has_rate_card: provider.hasRateCard },
      }
    }
    await logs.add(
      userId,
      commandLine ? 'command_line' : 'web',
      kind === 'product_benchmark' && contract.lines.length === 0 ? 'provider' : kind,
      entry.entityId,
      commandLine && entry.action === 'create' ? 'import' : entry.action,
      commandLine ? `${entry.summary} (command line)`.slice(0, 255) : entry.summary.slice(0, 255),
      entry.before === null ? null : JSON.stringify(entry.before),
      JSON.stringify(entry.after),
      context.timestamp(createdAt)
    )
  }
}
