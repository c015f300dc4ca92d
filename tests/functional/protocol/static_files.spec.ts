import { test } from '@japa/runner'

test.group('Static files', () => {
  test('files from public/ are served; extensionless paths go to the router', async ({
    client,
    assert,
  }) => {
    const icon = await client.get('/favicon.svg')
    icon.assertStatus(200)
    assert.include(icon.header('content-type'), 'svg')
    const missing = await client.get('/no-such-file.css')
    missing.assertStatus(404)
    const page = await client.get('/login')
    page.assertStatus(200)
    assert.include(page.header('content-type'), 'text/html')
  })
})
