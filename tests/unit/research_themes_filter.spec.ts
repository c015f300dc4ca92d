import { test } from '@japa/runner'
import {
  filterThemes,
  themeFilterOf,
  themeFilterParams,
  type ThemeAdminGroup,
  type ThemeAdminTheme,
} from '#shared/research_themes_admin'

const group = (id: number, name: string, parentId: number | null, depth: number) => ({
  id,
  name,
  parentId,
  position: 1,
  siblingCount: 1,
  path: name,
  depth,
})

// Depth first: Macro (Monetary policy (Rates)), Equities.
const groups: ThemeAdminGroup[] = [
  group(1, 'Macro', null, 0),
  group(2, 'Monetary policy', 1, 1),
  group(3, 'Rates', 2, 2),
  group(4, 'Equities', null, 0),
]

const theme = (
  id: number,
  name: string,
  groupId: number,
  synonyms: string[] = [],
  status: ThemeAdminTheme['status'] = 'active'
): ThemeAdminTheme => ({
  id,
  name,
  groupId,
  status,
  synonyms: synonyms.map((synonym, index) => ({ id: id * 10 + index, name: synonym })),
  documentCount: 0,
  starCount: 0,
})

const themes = [
  theme(1, 'Inflation', 2, ['CPI', 'Price stability']),
  theme(2, 'Yield curve', 3, ['Term structure']),
  theme(3, 'Dividends', 4),
  theme(4, 'Régulation bancaire', 1, [], 'retired'),
]

const ids = (search: string) =>
  filterThemes(themes, groups, themeFilterOf(search)).map((entry) => entry.id)

test.group('Theme management: the list’s filters', () => {
  test('words match names and synonyms, case and accents aside; every word must match', ({
    assert,
  }) => {
    assert.deepEqual(ids(''), [1, 2, 3, 4])
    assert.deepEqual(ids('?q=cpi'), [1])
    assert.deepEqual(ids('?q=  STRUCTURE '), [2])
    assert.deepEqual(ids('?q=regulation'), [4])
    assert.deepEqual(ids('?q=price+stab'), [1])
    assert.deepEqual(ids('?q=price+dividends'), [])
  })

  test('a group keeps its themes and those of the groups inside it; status keeps one kind', ({
    assert,
  }) => {
    assert.deepEqual(ids('?group=1'), [1, 2, 4])
    assert.deepEqual(ids('?group=2'), [1, 2])
    assert.deepEqual(ids('?group=3'), [2])
    assert.deepEqual(ids('?group=1&status=active'), [1, 2])
    assert.deepEqual(ids('?status=retired'), [4])
    assert.deepEqual(ids('?group=99'), [])
  })

  test('an address means only what it can: other values are no filter, and back again', ({
    assert,
  }) => {
    assert.deepEqual(themeFilterOf('?group=-1&status=gone&q='), {
      q: '',
      group: null,
      status: 'all',
    })
    assert.deepEqual(themeFilterOf('?group=1e3'), { q: '', group: null, status: 'all' })
    assert.lengthOf(themeFilterOf(`?q=${'x'.repeat(500)}`).q, 120)
    assert.equal(themeFilterOf('?q=%00c%E2%80%8Bpi%E2%80%AE').q, 'cpi')
    const filter = themeFilterOf('?q=cpi&group=2&status=active')
    assert.deepEqual(themeFilterParams(filter), { q: 'cpi', group: '2', status: 'active' })
    assert.deepEqual(themeFilterParams(themeFilterOf('')), { q: '', group: '', status: '' })
  })
})
