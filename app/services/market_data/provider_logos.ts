import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { providerLogo } from '#services/market_data/admin_catalogue'

const LOGO_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

/**
 * The public (signed-in) address of a provider's logo, or null without one. The storage key
 * never leaves the server; its unique part versions the address, so that a new logo is a new
 * address and browsers may keep each one for long.
 */
export function providerLogoUrl(providerKey: string, logoKey: string | null | undefined) {
  if (typeof logoKey !== 'string' || !logoKey.startsWith('logos/')) return null
  const version = logoKey.slice('logos/'.length).replace(/\.[a-z]+$/, '')
  return `/provider-logos/${providerKey}?v=${encodeURIComponent(version)}`
}

/**
 * Sends a provider's logo as an image: its own content type, never sniffed, shown inline, and
 * cached privately (long when the address names the current version).
 */
export async function sendProviderLogo(
  response: HttpContext['response'],
  providerKey: string,
  requestedVersion?: string
) {
  const logo = await providerLogo(providerKey)
  const type = LOGO_TYPES[logo.key.split('.').pop()?.toLowerCase() ?? '']
  const disk = drive.use()
  if (!type || !(await disk.exists(logo.key))) throw new NotFoundForTeam('Logo not found')
  const current = providerLogoUrl(providerKey, logo.key)!
  const fresh =
    requestedVersion !== undefined && current.endsWith(`?v=${encodeURIComponent(requestedVersion)}`)
  response.header('Content-Type', type)
  response.header('X-Content-Type-Options', 'nosniff')
  response.header('Content-Disposition', 'inline')
  response.header(
    'Cache-Control',
    fresh ? 'private, max-age=31536000, immutable' : 'private, max-age=300'
  )
  response.stream(await disk.getStream(logo.key))
}
