import { figures } from '#services/cache/figures'
import type { Viewer } from '#services/research/documents'

/**
 * What Research Insights computes from the research catalogue alone (documents, their themes,
 * the taxonomy, entitlements, trending snapshots), kept in the cache under the catalogue's
 * version: the database replaces it on every write to those tables, so a change makes new keys
 * and nothing computed before it is served after it. The version is read once per request (the
 * viewer's); without a version row nothing is kept.
 */
export async function keptForCatalogue<T>(
  viewer: Pick<Viewer, 'researchVersion'>,
  key: string,
  factory: () => Promise<T>
): Promise<T> {
  const version = await viewer.researchVersion()
  if (!version) return factory()
  return figures('research').getOrSet({ key: `${key}:${version}`, ttl: '10m', factory })
}
