import type { HttpContext } from '@adonisjs/core/http'
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
    return response.redirect(BASE)
  }

  async renameGroup({ auth, params, request, response, session }: HttpContext) {
    const { name } = await request.validateUsing(nameValidator)
    const result = await renameGroup(auth.user!.id, Number(params.id), name)
    session.flash('success', `Group “${result.before}” renamed to “${result.name}”.`)
    return response.redirect(BASE)
  }

  async moveGroup({ auth, params, request, response, session }: HttpContext) {
    const { parent_id: parentId } = await request.validateUsing(moveGroupValidator)
    const result = await moveGroup(auth.user!.id, Number(params.id), parentId)
    session.flash(
      'success',
      `Group “${result.name}” is now ${result.parent ? `in “${result.parent}”` : 'a top-level group'}.`
    )
    return response.redirect(BASE)
  }

  async reorderGroup({ auth, params, request, response, session }: HttpContext) {
    const { direction } = await request.validateUsing(reorderGroupValidator)
    const result = await reorderGroup(auth.user!.id, Number(params.id), direction)
    session.flash(
      'success',
      `Group “${result.name}” moved ${direction} to place ${result.position}.`
    )
    return response.redirect(BASE)
  }

  async storeTheme({ auth, request, response, session }: HttpContext) {
    const input = await request.validateUsing(themeValidator)
    const theme = await createTheme(auth.user!.id, { name: input.name, groupId: input.group_id })
    session.flash('success', `Theme “${theme.name}” added.`)
    return response.redirect(BASE)
  }

  async renameTheme({ auth, params, request, response, session }: HttpContext) {
    const { name } = await request.validateUsing(nameValidator)
    const result = await renameTheme(auth.user!.id, Number(params.id), name)
    session.flash('success', `Theme “${result.before}” renamed to “${result.name}”.`)
    return response.redirect(BASE)
  }

  async storeSynonym({ auth, params, request, response, session }: HttpContext) {
    const { synonym } = await request.validateUsing(synonymValidator)
    const result = await addSynonym(auth.user!.id, Number(params.id), synonym)
    session.flash(
      'success',
      `“${result.name}” is now a synonym of “${result.theme}”: searching for it finds the theme’s documents.`
    )
    return response.redirect(BASE)
  }

  async destroySynonym({ auth, params, response, session }: HttpContext) {
    const result = await removeSynonym(auth.user!.id, Number(params.id), Number(params.synonymId))
    session.flash('success', `“${result.name}” is no longer a synonym of “${result.theme}”.`)
    return response.redirect(BASE)
  }

  async merge({ auth, params, request, response, session }: HttpContext) {
    const { into_id: intoId } = await request.validateUsing(mergeValidator)
    const result = await mergeThemes(auth.user!.id, Number(params.id), intoId)
    const documents = result.counts.documents.moved + result.counts.documents.folded
    session.flash(
      'success',
      `“${result.from}” merged into “${result.into}”: ${documents} document${documents === 1 ? '' : 's'} moved, and “${result.from}” is kept as a synonym.`
    )
    return response.redirect(BASE)
  }

  async retire({ auth, params, response, session }: HttpContext) {
    const result = await setThemeStatus(auth.user!.id, Number(params.id), 'retired')
    session.flash(
      'success',
      `“${result.name}” is retired: clients no longer see it in theme lists and filters; its documents keep it.`
    )
    return response.redirect(BASE)
  }

  async restore({ auth, params, response, session }: HttpContext) {
    const result = await setThemeStatus(auth.user!.id, Number(params.id), 'active')
    session.flash('success', `“${result.name}” is active again.`)
    return response.redirect(BASE)
  }
}
