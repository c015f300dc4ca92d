import { BlockList, isIP } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { teamSnapshot } from '#services/context/request_context'

/** The 128-bit (IPv6) or 32-bit (IPv4) value of an address. */
function addressBits(address: string, family: 4 | 6): bigint {
  if (family === 4) {
    return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n)
  }
  let text = address.toLowerCase()
  // An embedded IPv4 tail ('::ffff:10.1.2.3') becomes two hextets.
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/)
  if (v4) {
    const bits = addressBits(v4[1], 4)
    text = `${text.slice(0, -v4[1].length)}${(bits >> 16n).toString(16)}:${(bits & 0xffffn).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const hextets =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return hextets.reduce((value, part) => (value << 16n) | BigInt(Number.parseInt(part, 16)), 0n)
}

function formatBits(bits: bigint, family: 4 | 6): string {
  if (family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join('.')
  }
  const hextets = [...Array(8).keys()].map((index) =>
    ((bits >> BigInt((7 - index) * 16)) & 0xffffn).toString(16)
  )
  // The URL parser writes IPv6 in its canonical compressed form (RFC 5952).
  return new URL(`http://[${hextets.join(':')}]/`).hostname.slice(1, -1)
}

/**
 * An IPv4 or IPv6 range in CIDR notation ('203.0.113.0/24', '2001:db8::/32'); a bare address
 * is a range of one. `cidr` is its canonical form, the way a team's ranges are stored: the
 * network's first address and the prefix ('10.0.0.1/8' → '10.0.0.0/8', '2001:DB8:0::1' →
 * '2001:db8::1/128'). Null when it is not a range.
 */
export function parseCidr(text: string) {
  const [address, prefixText, ...rest] = text.trim().split('/')
  const found = isIP(address)
  if (!found || rest.length) return null
  const family: 4 | 6 = found === 4 ? 4 : 6
  const max = family === 4 ? 32 : 128
  const prefix = prefixText === undefined ? max : Number(prefixText)
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText ?? '0') === '') {
    return null
  }
  const size = BigInt(max)
  const mask = ((1n << size) - 1n) ^ ((1n << (size - BigInt(prefix))) - 1n)
  const network = formatBits(addressBits(address, family) & mask, family)
  return {
    address: network,
    prefix,
    family: family === 4 ? ('ipv4' as const) : ('ipv6' as const),
    cidr: `${network}/${prefix}`,
  }
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

/**
 * Whether the team's network policy lets this address in: a team without ranges lets
 * everyone in. The policy guards the team's own data; it never governs the admin area, the
 * user's own settings or switching to another team.
 */
export async function teamAllowsAddress(teamId: number, ip: string) {
  const snapshot = await teamSnapshot(teamId)
  const ranges = snapshot?.allowedRanges ?? []
  return ranges.length === 0 || ipAllowed(ip, ranges)
}
