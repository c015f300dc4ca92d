/**
 * The import commands' shared flag texts. Kept apart from the operator module: a command's
 * flags are read before the application starts, and this file imports nothing.
 */

/** The `--as` flag's description, the same for every import command. */
export const AS_FLAG_DESCRIPTION =
  'The administrator the import is recorded for (email); else the system user running it'
