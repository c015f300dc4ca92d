import { MODULES } from '#shared/modules'
import { apportion } from '#database/generate/apportion'
import {
  AS_OF,
  addDays,
  instantBetween,
  isoDate,
  type GenerationContext,
} from '#database/generate/context'
import {
  FEEDBACK_ROUTES,
  FEEDBACK_TEXTS,
  REPORT_CATEGORIES,
  REPORT_TAGS,
  USER_AGENTS,
} from '#database/generate/names'
import type { GeneratedAccounts, GeneratedTeam } from '#database/generate/accounts'
import type { GeneratedProvider } from '#database/generate/market_data'
import type { ContractSample } from '#database/generate/contracts'
import type { Random } from '#database/generate/random'

const ACTIVITY_FROM = Date.UTC(2024, 0, 1)

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
      context.timestamp(instantBetween(random, Math.max(user.createdAt, ACTIVITY_FROM), AS_OF))
    )
  }
}

/**
 * Insights reports: most for one team (those holding the module), a fifth published to every
 * team; and who has opened which (each reader once per report).
 */
export async function generateInsights(
  context: GenerationContext,
  accounts: GeneratedAccounts,
  providers: GeneratedProvider[]
) {
  const { writer, scale, timestamp } = context
  const random = context.random('insights')
  const reports = await writer.table(
    'insights_reports',
    [
      'id',
      'team_id',
      'title',
      'file_name',
      'insights_category',
      'insights_tag',
      'is_private',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const reads = await writer.table('insights_report_reads', [
    'insights_report_id',
    'user_id',
    'read_at',
  ])

  const readers = accounts.teams.filter((team) => team.modules.has(MODULES.insightsReports))
  const everyReader = [...new Set(readers.flatMap((team) => team.members))]
  // Northbridge (the demo analyst's team) gets its own share of the reports.
  const northbridgeReports = Math.max(1, Math.round(scale.insightsReports * 0.02))
  const published: { id: number; team: GeneratedTeam | null; createdAt: number }[] = []
  for (let index = 0; index < scale.insightsReports; index++) {
    const team =
      index < northbridgeReports
        ? accounts.northbridge
        : random.chance(0.2) || readers.length === 0
          ? null
          : random.pick(readers)
    const category = random.pick(REPORT_CATEGORIES)
    const createdAt = instantBetween(random, Date.UTC(2023, 0, 1), AS_OF)
    const date = new Date(createdAt)
    const quarter = Math.floor(date.getUTCMonth() / 3) + 1
    const provider = random.pick(providers)
    const title = random.pick([
      `${category} spend review Q${quarter} ${date.getUTCFullYear()}`,
      `${provider.name}: renewal benchmark`,
      `Peer comparison: ${category.toLowerCase()} ${date.getUTCFullYear()}`,
      `${category} budget outlook ${date.getUTCFullYear() + 1}`,
    ])
    const id = reports.nextId()
    await reports.add(
      id,
      team?.id ?? null,
      title,
      `insights-${isoDate(createdAt)}-${id}.pdf`,
      category,
      random.pick(REPORT_TAGS),
      team === null && random.chance(0.1),
      timestamp(createdAt),
      timestamp(createdAt)
    )
    published.push({ id, team, createdAt })
  }

  const perReport = apportion(
    scale.insightsReportReads,
    published.map(() => random.between(0.2, 1.8))
  )
  for (const [index, report] of published.entries()) {
    const audience = report.team ? report.team.members : everyReader
    const readerIds = random.sample(audience, perReport[index])
    if (report.team === accounts.northbridge && random.chance(0.7)) {
      readerIds.push(context.demo.analystId)
    }
    for (const userId of readerIds) {
      await reads.add(
        report.id,
        userId,
        timestamp(instantBetween(random, report.createdAt, addDays(report.createdAt, 60)))
      )
    }
  }
}

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
      context.timestamp(instantBetween(random, Math.max(user.createdAt, ACTIVITY_FROM), AS_OF))
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
      Math.max(contract.start - 30 * 86_400_000, Date.UTC(2023, 0, 1)),
      AS_OF
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
