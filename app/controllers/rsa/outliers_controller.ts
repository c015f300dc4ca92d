import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { outlierFindings, outliersPage } from '#services/rsa/outliers'
import { rsaView } from '#services/rsa/view'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { acknowledgeOutlierValidator } from '#validators/rsa'
import { OUTLIER_RULES } from '#shared/rsa_outliers'

export default class OutliersController {
  /** The outliers page (RSAOutliers) for the year and display currency asked for. */
  async index(ctx: HttpContext) {
    const view = await rsaView(ctx)
    return ctx.inertia.render('rsa/outliers', {
      years: view.years.years,
      peerData: view.peerData,
      currencies: view.currencies,
      page: await outliersPage(view),
    })
  }

  /**
   * Acknowledges an outlier with a note (again: replaces the note). Only a finding the rules
   * report for the team and year now can be acknowledged; anything else is refused and nothing
   * is written.
   */
  async acknowledge(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const input = await request.validateUsing(acknowledgeOutlierValidator)
    const year = input.year
    const view = await rsaView(ctx, { year, badYear: 'refuse' })
    const { findings } = await outlierFindings(view)
    const finding = findings.find(
      (entry) => entry.rule === input.rule && entry.subject === input.subject
    )
    if (!finding) {
      throw fieldError(
        'subject',
        `${OUTLIER_RULES[input.rule]} is not reported for this subject in ${year}: reload the page to see the current outliers.`
      )
    }
    const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
    await db
      .table('rsa_outlier_acknowledgements')
      .insert({
        team_id: view.teamId,
        year,
        rule: input.rule,
        subject: input.subject,
        note: input.note,
        acknowledged_by_id: auth.getUserOrFail().id,
        acknowledged_at: now,
      })
      .onConflict(['team_id', 'year', 'rule', 'subject'])
      .merge(['note', 'acknowledged_by_id', 'acknowledged_at'])
    session.flash('success', `${finding.ruleLabel} for ${finding.subjectLabel} acknowledged.`)
    return response.redirect(`/rsa/outliers?year=${year}`)
  }

  /** Reopens an acknowledged outlier: the team's own acknowledgements only (others: 404). */
  async reopen({ params, response, session, teamContext }: HttpContext) {
    const teamId = teamContext!.currentTeam!.id
    const row = await db
      .from('rsa_outlier_acknowledgements')
      .where({ id: Number(params.id), team_id: teamId })
      .select('id', 'year', 'rule')
      .first()
    if (!row) throw new NotFoundForTeam('Acknowledgement not found')
    await db.from('rsa_outlier_acknowledgements').where({ id: row.id, team_id: teamId }).delete()
    session.flash(
      'success',
      `${OUTLIER_RULES[row.rule as keyof typeof OUTLIER_RULES] ?? 'Outlier'} reopened.`
    )
    return response.redirect(`/rsa/outliers?year=${row.year}`)
  }
}
