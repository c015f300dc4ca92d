import { BaseSchema } from '@adonisjs/lucid/schema'
import { createVersionTriggers, dropVersionTriggers } from '#database/data_version_triggers'

/**
 * The research catalogue's version in `data_versions` (see `…120_create_data_versions`): the
 * documents, their themes, the teams' entitlements, the theme tree, the trending snapshots and
 * the providers. The trending page and the theme counts are kept in the cache under it.
 */
const AREA = 'research'
const TABLES = [
  'providers',
  'research_documents',
  'research_document_themes',
  'research_entitlements',
  'research_themes',
  'research_theme_groups',
  'research_trending_snapshots',
  'research_trending_entries',
]

export default class extends BaseSchema {
  async up() {
    createVersionTriggers(this, AREA, TABLES)
  }

  async down() {
    dropVersionTriggers(this, AREA, TABLES)
  }
}
