import { test } from '@japa/runner'
import edge from 'edge.js'
import { jsonForScript } from '#services/http/page_json'

const HOSTILE = [
  'Eve <!--<script>x</script> & \u2028 \u2029',
  '</script><script>alert(1)</script>',
  '<!-- a comment that never ends',
  'a > b && c < d',
  '\u2028line\u2029paragraph',
]

/** The text of the page's JSON script element, as the browser's HTML parser would read it. */
function embeddedPage(html: string) {
  const match = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('The page has no data-page script element.')
  return match[1]
}

test.group('Page object embedded in HTML', () => {
  test('the root template escapes <, >, & and U+2028/U+2029 and JSON.parse gives the page back', async ({
    assert,
  }) => {
    const page = {
      component: 'admin/accounts/users',
      url: '/admin/account-management/users',
      version: '1',
      props: { users: HOSTILE.map((name, id) => ({ id, name })), note: HOSTILE.join('|') },
    }
    const html = await edge.render('inertia_layout', { page, cspNonce: 'test-nonce' })
    const json = embeddedPage(html)
    for (const char of ['<', '>', '&', '\u2028', '\u2029']) {
      assert.notInclude(json, char, `a raw ${JSON.stringify(char)} inside the script element`)
    }
    assert.deepEqual(JSON.parse(json), page)
    // The mount element follows the script element: nothing of the name leaked out of it.
    assert.include(html, `${json}</script><div id="app"></div>`)
  })

  test('escapes each unsafe character as a JSON unicode escape', ({ assert }) => {
    assert.equal(jsonForScript('<>&\u2028\u2029'), '"\\u003c\\u003e\\u0026\\u2028\\u2029"')
    assert.equal(JSON.parse(jsonForScript({ a: '<!--' })).a, '<!--')
  })
})
