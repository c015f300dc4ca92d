import { RoleSchema } from '#database/schema'
import { manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import Permission from '#models/permission'

export default class Role extends RoleSchema {
  @manyToMany(() => Permission, { pivotTable: 'role_permissions' })
  declare permissions: ManyToMany<typeof Permission>
}
