import { hostname, userInfo } from 'node:os'
import User from '#models/user'
import { permissionsFor } from '#services/access/permissions'
import { PERMISSIONS, type PermissionName } from '#shared/permissions'

/**
 * Who a command-line import is recorded for. `--as` names an administrator of the import's
 * area (by email); without it, the system user and host running the command. Every import
 * command resolves its operator here and then acts as them (`actAsOperator`): the audit entries
 * the command writes carry the source `command_line`, the administrator if one was named, and
 * the operator's name.
 */

export interface Operator {
  userId: number | null
  /** Kept on the import and the audit entries (columns of 160 characters). */
  name: string
}

const OPERATOR_NAME_LENGTH = 160

export async function operatorOf(
  as: string | undefined,
  permission: PermissionName = PERMISSIONS.viewResearchSpendAnalytics,
  area = 'Research Spend Analytics'
): Promise<Operator | { refused: string }> {
  if (as === undefined) {
    return {
      userId: null,
      name: `system user ${userInfo().username} on ${hostname()}`.slice(0, OPERATOR_NAME_LENGTH),
    }
  }
  const user = await User.query().whereRaw('lower(email) = ?', [as.trim().toLowerCase()]).first()
  if (!user) return { refused: `--as: no user has the email ${as}.` }
  const held = await permissionsFor(user)
  const allowed = user.isAdministrator && !user.disabledAt && held.includes(permission)
  if (!allowed) {
    return {
      refused: `--as: ${user.email} is not an administrator of ${area}; name one who is.`,
    }
  }
  return { userId: user.id, name: `${user.name} <${user.email}>`.slice(0, OPERATOR_NAME_LENGTH) }
}

/** The operator this process runs an import command for, if it does. */
let acting: Operator | null = null

/**
 * From now on, this process's audit entries are the command line's, for `operator`. Returns
 * the step that ends it (a command run in a test process must not leave it behind).
 */
export function actAsOperator(operator: Operator) {
  acting = operator
  return () => {
    if (acting === operator) acting = null
  }
}

export function actingOperator() {
  return acting
}

/**
 * Runs an import command's work for its operator: resolves `--as` for the area's permission
 * (refused: exit 1, nothing read or written), says who runs the command, and acts as them for
 * the work's audit entries.
 */
export async function runAsOperator(
  command: { commandName: string; exitCode?: number },
  as: string | undefined,
  area: { permission: PermissionName; name: string },
  work: (userId: number | null) => Promise<unknown>
) {
  const operator = await operatorOf(as, area.permission, area.name)
  if ('refused' in operator) {
    process.stderr.write(`${operator.refused}\nNothing was written.\n`)
    command.exitCode = 1
    return
  }
  process.stderr.write(`${command.commandName}: run by ${operator.name}\n`)
  const stop = actAsOperator(operator)
  try {
    await work(operator.userId)
  } finally {
    stop()
  }
}

/** The import areas of the commands outside research spend. */
export const OPERATOR_AREAS = {
  marketData: { permission: PERMISSIONS.viewMarketData, name: 'Market Data' },
  providers: { permission: PERMISSIONS.viewResearchProviders, name: 'Research Providers' },
} as const
