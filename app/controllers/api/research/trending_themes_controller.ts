import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { EMPTY_FILTERS, listDocuments } from '#services/research/documents'
import { setBookmark } from '#services/research/reading'
import { researchProviders } from '#services/research/providers'
import { previousThemesVisit, setStar, themeTree } from '#services/research/themes'
import { trendingMovements, trendingThemes } from '#services/research/trending_view'
import { researchViewer } from '#services/research/viewer'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { bookmarkValidator, researchDocumentsValidator, starValidator } from '#validators/research'
import { pageFilters } from '#controllers/research/research_pages_controller'

/**
 * The Research Insights JSON API (spec §7, `/api/trending-themes…`): every call scoped to the
 * current team (which documents it may read) and the signed-in user (bookmarks, stars).
 */
export default class TrendingThemesController {
  /** `GET /api/trending-themes` → trendingThemes, updatedAt. */
  async index(ctx: HttpContext) {
    const { response } = await trendingThemes(await researchViewer(ctx))
    return response
  }

  async movements() {
    return trendingMovements()
  }

  async providers(ctx: HttpContext) {
    return { providers: await researchProviders(await researchViewer(ctx)) }
  }

  async allThemeGroups(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    return { themeGroups: await themeTree(viewer) }
  }

  /** The starred themes, unread counted since the user last opened My themes (not recorded here). */
  async userThemeGroups(ctx: HttpContext) {
    const viewer = await researchViewer(ctx)
    const visitedBefore = await previousThemesVisit(viewer.userId)
    return { themeGroups: await themeTree(viewer, { onlyStarred: true, visitedBefore }) }
  }

  async researchDocuments(ctx: HttpContext) {
    return this.documents(ctx, false)
  }

  async userResearchDocuments(ctx: HttpContext) {
    return this.documents(ctx, true)
  }

  private async documents(ctx: HttpContext, mine: boolean) {
    const input = await ctx.request.validateUsing(researchDocumentsValidator)
    const viewer = await researchViewer(ctx)
    // `isAnyFilterApplied` (spec §7) says whether the filters sent are to be used: false asks for
    // the unfiltered list whatever `filters` holds; true or absent applies them. The response
    // says whether the list it gives is filtered.
    const filters =
      input.filters && input.isAnyFilterApplied !== false
        ? pageFilters(input.filters)
        : EMPTY_FILTERS
    return listDocuments(viewer, {
      page: input.page ?? 1,
      filters,
      mine,
      sort: input.sort ?? 'newest',
    })
  }

  /** Bookmarks are the signed-in user's own: another `userId` is refused (403). */
  async bookmark(ctx: HttpContext) {
    return this.toggleBookmark(ctx, true)
  }

  async destroyBookmark(ctx: HttpContext) {
    return this.toggleBookmark(ctx, false)
  }

  private async toggleBookmark(ctx: HttpContext, bookmarked: boolean) {
    const input = await ctx.request.validateUsing(bookmarkValidator)
    const viewer = await researchViewer(ctx, { spend: false })
    if (input.userId !== viewer.userId) {
      return ctx.response.forbidden({
        message: 'You can only change your own bookmarks.',
        code: 'E_NOT_YOUR_BOOKMARK',
      })
    }
    await setBookmark(viewer, input.documentId, bookmarked)
    return { documentId: input.documentId, is_bookmarked: bookmarked }
  }

  async star(ctx: HttpContext) {
    return this.toggleStar(ctx, true)
  }

  async destroyStar(ctx: HttpContext) {
    return this.toggleStar(ctx, false)
  }

  private async toggleStar(ctx: HttpContext, starred: boolean) {
    const input = await ctx.request.validateUsing(starValidator)
    const viewer = await researchViewer(ctx, { spend: false })
    const theme = await db
      .from('research_themes')
      .where({ id: input.themeId, status: 'active' })
      .select('id')
      .first()
    if (!theme) throw new NotFoundForTeam('Theme not found')
    await setStar(viewer.userId, input.themeId, starred)
    return { themeId: input.themeId, is_starred: starred }
  }
}
