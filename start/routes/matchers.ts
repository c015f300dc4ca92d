import router from '@adonisjs/core/services/router'

/**
 * A record id in a path: digits only, fewer than ten of them (ids are 32-bit integers in the
 * database). `abc`, `-1`, `1e400` or a twenty-digit number is an unknown page (404) before any
 * query: the database would refuse such a value with an error.
 */
export const id = () => ({ match: /^[0-9]{1,9}$/, cast: (value: string) => Number(value) })

/**
 * Every route's id parameters, unless the route names its own matcher.
 */
for (const param of [
  'id',
  'userId',
  'invitationId',
  'teamId',
  'providerId',
  'contractId',
  'documentId',
]) {
  router.where(param, id())
}
