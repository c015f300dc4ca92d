import { UserTourSchema } from '#database/schema'

export default class UserTour extends UserTourSchema {}
