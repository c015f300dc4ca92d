import { DateTime } from 'luxon'
import { UserSchema } from '#database/schema'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import {
  afterDelete,
  afterSave,
  beforeSave,
  belongsTo,
  column,
  manyToMany,
} from '@adonisjs/lucid/orm'
import type { BelongsTo, ManyToMany } from '@adonisjs/lucid/types/relations'
import Team from '#models/team'
import Role from '#models/role'
import { asBoolean } from '#models/casts'
import { forgetUser } from '#services/context/request_context'

export default class User extends compose(
  UserSchema,
  withAuthFinder(hash, { uids: ['email'], passwordColumnName: 'password' })
) {
  @column({ consume: asBoolean })
  declare isAdministrator: boolean

  @column({ consume: asBoolean })
  declare shouldShowMainNavUserTour: boolean

  /** Encrypted TOTP secret and hashed recovery codes: never serialized. */
  @column({ serializeAs: null })
  declare twoFactorSecret: string | null

  @column({ serializeAs: null })
  declare twoFactorRecoveryCodes: string | null

  @column({ serializeAs: null })
  declare twoFactorLastStep: number | null

  @column.dateTime({ serializeAs: null })
  declare twoFactorConfirmedAt: DateTime | null

  @manyToMany(() => Team, {
    pivotTable: 'team_user',
    pivotColumns: ['role'],
    pivotTimestamps: { createdAt: 'created_at', updatedAt: false },
  })
  declare teams: ManyToMany<typeof Team>

  @belongsTo(() => Team, { foreignKey: 'currentTeamId' })
  declare currentTeam: BelongsTo<typeof Team>

  @manyToMany(() => Role, {
    pivotTable: 'user_roles',
    pivotTimestamps: { createdAt: 'created_at', updatedAt: false },
  })
  declare roles: ManyToMany<typeof Role>

  @beforeSave()
  static normaliseEmail(user: User) {
    if (user.$dirty.email) {
      user.email = user.email.trim().toLowerCase()
    }
    if (user.$dirty.password) {
      user.passwordChangedAt = user.$dirty.passwordChangedAt ?? DateTime.now()
    }
  }

  /** The request context cache holds the account: every change reaches the next request. */
  @afterSave()
  @afterDelete()
  static async forgetCachedIdentity(user: User) {
    await forgetUser(user.id, user.$trx)
  }

  get isDisabled() {
    return this.disabledAt !== null
  }
}
