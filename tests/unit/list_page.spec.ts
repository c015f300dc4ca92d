import { test } from '@japa/runner'
import { listHref, pageNotice, pageToShow, readAskedPage } from '#shared/list_page'

test.group('List page rule', () => {
  test('reads a page number from the address without ever refusing it', ({ assert }) => {
    assert.deepEqual(readAskedPage(undefined), { page: 1, asked: null, invalid: false })
    assert.deepEqual(readAskedPage(''), { page: 1, asked: null, invalid: false })
    assert.deepEqual(readAskedPage('3'), { page: 3, asked: '3', invalid: false })
    assert.deepEqual(readAskedPage(['2', '4']), { page: 4, asked: '4', invalid: false })
    for (const bad of ['0', '-1', 'abc', '2.5', '1e3', { a: 1 }]) {
      assert.isTrue(readAskedPage(bad).invalid, JSON.stringify(bad))
      assert.equal(readAskedPage(bad).page, 1)
    }
    assert.equal(readAskedPage('250000').page, 100_000)
  })

  test('shows the first or the last page and says why', ({ assert }) => {
    assert.equal(pageToShow(readAskedPage('9'), 4), 4)
    assert.equal(pageToShow(readAskedPage('2'), 4), 2)
    assert.equal(pageNotice(readAskedPage('9'), 4), 'There is no page 9: showing the last page, 4.')
    assert.equal(
      pageNotice(readAskedPage('abc'), 4),
      'There is no page abc: showing the first page.'
    )
    assert.isNull(pageNotice(readAskedPage('4'), 4))
    assert.isNull(pageNotice(readAskedPage(undefined), 4))
    assert.equal(
      pageNotice(readAskedPage('x'.repeat(80)), 4),
      `There is no page ${'x'.repeat(24)}…: showing the first page.`
    )
  })

  test('builds a list address without empty filters or page 1', ({ assert }) => {
    assert.equal(listHref('/admin/x', { q: '', status: null }, 1), '/admin/x')
    assert.equal(listHref('/admin/x', { q: 'a b', user: 3 }, 2), '/admin/x?q=a+b&user=3&page=2')
  })
})
