import { rotatePasswordValidator } from '#validators/auth'

/** Changing the password from Settings follows the same rules as rotating it. */
export const updatePasswordValidator = rotatePasswordValidator
