import vine from '@vinejs/vine'

export const switchTeamValidator = vine.create({
  team_id: vine.number().withoutDecimals().positive(),
})
