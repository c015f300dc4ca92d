import { TeamTypeSchema } from '#database/schema'

export default class TeamType extends TeamTypeSchema {}
