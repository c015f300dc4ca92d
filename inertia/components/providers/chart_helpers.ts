/** Text put into an ECharts HTML tooltip. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!
  )

/** A colour between two hex colours: share 0 → from, 1 → to. */
export function mix(from: string, to: string, share: number) {
  const channel = (hex: string, index: number) =>
    Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16)
  const parts = [0, 1, 2].map((index) =>
    Math.round(channel(from, index) + (channel(to, index) - channel(from, index)) * share)
  )
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`
}

/** Relative luminance of a hex colour (WCAG), to pick readable text on it. */
export function luminance(hex: string) {
  const [r, g, b] = [0, 1, 2].map((index) => {
    const value = Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** White or near-black text, whichever reads better on the colour. */
export const textOn = (hex: string) => (luminance(hex) > 0.35 ? '#0f172a' : '#ffffff')
