/*
 * The report: targets per row (PASS/FAIL), the markdown printed to stdout and written to
 * tmp/bench/results.md, and the same data as tmp/bench/results.json.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { OUT_DIR, SETTINGS, TARGETS } from './config.js'

const percent = (value) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`
const number = (value, digits = 0) =>
  value === null || value === undefined ? '—' : Number(value).toFixed(digits)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

export const TARGET_TEXT = [
  `Signed-in dashboard: ≥ ${TARGETS.dashboardVsBaselineProduction * 100}% of the baseline's req/s in the production set-up, ≥ ${TARGETS.dashboardVsBaselineOneProcess * 100}% in one process.`,
  `Signed-out pages (/login, /forgot-password, /register): ≥ ${TARGETS.signedOutVsBaseline * 100}% of the baseline.`,
  `Every client page and /api endpoint: ≥ ${TARGETS.dataVsDashboard * 100}% of the dashboard's req/s (same set-up), p95 < ${TARGETS.dataP95Ms} ms, ≤ ${TARGETS.dataQueries} queries per request.`,
  `JavaScript: first visit ≤ ${TARGETS.firstLoadGzipBytes / 1024} KB gzip; each page chunk ≤ ${TARGETS.pageChunkGzipBytes / 1024} KB gzip.`,
  'Rows with a one-user target (the research search): p95 of one connection asking again and again, after the load, below it.',
  'Admin pages and downloads have no target (measured for information; downloads once, for their status).',
]

/** The targets of one measured row, each with PASS/FAIL and the figure behind it. */
/** The baseline sample taken nearest in time to the row. */
function nearestBaseline(baseline, at) {
  if (!baseline?.runs?.length) return null
  return baseline.runs.reduce((best, run) =>
    Math.abs(run.at - at) < Math.abs(best.at - at) ? run : best
  )
}

export function evaluateTargets(row, { baseline, dashboardRps, production }) {
  const checks = []
  const reference = nearestBaseline(baseline, row.at)
  const vsBaseline = reference ? row.rps / reference.rps : null
  const comparedToDashboard = ['client', 'api', 'admin'].includes(row.group)
  const vsDashboard = dashboardRps && comparedToDashboard ? row.rps / dashboardRps : null
  if (row.group === 'dashboard') {
    const goal = production
      ? TARGETS.dashboardVsBaselineProduction
      : TARGETS.dashboardVsBaselineOneProcess
    checks.push({ name: `≥ ${goal * 100}% of baseline`, pass: vsBaseline >= goal })
  }
  if (row.group === 'signed-out') {
    checks.push({
      name: `≥ ${TARGETS.signedOutVsBaseline * 100}% of baseline`,
      pass: vsBaseline >= TARGETS.signedOutVsBaseline,
    })
  }
  if (row.group === 'client' || row.group === 'api') {
    checks.push({
      name: `≥ ${TARGETS.dataVsDashboard * 100}% of dashboard`,
      pass: vsDashboard !== null && vsDashboard >= TARGETS.dataVsDashboard,
    })
    checks.push({ name: `p95 < ${TARGETS.dataP95Ms} ms`, pass: row.p95 < TARGETS.dataP95Ms })
    checks.push({
      name: `≤ ${TARGETS.dataQueries} queries`,
      pass: row.queries !== null && row.queries <= TARGETS.dataQueries,
    })
  }
  if (row.latencyTargetMs !== null && row.latencyTargetMs !== undefined) {
    checks.push({
      name: `one user: p95 < ${row.latencyTargetMs} ms (${row.latency?.p95 ?? '—'} ms)`,
      pass: row.latency !== null && row.latency.p95 < row.latencyTargetMs,
    })
  }
  return { baselineSample: reference?.when ?? null, vsBaseline, vsDashboard, targets: checks }
}

function targetCell(row) {
  if (row.errors?.length) return '**ERROR**'
  if (!row.targets?.length) return '—'
  const failed = row.targets.filter((check) => !check.pass)
  return failed.length ? `FAIL: ${failed.map((check) => check.name).join('; ')}` : 'PASS'
}

function statusCell(row) {
  const codes = Object.entries(row.statusCodes ?? {})
  if (!codes.length) return String(row.probe?.status ?? '—')
  if (codes.length === 1) return codes[0][0]
  return codes.map(([code, count]) => `${code}×${count}`).join(' ')
}

function who(row) {
  return row.team ? `${row.as} (${row.team.name.split(' ')[0]})` : row.as
}

function table(rows) {
  const lines = [
    '| Scenario | As | Status | req/s | p50 ms | p95 ms | p99 ms | non-2xx | queries | vs baseline | vs dashboard | Targets |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|',
  ]
  for (const row of rows) {
    lines.push(
      `| \`${row.method} ${row.path}\`${row.note ? ` (${row.note})` : ''} | ${who(row)} | ${statusCell(row)} | ${number(row.rps)} | ${number(row.p50, 1)} | ${number(row.p95, 1)} | ${number(row.p99, 1)} | ${row.non2xx ?? '—'} | ${row.queries ?? '—'} | ${percent(row.vsBaseline)} | ${percent(row.vsDashboard)} | ${targetCell(row)} |`
    )
  }
  return lines.join('\n')
}

