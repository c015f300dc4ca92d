import { TeamSchema } from '#database/schema'
import { afterDelete, afterSave, belongsTo, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, ManyToMany } from '@adonisjs/lucid/types/relations'
import Currency from '#models/currency'
import TeamType from '#models/team_type'
import Module from '#models/module'
import User from '#models/user'
import { asBoolean } from '#models/casts'
import { forgetAllContexts, forgetTeamAndMembers } from '#services/context/request_context'
import { column } from '@adonisjs/lucid/orm'

export const REGIONS = ['EMEA', 'AMER', 'APAC'] as const
export type Region = (typeof REGIONS)[number]

export default class Team extends TeamSchema {
  @column({ consume: asBoolean })
  declare requireTwoFactor: boolean

  @column({ consume: asBoolean })
  declare allowSelfRegistration: boolean

  @belongsTo(() => Currency)
  declare currency: BelongsTo<typeof Currency>

  @belongsTo(() => TeamType)
  declare teamType: BelongsTo<typeof TeamType>

  @manyToMany(() => Module, {
    pivotTable: 'team_modules',
    pivotTimestamps: { createdAt: 'created_at', updatedAt: false },
  })
  declare modules: ManyToMany<typeof Module>

  @manyToMany(() => User, {
    pivotTable: 'team_user',
    pivotColumns: ['role'],
    pivotTimestamps: { createdAt: 'created_at', updatedAt: false },
  })
  declare users: ManyToMany<typeof User>

  /** The request context cache holds the team and its name in members' team lists. */
  @afterSave()
  static async forgetCachedContext(team: Team) {
    await forgetTeamAndMembers(team.id, team.$trx)
  }

  /** Its members are gone with it (cascade): every cached context is dropped. */
  @afterDelete()
  static async forgetAllCachedContexts(team: Team) {
    await forgetAllContexts(team.$trx)
  }
}
