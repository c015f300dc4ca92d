/**
 * Password policy shown in forms and enforced by the validators.
 */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128
export const PASSWORD_POLICY_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with letters and digits; not a commonly used or repetitive password, nor your name or email address.`
