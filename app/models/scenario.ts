import { ScenarioSchema } from '#database/schema'

export default class Scenario extends ScenarioSchema {}
