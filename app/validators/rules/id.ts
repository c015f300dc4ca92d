import vine from '@vinejs/vine'

/** A record's id as a form or an address gives it: a positive whole number a database id can be. */
export const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)
