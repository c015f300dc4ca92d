import type { BaseMail } from '@adonisjs/mail'

/** The path and query of an absolute link, as the test client requests it. */
export function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

/**
 * The first link of a sent mail's plain-text part, exactly as a mail client would open it.
 */
export function textPartLink(message: BaseMail) {
  message.build()
  const text = String(message.message.toJSON().message.text ?? '')
  const link = text.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`No link in the text part:\n${text}`)
  return link
}
