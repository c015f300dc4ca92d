import vine from '@vinejs/vine'
import { REGIONS } from '#models/team'
import { TEAM_ROLES } from '#shared/team_roles'
import { ALL_PERMISSIONS } from '#shared/permissions'
import { TEAM_PASSWORD_MIN_LENGTH } from '#shared/team_security_policy'

export const listQueryValidator = vine.create({
  q: vine.string().trim().maxLength(160).optional(),
})

export const teamDetailsValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(160),
  currencyCode: vine.string().trim().toUpperCase().fixedLength(3),
  teamTypeKey: vine.string().trim().minLength(1).maxLength(64),
  region: vine.enum(REGIONS),
})

export const teamModulesValidator = vine.create({
  modules: vine.array(vine.string().trim().minLength(1).maxLength(64)).maxLength(100),
})

/** Lists arrive as one entry per line or separated by commas or spaces. */
const list = () =>
  vine
    .string()
    .trim()
    .maxLength(10_000)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(/[\s,;]+/u)
        .map((entry) => entry.trim())
        .filter(Boolean)
    )

export const teamSecurityValidator = vine.create({
  requireTwoFactor: vine.boolean(),
  allowSelfRegistration: vine.boolean(),
  passwordMinLength: vine
    .number()
    .withoutDecimals()
    .min(TEAM_PASSWORD_MIN_LENGTH.lowest)
    .max(TEAM_PASSWORD_MIN_LENGTH.highest),
  domains: list(),
  ips: list(),
})

export const memberValidator = vine.create({
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  role: vine.enum(TEAM_ROLES),
})

export const memberRoleValidator = vine.create({
  role: vine.enum(TEAM_ROLES),
})

export const invitationValidator = vine.create({
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  role: vine.enum(TEAM_ROLES),
})

export const administratorRolesValidator = vine.create({
  administrator: vine.boolean(),
  roleIds: vine.array(vine.number().withoutDecimals().positive()).maxLength(50),
  /** Set by the confirmation dialog when administrators take their own access away. */
  confirmSelfRemoval: vine.boolean().optional(),
})

export const roleValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(120),
  description: vine
    .string()
    .trim()
    .maxLength(255)
    .optional()
    .transform((value) => value ?? ''),
  permissions: vine.array(vine.enum(ALL_PERMISSIONS)).maxLength(ALL_PERMISSIONS.length),
})
