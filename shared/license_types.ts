/**
 * License type keys: what imports and regressions files may name a license type by. Dashes and
 * underscores both, so that every existing key (such as 'named-user') stays valid.
 */
export const LICENSE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{1,63}$/

export const LICENSE_KEY_HINT =
  '2 to 64 lower-case letters, digits, dashes or underscores, starting with a letter or digit (for example named-user).'

export const LICENSE_KEY_MESSAGE = `The key must be ${LICENSE_KEY_HINT}`
