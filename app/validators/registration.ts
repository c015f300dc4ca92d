import vine from '@vinejs/vine'
import { newPassword } from '#validators/auth'

const name = () => vine.string().trim().minLength(2).maxLength(160)

export const registerValidator = vine.create({
  name: name(),
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  password: newPassword().confirmed({ confirmationField: 'passwordConfirmation' }),
})

export const invitationRegisterValidator = vine.create({
  name: name(),
  password: newPassword().confirmed({ confirmationField: 'passwordConfirmation' }),
})
