import type { HttpContext } from '@adonisjs/core/http'
import { createSnapshot, snapshotFile, snapshotsOf } from '#services/rsa/snapshots'
import { sendStoredFile } from '#services/http/stored_file'
import { rsaView } from '#services/rsa/view'

export default class SnapshotsController {
  /** The snapshot page: the latest frozen committee pack of the year and the earlier ones. */
  async show(ctx: HttpContext) {
    const view = await rsaView(ctx)
    const { snapshots, latest } = await snapshotsOf(view.teamId, view.year)
    return ctx.inertia.render('rsa/snapshot', {
      years: view.years.years,
      year: view.year,
      currency: view.currency,
      snapshots,
      latest,
    })
  }

  /** Freezes today's figures of the year (in the display currency) into a new snapshot. */
  async store(ctx: HttpContext) {
    const view = await rsaView(ctx)
    const user = ctx.auth.getUserOrFail()
    await createSnapshot(view, { id: user.id, name: user.name })
    ctx.session.flash('success', `Snapshot of ${view.year} generated.`)
    return ctx.response.redirect(`/rsa/snapshot?year=${view.year}`)
  }

  /** A snapshot's PDF, for its own team only. */
  async file({ params, response, teamContext }: HttpContext) {
    const file = await snapshotFile(teamContext!.currentTeam!.id, Number(params.id))
    return sendStoredFile(response, file.key, file.name)
  }
}