export function renderMarkdown(results) {
  const { meta } = results
  const out = []
  out.push(`# Spendlens bench — ${meta.date}`)
  out.push('')
  out.push(
    [
      `- Commit: ${meta.commit}${meta.dirty ? ' (with uncommitted changes)' : ''}`,
      `- Database: ${meta.database}; data: ${meta.data}`,
      `- Node ${meta.node}; ${meta.cpus} CPUs (${meta.cpuModel}); load generator and server share them`,
      `- ${meta.connections} connections, ${meta.seconds} s per scenario after a ${meta.warmupSeconds} s warm-up`,
      `- Load average (1 min) ${meta.loadAverage.start.toFixed(1)} at the start, ${meta.loadAverage.end?.toFixed(1) ?? '—'} at the end`,
      `- Servers: NODE_ENV=production, sessions in the database, LIMITER_STORE=${meta.limiterStore}`,
      `- Query counts: ${meta.queryHeader ?? '—'}`,
      meta.partial ? `- **Partial run** (--only=${meta.partial}): coverage not checked` : null,
    ]
      .filter(Boolean)
      .join('\n')
  )
  out.push('')
  out.push('## Targets')
  out.push('')
  out.push(TARGET_TEXT.map((line) => `- ${line}`).join('\n'))
  out.push('')
  out.push('## Baseline')
  out.push('')
  const base = results.baseline
  out.push(
    base
      ? `Bare node:http JSON server, one process: ${base.runs.map((run) => `**${number(run.rps)} req/s** ${run.when} (p95 ${number(run.p95, 1)} ms)`).join(', ')}. Each row is compared with the sample taken nearest in time.`
      : 'Not measured.'
  )
  if (results.header) {
    const header = results.header
    out.push('')
    out.push(
      `x-query-count header: the dashboard made ${number(header.withHeader)} req/s with it, ${number(header.withoutHeader)} without (medians of three rounds; cost ${percent(header.cost)}; below ${percent(SETTINGS.headerCostTolerance)} counts as negligible, and a negative cost is noise). ${header.kept ? 'Kept on for the whole run.' : 'The load runs without it; each query count comes from one probe to a second server with it.'}`
    )
  }
  out.push('')
  out.push(`## One process (${results.oneProcess.rows.length} scenarios)`)
  out.push('')
  out.push(table(results.oneProcess.rows))
  if (results.production) {
    const production = results.production
    out.push('')
    out.push('## Production set-up')
    out.push('')
    out.push(
      `WEB_CONCURRENCY=${production.workersRequested}; processes observed: ${production.processesObserved ?? 'unknown'}${production.processesObserved === 1 ? ' (the server runs one process: WEB_CONCURRENCY has no effect yet)' : ''}.`
    )
    out.push('')
    out.push(table(production.rows))
  }
  if (results.downloads.length) {
    out.push('')
    out.push('## Downloads (one request each, status only)')
    out.push('')
    out.push('| Request | As | Status | Bytes | Queries | Why not load-tested |')
    out.push('|---|---|---|--:|--:|---|')
    for (const row of results.downloads) {
      out.push(
        `| \`${row.method} ${row.path}\` | ${who(row)} | ${row.probe.status}${row.errors.length ? ' **ERROR**' : ''} | ${row.probe.bytes} | ${row.probe.queries ?? '—'} | ${row.why ?? ''} |`
      )
    }
  }
  out.push('')
  out.push('## Routes not measured')
  out.push('')
  out.push('| Route | Pattern | Reason |')
  out.push('|---|---|---|')
  for (const skip of results.skipped) {
    out.push(`| ${skip.route} | \`${skip.pattern}\` | ${skip.reason} |`)
  }
  if (results.bundles) {
    const bundles = results.bundles
    out.push('')
    out.push('## JavaScript (gzip)')
    out.push('')
    out.push('| First visit | Raw | Gzip | Target |')
    out.push('|---|--:|--:|---|')
    for (const row of bundles.firstLoads) {
      out.push(
        `| ${row.label} | ${kb(row.raw)} | ${kb(row.gzip)} | ${row.pass ? 'PASS' : 'FAIL'} (≤ ${TARGETS.firstLoadGzipBytes / 1024} KB) |`
      )
    }
    out.push('')
    out.push('| Page chunk | Raw | Gzip | + imports not in the entry | Target |')
    out.push('|---|--:|--:|--:|---|')
    for (const page of bundles.pages) {
      out.push(
        `| ${page.page} | ${kb(page.raw)} | ${kb(page.gzip)} | ${kb(page.withImports)} | ${page.pass ? 'PASS' : 'FAIL'} (≤ ${TARGETS.pageChunkGzipBytes / 1024} KB) |`
      )
    }
  }
  out.push('')
  out.push('## Summary')
  out.push('')
  out.push(results.summary)
  if (results.warnings.length) {
    out.push('')
    out.push('Warnings:')
    out.push(results.warnings.map((warning) => `- ${warning}`).join('\n'))
  }
  if (results.errors.length) {
    out.push('')
    out.push('**Errors** (the run exits with 1):')
    out.push(results.errors.map((error) => `- ${error}`).join('\n'))
  }
  return out.join('\n') + '\n'
}

export function summarize(results) {
  const rows = [...results.oneProcess.rows, ...(results.production?.rows ?? [])]
  const withTargets = rows.filter((row) => row.targets?.length)
  const passed = withTargets.filter((row) => row.targets.every((check) => check.pass)).length
  const bundleRows = results.bundles
    ? [...results.bundles.firstLoads, ...results.bundles.pages]
    : []
  const bundlesPassed = bundleRows.filter((row) => row.pass).length
  const production = results.production?.rows.length ?? 0
  return `${passed} of ${withTargets.length} rows with targets meet them; JavaScript: ${bundlesPassed} of ${bundleRows.length} within budget; ${results.oneProcess.rows.length} scenarios on one process and ${production} on the production set-up, ${results.downloads.length} downloads, ${results.skipped.length} routes not measured; ${results.errors.length} errors.`
}

export function writeResults(results, markdown) {
  writeFileSync(join(OUT_DIR, 'results.json'), JSON.stringify(results, null, 2) + '\n')
  writeFileSync(join(OUT_DIR, 'results.md'), markdown)
}
