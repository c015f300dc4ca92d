import { BlockList, isIP } from 'node:net'
import db from '@adonisjs/lucid/services/db'

/**
 * An IPv4 or IPv6 range in CIDR notation ('203.0.113.0/24', '2001:db8::/32'); a bare address
 * is a range of one. Null when it is not one.
 */
export function parseCidr(text: string) {
  const [address, prefixText, ...rest] = text.trim().split('/')
  const family = isIP(address)
  if (!family || rest.length) return null
  const max = family === 4 ? 32 : 128
  const prefix = prefixText === undefined ? max : Number(prefixText)
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText ?? '0') === '') {
    return null
  }
  return { address, prefix, family: family === 4 ? ('ipv4' as const) : ('ipv6' as const) }
}

/**
 * Whether an address lies in one of the ranges (IPv4-mapped IPv6 addresses count as IPv4).
 */
export function ipAllowed(ip: string, cidrs: string[]) {
  const list = new BlockList()
  for (const cidr of cidrs) {
    const range = parseCidr(cidr)
    if (range) list.addSubnet(range.address, range.prefix, range.family)
  }
  const family = isIP(ip)
  if (!family) return false
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

export async function allowedRanges(teamId: number) {
  const rows = await db.from('team_allowed_ips').where('team_id', teamId).select('cidr')
  return rows.map((row) => row.cidr as string)
}
