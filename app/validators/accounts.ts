import vine from '@vinejs/vine'
import { newPassword } from '#validators/auth'
import { REGIONS } from '#models/team'

export const createUserValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(160),
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  password: newPassword(),
  teams: vine.array(vine.string().trim().minLength(1)),
  roles: vine.array(vine.string().trim().minLength(1)),
  isAdministrator: vine.boolean(),
})

export const createTeamValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(160),
  currency: vine.string().trim().toUpperCase().fixedLength(3),
  type: vine.string().trim(),
  region: vine.enum(REGIONS),
  modules: vine.array(vine.string().trim()),
})
