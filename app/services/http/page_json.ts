/**
 * Characters that must not appear raw in JSON placed inside an HTML `<script>` element: `<`
 * would let `</script>` or `<!--<script>` (which switches the HTML parser into the "script data
 * double escaped" state and swallows the rest of the page) end or hijack the element, `>` and
 * `&` complete such sequences, and U+2028/U+2029 break older JavaScript parsers.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g

function unicodeEscape(char: string) {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/**
 * JSON for a `<script type="application/json">` element: what `JSON.parse` reads back is the
 * original value, and no user-supplied text can change how the HTML around it is parsed.
 */
export function jsonForScript(value: unknown) {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, unicodeEscape)
}

function attribute(value: string) {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The `@inertia()` tag's output: the page object as a JSON script element followed by the
 * element the client mounts on. (The tag that ships with the adapter escapes `/` only, which
 * leaves `<!--` in a user's name able to blank the page.)
 */
export function inertiaRoot(
  page: { ssrBody?: string } & Record<string, unknown> = {},
  attributes: { id?: string; class?: string; as?: string } = {}
) {
  if (page.ssrBody) return page.ssrBody
  const id = attribute(attributes.id || 'app')
  const tag = /^[a-z][a-z0-9-]*$/i.test(attributes.as ?? '') ? attributes.as! : 'div'
  const className = attributes.class ? ` class="${attribute(attributes.class)}"` : ''
  return `<script data-page="${id}" type="application/json">${jsonForScript(page)}</script><${tag} id="${id}"${className}></${tag}>`
}
