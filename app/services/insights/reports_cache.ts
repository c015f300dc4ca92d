import { figures } from '#services/cache/figures'
import { randomUUID } from 'node:crypto'

/**
 * What the client list shows of a team's reports that is the same for every member (the
 * categories and years, the tags in use) changes only when an administrator changes reports or
 * their categories and tags, or the team's modules change. It is kept in the cache under the
 * team, its modules and a reports version that every administration write replaces once it has
 * committed: a new version makes new keys, so nothing has to be dropped and no request can
 * store figures from before a write under the version that follows it.
 */
const space = () => figures('insights_reports')

async function reportsVersion(): Promise<string> {
  return space().getOrSet({ key: 'version', ttl: '1d', factory: () => randomUUID() })
}

/** Called after every committed administration write on reports, categories or tags. */
export async function bumpReportsVersion() {
  await space().set({ key: 'version', value: randomUUID(), ttl: '1d' })
}

/** Kept under the team, its modules and the reports version. */
export async function cachedTeamReports<T>(
  viewer: { teamId: number; moduleNames: readonly string[] },
  name: string,
  compute: () => Promise<T>
): Promise<T> {
  const version = await reportsVersion()
  const modules = [...viewer.moduleNames].sort().join(',')
  return space().getOrSet({
    key: [name, viewer.teamId, modules, version].join(':'),
    ttl: '10m',
    factory: compute,
  })
}
