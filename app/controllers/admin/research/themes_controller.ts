import type { HttpContext } from '@adonisjs/core/http'
import { themeFilterOf, themeFilterParams } from '#shared/research_themes_admin'
import {
  groupValidator,
  mergeValidator,
  moveGroupValidator,
  nameValidator,
  reorderGroupValidator,
  synonymValidator,
  themeValidator,
} from '#validators/research_themes_admin'
import {
  addSynonym,
  createGroup,
  createTheme,
  mergeThemes,
  moveGroup,
  removeSynonym,
  renameGroup,
  renameTheme,
  reorderGroup,
  setThemeStatus,
  themeAdminPage,
} from '#services/research/admin/themes'

const BASE = '/admin/research-discovery/themes'

/**
 * The page again after a change, with the list's filters the administrator had: taken from the
 * address the form was sent from when it is this page, and rebuilt from what they mean (nothing
 * else of that address is kept).
 */
function pageAgain(request: HttpContext['request']) {
  const from = request.header('referer')
  if (!from) return BASE
  let url: URL
  try {
    url = new URL(from, 'http://app.invalid')
  } catch {
    return BASE
  }
  if (url.pathname !== BASE) return BASE
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(themeFilterParams(themeFilterOf(url.search)))) {
    if (value) params.set(name, value)
  }
  const query = params.toString()
  return query ? `${BASE}?${query}` : BASE
}

/**
 * Theme management (`themeManagement`): the theme groups' tree and the themes, their synonyms,
 * merges and retirement. Every write answers with the page again and a message saying what
 * changed; a refusal keeps the form's input with the reason under its field.
 */
export default class ThemesController {
  async index({ inertia }: HttpContext) {
    return inertia.render('admin/research/themes', await themeAdminPage())
  }

  async storeGroup({ auth, request, response, session }: HttpContext) {
    const input = await request.validateUsing(groupValidator)
    const group = await createGroup(auth.user!.id, {
      name: input.name,
      parentId: input.parent_id ?? null,
    })
    session.flash('success', `Group “${group.name}” added.`)
    return response.redirect(pageAgain(request))
  }

  async renameGroup({ auth, params, request, response, session }: HttpContext) {
    const { name } = await request.validateUsing(nameValidator)
    const result = await renameGroup(auth.user!.id, Number(params.id), name)
    session.flash('success', `Group “${result.before}” renamed to “${result.name}”.`)
    return response.redirect(pageAgain(request))
  }

  async moveGroup({ auth, params, request, response, session }: HttpContext) {
    const { parent_id: parentId } = await request.validateUsing(moveGroupValidator)
    const result = await moveGroup(auth.user!.id, Number(params.id), parentId)
    session.flash(
      'success',
      `Group “${result.name}” is now ${result.parent ? `in “${result.parent}”` : 'a top-level group'}.`
    )
    return response.redirect(pageAgain(request))
  }

  async reorderGroup({ auth, params, request, response, session }: HttpContext) {
    const { direction } = await request.validateUsing(reorderGroupValidator)
    const result = await reorderGroup(auth.user!.id, Number(params.id), direction)
    session.flash(
      'success',
      `Group “${result.name}” moved ${direction} to place ${result.position}.`
    )
    return response.redirect(pageAgain(request))
  }

  async storeTheme({ auth, request, response, session }: HttpContext) {
    const input = await request.validateUsing(themeValidator)
    const theme = await createTheme(auth.user!.id, { name: input.name, groupId: input.group_id })
    session.flash('success', `Theme “${theme.name}” added.`)
    return response.redirect(pageAgain(request))
  }

  async renameTheme({ auth, params, request, response, session }: HttpContext) {
    const { name } = await request.validateUsing(nameValidator)
    const result = await renameTheme(auth.user!.id, Number(params.id), name)
    session.flash('success', `Theme “${result.before}” renamed to “${result.name}”.`)
    return response.redirect(pageAgain(request))
  }

  async storeSynonym({ auth, params, request, response, session }: HttpContext) {
    const { synonym } = await request.validateUsing(synonymValidator)
    const result = await addSynonym(auth.user!.id, Number(params.id), synonym)
    session.flash(
      'success',
      `“${result.name}” is now a synonym of “${result.theme}”: searching for it finds the theme’s documents.`
    )
    return response.redirect(pageAgain(request))
  }

  async destroySynonym({ auth, params, request, response, session }: HttpContext) {
    const result = await removeSynonym(auth.user!.id, Number(params.id), Number(params.synonymId))
    session.flash('success', `“${result.name}” is no longer a synonym of “${result.theme}”.`)
    return response.redirect(pageAgain(request))
  }

  async merge({ auth, params, request, response, session }: HttpContext) {
    const { into_id: intoId } = await request.validateUsing(mergeValidator)
    const result = await mergeThemes(auth.user!.id, Number(params.id), intoId)
    const documents = result.counts.documents.moved + result.counts.documents.folded
    session.flash(
      'success',
      `“${result.from}” merged into “${result.into}”: ${documents} document${documents === 1 ? '' : 's'} moved, and “${result.from}” is kept as a synonym.`
    )
    return response.redirect(pageAgain(request))
  }

  async retire({ auth, params, request, response, session }: HttpContext) {
    const result = await setThemeStatus(auth.user!.id, Number(params.id), 'retired')
    session.flash(
      'success',
      `“${result.name}” is retired: clients no longer see it in theme lists and filters; its documents keep it.`
    )
    return response.redirect(pageAgain(request))
  }

  async restore({ auth, params, request, response, session }: HttpContext) {
    const result = await setThemeStatus(auth.user!.id, Number(params.id), 'active')
    session.flash('success', `“${result.name}” is active again.`)
    return response.redirect(pageAgain(request))
  }
}
