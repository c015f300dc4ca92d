import type { HttpContext } from '@adonisjs/core/http'
import { taxonomyNameValidator } from '#validators/insights_reports'
import {
  createTaxonomy,
  deleteTaxonomy,
  renameTaxonomy,
  taxonomy,
  type TaxonomyKind,
} from '#services/insights/admin/taxonomy'

const NOUN: Record<TaxonomyKind, string> = { category: 'Category', tag: 'Tag' }

/** The categories and tags of insights reports (adminInsightsReports.taxonomy). */
export default class InsightsTaxonomyController {
  async index({ inertia }: HttpContext) {
    return inertia.render('admin/insights_reports/taxonomy', await taxonomy())
  }

  async store(ctx: HttpContext) {
    const kind = kindOf(ctx)
    const { name } = await ctx.request.validateUsing(taxonomyNameValidator)
    await createTaxonomy(ctx.auth.user!.id, kind, name)
    ctx.session.flash('success', `${NOUN[kind]} “${name}” added.`)
    return ctx.response.redirect('/admin/insights-reports/taxonomy')
  }

  async update(ctx: HttpContext) {
    const kind = kindOf(ctx)
    const { name } = await ctx.request.validateUsing(taxonomyNameValidator)
    await renameTaxonomy(ctx.auth.user!.id, kind, Number(ctx.params.id), name)
    ctx.session.flash('success', `${NOUN[kind]} renamed to “${name}”.`)
    return ctx.response.redirect('/admin/insights-reports/taxonomy')
  }

  async destroy(ctx: HttpContext) {
    const kind = kindOf(ctx)
    const name = await deleteTaxonomy(ctx.auth.user!.id, kind, Number(ctx.params.id))
    ctx.session.flash('success', `${NOUN[kind]} “${name}” deleted.`)
    return ctx.response.redirect('/admin/insights-reports/taxonomy')
  }
}

function kindOf(ctx: HttpContext): TaxonomyKind {
  return ctx.params.kind === 'tags' ? 'tag' : 'category'
}
