import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import type { ReportListFilters } from '#shared/insights_reports'
import { reportListValidator } from '#validators/insights_reports'
import {
  recordDownload,
  recordRead,
  reportList,
  reportView,
  visibleReport,
} from '#services/insights/reports'
import { ReportNotFound, viewerOf } from '#services/insights/visibility'
import { contentDisposition } from '#services/http/stored_file'
import { loadListPage } from '#services/http/list_page'

const FILTER_NAMES: Record<string, string> = {
  category: 'category',
  tag: 'tag',
  year: 'year',
  q: 'search',
}

/**
 * Insights Reports for clients (module `insights-reports`): the list (insightsReports), one
 * report in its viewer (singleInsightsReport), and its PDF, inline for the viewer or as a
 * logged download. A report the current team may not see is a 404, like one that does not exist.
 */
export default class InsightsReportsController {
  async index(ctx: HttpContext) {
    const { filters: asked, ignored: unparsed } = await listFilters(ctx)
    // A page past the end (a shared link, fewer reports now) shows the last page, saying so.
    const { filters, ignored, ...list } = await loadListPage(
      ctx.request.qs().page,
      (page) => reportList(viewerOf(ctx), { ...asked, page }),
      ({ pagination }) => ({ ...pagination, currentPage: pagination.page })
    )
    return ctx.inertia.render('insights_reports/index', {
      ...list,
      filters,
      ignoredFilters: [...unparsed, ...ignored],
    })
  }

  async show(ctx: HttpContext) {
    return ctx.inertia.render(
      'insights_reports/show',
      await reportView(viewerOf(ctx), reportId(ctx))
    )
  }

  /**
   * The PDF inline, for the viewer's frame: never cached, framed by this site only. The frame's
   * own load is the viewer page's read. Any other request for it is a copy of the file leaving
   * the product: the embedded viewer's download button (the browser fetches the file again,
   * not as a frame) or the PDF opened on its own; it is logged as a download, and a read.
   */
  async file(ctx: HttpContext) {
    const viewer = viewerOf(ctx)
    const report = await visibleReport(viewer, reportId(ctx))
    await sendPdf(ctx, report, 'inline')
    if (ctx.request.method() === 'GET' && ctx.request.header('sec-fetch-dest') !== 'iframe') {
      await recordDownload(viewer, Number(report.id), Number(report.version))
      await recordRead(viewer, Number(report.id))
    }
  }

  /** The PDF as an attachment, logged with the version downloaded. */
  async download(ctx: HttpContext) {
    const viewer = viewerOf(ctx)
    const report = await visibleReport(viewer, reportId(ctx))
    await sendPdf(ctx, report, 'attachment')
    // A HEAD request (a link checker, a download manager probing) downloads nothing.
    if (ctx.request.method() !== 'GET') return
    await recordDownload(viewer, Number(report.id), Number(report.version))
    await recordRead(viewer, Number(report.id))
  }
}

function reportId(ctx: HttpContext) {
  return Number(ctx.params.id)
}

export async function sendPdf(
  ctx: HttpContext,
  report: { file_key: string | null; file_name: string },
  disposition: 'inline' | 'attachment'
) {
  const disk = drive.use()
  if (!report.file_key || !(await disk.exists(report.file_key))) {
    throw new ReportNotFound('File not found')
  }
  ctx.response.header('Content-Type', 'application/pdf')
  ctx.response.header('Content-Disposition', contentDisposition(disposition, report.file_name))
  ctx.response.header('Cache-Control', 'no-store, private')
  ctx.response.header('X-Content-Type-Options', 'nosniff')
  ctx.response.header('X-Frame-Options', 'SAMEORIGIN')
  ctx.response.header('Content-Security-Policy', "frame-ancestors 'self'; default-src 'none'")
  ctx.response.stream(await disk.getStream(report.file_key))
}

/**
 * The list's filters from the query string. Each value is checked on its own: one that does
 * not parse is left out (and named), the others still apply.
 */
async function listFilters(ctx: HttpContext) {
  const qs = ctx.request.qs()
  const filters: ReportListFilters = {
    categoryId: null,
    tagId: null,
    year: null,
    search: '',
    page: 1,
  }
  const ignored: string[] = []
  for (const key of Object.keys(FILTER_NAMES)) {
    const value = qs[key]
    if (value === undefined || value === '') continue
    const [error, parsed] = await reportListValidator.tryValidate({ [key]: value })
    if (error || parsed === undefined) {
      ignored.push(FILTER_NAMES[key])
      continue
    }
    if (key === 'category') filters.categoryId = parsed.category ?? null
    if (key === 'tag') filters.tagId = parsed.tag ?? null
    if (key === 'year') filters.year = parsed.year ?? null
    if (key === 'q') filters.search = parsed.q ?? ''
  }
  return { filters, ignored }
}
