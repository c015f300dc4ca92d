import { test } from '@japa/runner'
import { CsvRowParser, ImportFileError, looksLikeFormula } from '#services/rsa/imports/reader'

function parse(chunks: string[]) {
  const parser = new CsvRowParser()
  const rows: string[][] = []
  for (const chunk of chunks) rows.push(...parser.push(chunk))
  rows.push(...parser.end())
  return rows
}

const SAMPLE =
  '\uFEFFa,b,c\r\n1,"two, with comma","say ""hi"""\n3,"multi\nline",x\r\n,,\nlast,row,"end"'
const EXPECTED = [
  ['a', 'b', 'c'],
  ['1', 'two, with comma', 'say "hi"'],
  ['3', 'multi\nline', 'x'],
  ['', '', ''],
  ['last', 'row', 'end'],
]

test.group('Import CSV parser', () => {
  test('reads quoted fields, doubled quotes, line breaks in fields and a byte order mark', ({
    assert,
  }) => {
    assert.deepEqual(parse([SAMPLE]), EXPECTED)
  })

  test('gives the same rows wherever the chunks are cut', ({ assert }) => {
    for (let cut = 0; cut <= SAMPLE.length; cut++) {
      assert.deepEqual(parse([SAMPLE.slice(0, cut), SAMPLE.slice(cut)]), EXPECTED, `cut at ${cut}`)
    }
    assert.deepEqual(parse([...SAMPLE]), EXPECTED)
  })

  test('an unclosed quote is a file problem', ({ assert }) => {
    assert.throws(() => parse(['a,"b\nc,d']), ImportFileError as any)
  })

  test('lone carriage returns end lines; a trailing line break adds no row', ({ assert }) => {
    assert.deepEqual(parse(['a,b\rc,d\r\n']), [
      ['a', 'b'],
      ['c', 'd'],
    ])
  })

  test('formulas are told from signed numbers', ({ assert }) => {
    for (const value of ['=SUM(A1)', '@cmd', '+A1', '-SUM(B2)', '=1']) {
      assert.isTrue(looksLikeFormula(value), value)
    }
    for (const value of ['-20', '+1.5', '- 3', 'abc', '', '-']) {
      assert.isFalse(looksLikeFormula(value), value)
    }
  })
})
