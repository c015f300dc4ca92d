import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/**
 * Every validation message is tied to its field. The pages render messages only through the
 * primitives of inertia/components/ui/field.tsx (FieldError, FormError, Field, FieldGroup, and the
 * admin InlineField built on them), which give the message an id and the control aria-invalid and an
 * aria-describedby naming it. This test reads every .tsx file and refuses:
 * - a validation message rendered as a JSX child anywhere else (a bare `<p>{errors.name}</p>`);
 * - a FieldError whose id is not also given to a control (fieldProps/errorProps, errorId(id) handed
 *   to a control, or the id of a Field, InlineField or FieldGroup of the same file);
 * - an element whose error id is written by hand instead of by errorId();
 * - a second definition of the primitives, or another component for messages (`ErrorText`…).
 */

const ROOT = join(import.meta.dirname, '..', '..')
const PRIMITIVE = 'inertia/components/ui/field.tsx'

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.tsx') ? [path] : []
  })
}

/** `errors`, `form.errors`, `errors.name`, `form.errors[key]`: a read of a form's messages. */
function readsErrors(node: ts.Node): boolean {
  if (ts.isIdentifier(node)) return node.text === 'errors'
  if (ts.isPropertyAccessExpression(node)) {
    return node.name.text === 'errors' || readsErrors(node.expression)
  }
  if (ts.isElementAccessExpression(node)) return readsErrors(node.expression)
  if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) {
    return readsErrors(node.expression)
  }
  return false
}

/** Names conventionally holding one validation message: `error`, `fileError`, `valueError`… */
const MESSAGE_NAME = /^(error|[a-z]\w*Error)$/

interface Finding {
  file: string
  line: number
  text: string
}

function lineOf(source: ts.SourceFile, node: ts.Node) {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
}

/**
 * Whether `node`, found inside the JSX child `{…}`, reaches the page as text: not when it is only a
 * condition (`a ? … : …`, `a && …`, `!a`, a comparison) or the argument of a call computing
 * something else than text (a class name, ids).
 */
function rendered(node: ts.Node, container: ts.JsxExpression): boolean {
  let current: ts.Node = node
  while (current !== container) {
    const parent: ts.Node = current.parent
    if (ts.isConditionalExpression(parent) && parent.condition === current) return false
    if (ts.isBinaryExpression(parent)) {
      const operator = parent.operatorToken.kind
      if (
        (operator === ts.SyntaxKind.AmpersandAmpersandToken && parent.left === current) ||
        operator === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        operator === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        operator === ts.SyntaxKind.GreaterThanToken ||
        operator === ts.SyntaxKind.LessThanToken
      ) {
        return false
      }
    }
    if (ts.isPrefixUnaryExpression(parent)) return false
    // An argument: the called helper computes something else (props, a class); a component
    // rendering it is itself checked where it renders.
    if (ts.isCallExpression(parent) && parent.expression !== current) return false
    if (ts.isJsxAttribute(parent) || ts.isJsxSpreadAttribute(parent)) return false
    // Inside a nested element's own child `{…}`, that container decides.
    if (ts.isJsxExpression(parent) && parent !== container) return false
    if (ts.isPropertyAccessExpression(parent) && parent.name.text === 'length') return false
    current = parent
  }
  return true
}

