import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { ASSET_CLASSES, RESEARCH_REGIONS } from '#shared/research'
import { offeredYears } from '#services/calendar/years'
import type { ResearchFilters } from '#shared/research_views'
import { RESEARCH_PROVIDER_TYPES } from '#shared/rsa'
import { EMPTY_FILTERS, listDocuments } from '#services/research/documents'
import { recordThemesVisit, themeOptions, themeTree } from '#services/research/themes'
import { trendingThemes } from '#services/research/trending_view'
import { articleView, documentFile, recordRead } from '#services/research/reading'
import { researchProviders } from '#services/research/providers'
import { researchViewer } from '#services/research/viewer'
import { recordDigestClick } from '#services/research/usage'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { contentDisposition } from '#services/http/stored_file'
import { researchPageValidator } from '#validators/research'

const options = (values: Record<string, string>) =>
  Object.entries(values).map(([value, label]) => ({ value, label }))

const LISTS = ['providerIds', 'themeIds', 'providerTypes', 'assetClasses', 'regions'] as const

/**
 * The Research Insights pages (module `rd-trending-themes`): trending themes, all and my
 * themes, all and my research, the article and its PDF. Scoped to the current team and the
 * signed-in user by the services.
 */
export default class ResearchPagesController {
  async trending(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    recordDigestClick(viewer, ctx.request.qs(), 'trending')
    const { response, heatmap } = await trendingThemes(viewer)
    return ctx.inertia.render('research/trending_themes', {
      trending: response,
      heatmap,
      spend: {
        hasSpendData: viewer.paidProviders !== null,
        paidProviderCount: viewer.paidProviders?.size ?? 0,
      },
    })
  }

  async themes(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    return ctx.inertia.render('research/themes', {
      mode: 'all',
      groups: await themeTree(viewer),
    })
  }

  async myThemes(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    const visitedBefore = await recordThemesVisit(viewer.userId)
    return ctx.inertia.render('research/themes', {
      mode: 'mine',
      groups: await themeTree(viewer, { onlyStarred: true, visitedBefore }),
    })
  }

  async research(ctx: HttpContext) {
    return this.documents(ctx, false)
  }

  async myResearch(ctx: HttpContext) {
    return this.documents(ctx, true)
  }

  private async documents(ctx: HttpContext, mine: boolean) {
    const query = { ...ctx.request.qs() }
    // A list parameter given once arrives as text, several times as a list.
    for (const key of LISTS) {
      if (typeof query[key] === 'string') query[key] = [query[key]]
    }
    for (const key of ['searchTerm', 'startDate', 'endDate', 'year']) {
      if (query[key] === '') delete query[key]
    }
    const [error, valid] = await researchPageValidator.tryValidate(query)
    if (error) {
      // A calling program gets the errors; a person following a mistyped or outdated link
      // gets the page without its filters, and says so (not the home page, with no word).
      if (ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')) {
        throw error
      }
      ctx.session.flash(
        'error',
        'The address held filters this page cannot use: they were cleared. Choose them again below.'
      )
      return ctx.response.redirect(ctx.request.url())
    }
    const input = valid
    const filters = pageFilters(input)
    const viewer = await researchViewer(ctx)
    // A digest's theme link opens All research on the theme's week.
    if (!mine) recordDigestClick(viewer, ctx.request.qs(), 'theme')
    const sort = input.sort ?? 'newest'
    const [result, providers, themes, years] = await Promise.all([
      listDocuments(viewer, { page: input.page ?? 1, filters, mine, sort }),
      researchProviders(viewer),
      themeOptions(viewer),
      offeredYears('research'),
    ])
    return ctx.inertia.render('research/documents', {
      mode: mine ? 'mine' : 'all',
      result,
      filters,
      sort,
      options: {
        providers,
        themes,
        providerTypes: options(RESEARCH_PROVIDER_TYPES),
        assetClasses: options(ASSET_CLASSES),
        regions: options(RESEARCH_REGIONS),
        years: years.years,
      },
    })
  }

  /** The article (readArticlePdf): opening it records a read. */
  async article(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    const id = documentId(ctx)
    const view = await articleView(viewer, id)
    const fromDigest = recordDigestClick(viewer, ctx.request.qs(), 'document', id)
    await recordRead(
      viewer,
      id,
      fromDigest || ctx.request.qs().from === 'digest' ? 'digest' : 'web'
    )
    return ctx.inertia.render('research/article', view)
  }

  /**
   * The PDF, inline for the article's viewer: only to a team that may read it, never cached,
   * framed by this site's own pages only.
   */
  async file(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    const { key, title } = await documentFile(viewer, documentId(ctx))
    const disk = drive.use()
    if (!(await disk.exists(key))) throw new NotFoundForTeam('File not found')
    const name = `${title
      .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
      .slice(0, 120)
      .trim()}.pdf`
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', contentDisposition('inline', name))
    ctx.response.header('Cache-Control', 'no-store, private')
    ctx.response.header('X-Content-Type-Options', 'nosniff')
    ctx.response.header('X-Frame-Options', 'SAMEORIGIN')
    ctx.response.header('Content-Security-Policy', "frame-ancestors 'self'; default-src 'none'")
    ctx.response.stream(await disk.getStream(key))
  }
}

function documentId(ctx: HttpContext) {
  return Number(ctx.params.id)
}

type PageInput = Awaited<ReturnType<typeof researchPageValidator.validate>>

export function pageFilters(input: Partial<PageInput>): ResearchFilters {
  return {
    ...EMPTY_FILTERS,
    providerIds: input.providerIds ?? [],
    themeIds: input.themeIds ?? [],
    searchTerm: input.searchTerm ?? '',
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    providerTypes: input.providerTypes ?? [],
    assetClasses: input.assetClasses ?? [],
    regions: input.regions ?? [],
    year: input.year ?? null,
  }
}