function inspect(file: string, text: string) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const stray: Finding[] = []
  const unlinked: Finding[] = []
  const handWritten: Finding[] = []
  const definitions: Finding[] = []
  let messages = 0
  let primitives = 0

  // Names bound to a form's messages in this file: `const error = form.errors.name`.
  const aliases = new Set<string>()
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let found = false
      const look = (inner: ts.Node) => {
        if (readsErrors(inner)) found = true
        else if (!ts.isArrowFunction(inner) && !ts.isFunctionExpression(inner)) {
          inner.forEachChild(look)
        }
      }
      look(node.initializer)
      if (found) aliases.add(node.name.text)
    }
    node.forEachChild(collect)
  }
  collect(source)
  const isMessage = (node: ts.Node) =>
    (ts.isIdentifier(node) &&
      (aliases.has(node.text) || MESSAGE_NAME.test(node.text)) &&
      !ts.isPropertyAccessExpression(node.parent)) ||
    ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
      readsErrors(node) &&
      !(
        (ts.isPropertyAccessExpression(node.parent) || ts.isElementAccessExpression(node.parent)) &&
        node.parent.expression === node
      ))

  const linked = new Set<string>()
  const errorIds: Array<{ id: string; node: ts.Node }> = []
  const attribute = (element: ts.JsxOpeningLikeElement, name: string) =>
    element.attributes.properties.find(
      (property): property is ts.JsxAttribute =>
        ts.isJsxAttribute(property) && property.name.getText(source) === name
    )
  const valueText = (attr: ts.JsxAttribute | undefined) => {
    const value = attr?.initializer
    if (!value) return null
    if (ts.isStringLiteral(value)) return JSON.stringify(value.text)
    if (ts.isJsxExpression(value) && value.expression) {
      const inner = value.expression
      return ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)
        ? JSON.stringify(inner.text)
        : inner.getText(source)
    }
    return null
  }

  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) && node.name) ||
      (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name))
    ) {
      const name = (node.name as ts.Identifier).text
      // The primitives again, or another component for messages (an `ErrorText`, a `FieldMessage`).
      if (
        ['FieldGroup', 'fieldProps', 'errorId'].includes(name) ||
        /^(?=[A-Z])(\w*(Field|Form|Input)Error|\w*Error(Text|Message)|\w*FieldMessage)$/.test(name)
      ) {
        definitions.push({ file, line: lineOf(source, node), text: name })
      }
    }
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      let found = false
      const look = (inner: ts.Node) => {
        if (found) return
        if (isMessage(inner) && rendered(inner, node)) {
          found = true
          return
        }
        // Nested elements are their own containers, and so are callbacks' bodies.
        if (ts.isJsxElement(inner) || ts.isJsxSelfClosingElement(inner)) return
        if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) return
        inner.forEachChild(look)
      }
      look(node.expression)
      if (found) {
        const shown = node.getText(source).replace(/\s+/g, ' ')
        stray.push({ file, line: lineOf(source, node), text: shown.slice(0, 80) })
      }
    }
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source)
      const id = valueText(attribute(node, 'id'))
      if (tag === 'FieldError') {
        messages++
        primitives++
        if (id) errorIds.push({ id, node })
        else unlinked.push({ file, line: lineOf(source, node), text: node.getText(source) })
      } else if (['Field', 'InlineField', 'FieldGroup', 'FormError'].includes(tag)) {
        primitives++
        if (tag !== 'FormError') messages++
        if (id) linked.add(id)
      } else if (id && /-error["`]$/.test(id)) {
        handWritten.push({ file, line: lineOf(source, node), text: `id=${id}` })
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source)
      const first = node.arguments[0]
      // The control's attributes, or the error's id handed to a control (a custom widget's
      // describedBy, an aria-describedby of several ids).
      if ((callee === 'fieldProps' || callee === 'errorProps' || callee === 'errorId') && first) {
        linked.add(
          ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)
            ? JSON.stringify(first.text)
            : first.getText(source)
        )
      }
    }
    node.forEachChild(visit)
  }
  visit(source)
  for (const { id, node } of errorIds) {
    if (!linked.has(id)) {
      unlinked.push({ file, line: lineOf(source, node), text: `FieldError id=${id}` })
    }
  }
  return { stray, unlinked, handWritten, definitions, messages, primitives }
}

const show = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.text}`)

test.group('Field errors are tied to their fields', () => {
  test('every validation message is rendered by the field primitives and tied to a control', ({
    assert,
  }) => {
    const files = sources(join(ROOT, 'inertia'))
      .map((path) => relative(ROOT, path))
      .filter((file) => file !== PRIMITIVE)
    const stray: Finding[] = []
    const unlinked: Finding[] = []
    const handWritten: Finding[] = []
    const definitions: Finding[] = []
    let forms = 0
    let messages = 0
    for (const file of files) {
      const result = inspect(file, readFileSync(join(ROOT, file), 'utf8'))
      stray.push(...result.stray)
      unlinked.push(...result.unlinked)
      handWritten.push(...result.handWritten)
      definitions.push(...result.definitions)
      messages += result.messages
      if (result.primitives > 0) forms++
    }
    assert.deepEqual(show(stray), [], 'validation messages rendered outside FieldError/FormError')
    assert.deepEqual(show(unlinked), [], 'FieldError without a control described by it')
    assert.deepEqual(show(handWritten), [], 'error ids written by hand instead of errorId()')
    assert.deepEqual(show(definitions), [], 'second definitions of the field primitives')
    // The rule looked at the real forms of the product, not at nothing.
    assert.isAbove(forms, 35, 'files rendering field messages through the primitives')
    assert.isAbove(messages, 100, 'field messages rendered through the primitives')
  })

  test('the rule catches a bare message, an untied FieldError and a hand-written id', ({
    assert,
  }) => {
    const bad = inspect(
      'example.tsx',
      `function ErrorText({ id, message }) {
        return <p id={id}>{message}</p>
      }
      export function Example({ form }) {
        const nameError = form.errors.name
        return (
          <form>
            <input id="title" aria-invalid={form.errors.title ? true : undefined} />
            {form.errors.title ? <p className="text-red-600">{form.errors.title}</p> : null}
            {[form.errors.a, form.errors.b].filter(Boolean).map((m) => <p key={m}>{m}</p>)}
            <p>{nameError}</p>
            <FieldError id="orphan" message={form.errors.orphan} />
            <p id="note-error">{form.errors.note ?? ''}</p>
          </form>
        )
      }`
    )
    assert.lengthOf(bad.stray, 4)
    assert.deepEqual(
      bad.unlinked.map((f) => f.text),
      ['FieldError id="orphan"']
    )
    assert.deepEqual(
      bad.handWritten.map((f) => f.text),
      ['id="note-error"']
    )
    assert.deepEqual(
      bad.definitions.map((f) => f.text),
      ['ErrorText']
    )
    const good = inspect(
      'example.tsx',
      `export function Example({ form }) {
        return (
          <form>
            <input {...fieldProps('title', form.errors.title)} className={cls(form.errors.title)} />
            <FieldError id="title" message={form.errors.title} />
            {form.errors.title ? <span aria-hidden>!</span> : null}
            <FormError message={form.errors.form} />
            <Field id="name" label="Name" error={form.errors.name} />
          </form>
        )
      }`
    )
    assert.deepEqual(show([...good.stray, ...good.unlinked, ...good.handWritten]), [])
    assert.equal(good.messages, 2)
  })
})
