import { inflateSync } from 'node:zlib'

/**
 * Reads a PDF's objects the way a viewer does (dictionaries, arrays, names with their #xx
 * escapes, compressed object streams decoded) and reports the features that run code or open
 * something outside the document, with where they hang. PDF.js keeps its parser inside its
 * worker and exposes only a few of these features (document JavaScript, attachments), so the
 * objects are read here.
 *
 * Every "obj" keyword in the file starts an object, wherever the cross-reference table points
 * (a viewer may follow an older table, a rebuilt one or a stream that does not call itself an
 * object stream): nothing a viewer can reach is skipped. The work is bounded (objects, tokens,
 * decoded bytes, nesting and time), and a file beyond the bounds is refused, not half-checked.
 */

export type ActiveFeature =
  'launch' | 'javascript' | 'embedded-file' | 'remote-goto' | 'submit-form' | 'rich-media' | 'xfa'

/** Where a feature hangs, as a reader of the document would name the place. */
export type FeaturePlace =
  | 'opening action'
  | 'document actions'
  | 'names tree'
  | 'bookmarks'
  | 'form'
  | 'page'
  | 'annotation'
  | 'other'

export interface Finding {
  feature: ActiveFeature
  place: FeaturePlace
}

export interface StructureLimits {
  maxObjects: number
  maxTokens: number
  maxScannedBytes: number
  maxDecodedBytes: number
  maxDepth: number
  /** Milliseconds the walk may take. */
  timeoutMs: number
}

export const DEFAULT_STRUCTURE_LIMITS: StructureLimits = {
  maxObjects: 250_000,
  maxTokens: 25_000_000,
  maxScannedBytes: 512 * 1024 * 1024,
  maxDecodedBytes: 128 * 1024 * 1024,
  maxDepth: 200,
  timeoutMs: 5_000,
}

export interface StructureReport {
  encrypted: boolean
  findings: Finding[]
  objects: number
}

/** The file could not be read far enough to be checked: it is refused. */
export class PdfStructureError extends Error {
  constructor(
    message: string,
    readonly reason: 'too-complex' | 'unreadable'
  ) {
    super(message)
  }
}

/** Names whose presence anywhere in an object means the feature (action types, keys, subtypes). */
const FEATURE_NAMES: Record<string, ActiveFeature> = {
  Launch: 'launch',
  JavaScript: 'javascript',
  JS: 'javascript',
  GoToR: 'remote-goto',
  GoToE: 'remote-goto',
  SubmitForm: 'submit-form',
  ImportData: 'submit-form',
  RichMedia: 'rich-media',
  RichMediaExecute: 'rich-media',
  RichMediaContent: 'rich-media',
  EmbeddedFile: 'embedded-file',
  EmbeddedFiles: 'embedded-file',
  FileAttachment: 'embedded-file',
  XFA: 'xfa',
}

/** Keys of the catalog and the place they lead to. */
const CATALOG_PLACES: Record<string, FeaturePlace> = {
  OpenAction: 'opening action',
  AA: 'document actions',
  Names: 'names tree',
  Outlines: 'bookmarks',
  AcroForm: 'form',
  Pages: 'page',
}

type Value = number | boolean | null | PdfName | PdfRef | PdfDict | Value[] | PdfString | Keyword
class PdfName {
  constructor(readonly name: string) {}
}
class PdfRef {
  constructor(readonly num: number) {}
}
class PdfDict {
  entries = new Map<string, Value>()
  get(key: string) {
    return this.entries.get(key)
  }
  nameOf(key: string) {
    const value = this.entries.get(key)
    return value instanceof PdfName ? value.name : null
  }
}
class PdfString {}
class Keyword {
  constructor(readonly word: string) {}
}
const STRING = new PdfString()

/** What is kept of one object once it has been read: its kind, references and findings. */
interface ObjectSummary {
  num: number
  kind: 'catalog' | 'page' | 'annotation' | 'other'
  /** Referenced object numbers; for the catalog, with the key they hang under. */
  refs: { key: string | null; num: number }[]
  /** Features found in the object itself; for the catalog, with the key they hang under. */
  features: { feature: ActiveFeature; key: string | null; inAnnotation: boolean }[]
}

const WHITESPACE = new Uint8Array(256)
for (const code of [0, 9, 10, 12, 13, 32]) WHITESPACE[code] = 1
const DELIMITER = new Uint8Array(256)
for (const char of '()<>[]{}/%') DELIMITER[char.charCodeAt(0)] = 1
const isRegular = (code: number) => !WHITESPACE[code] && !DELIMITER[code]

class Budget {
  tokens = 0
  scanned = 0
  decoded = 0
  objects = 0
  private readonly deadline: number

  private readonly maxScanned: number

  constructor(
    readonly limits: StructureLimits,
    size: number
  ) {
    this.deadline = Date.now() + limits.timeoutMs
    // Reading a byte more than a few times over only happens in a file made to be slow.
    this.maxScanned = Math.min(limits.maxScannedBytes, size * 8 + 64 * 1024 * 1024)
  }

  token() {
    this.tokens++
    if (this.tokens > this.limits.maxTokens) throw tooComplex()
    if ((this.tokens & 0xfff) === 0) this.clock()
  }

  /** Bytes read by the tokenizer (strings and comments included). */
  scan(bytes: number) {
    this.scanned += bytes
    if (this.scanned > this.maxScanned) throw tooComplex()
  }

  object() {
    this.objects++
    if (this.objects > this.limits.maxObjects) throw tooComplex()
  }

  clock() {
    if (Date.now() > this.deadline) throw tooComplex()
  }
}

const tooComplex = () =>
  new PdfStructureError('The PDF is too large or too complex to be checked.', 'too-complex')
const unreadable = (detail: string) =>
  new PdfStructureError(`The PDF could not be read (${detail}).`, 'unreadable')

/** Reads PDF syntax from a position: tokens and whole values. */
class Reader {
  pos: number

  constructor(
    readonly data: Uint8Array,
    readonly budget: Budget,
    start = 0
  ) {
    this.pos = start
  }

  skipSpace() {
    const data = this.data
    const length = data.length
    let pos = this.pos
    while (pos < length) {
      const code = data[pos]
      if (WHITESPACE[code]) {
        pos++
      } else if (code === 0x25 /* % */) {
        while (pos < length && data[pos] !== 10 && data[pos] !== 13) pos++
      } else {
        break
      }
    }
    this.pos = pos
  }

  /** The next token: a value's first part, a delimiter ('<<', '[', …) or a keyword. */
  private token(): Value | '<<' | '>>' | '[' | ']' | undefined {
    const from = this.pos
    try {
      return this.readToken()
    } finally {
      this.budget.scan(this.pos - from)
    }
  }

  private readToken(): Value | '<<' | '>>' | '[' | ']' | undefined {
    this.skipSpace()
    const data = this.data
    if (this.pos >= data.length) return undefined
    this.budget.token()
    const code = data[this.pos]
    switch (code) {
      case 0x2f /* / */:
        return this.name()
      case 0x28 /* ( */:
        this.literalString()
        return STRING
      case 0x3c /* < */:
        if (data[this.pos + 1] === 0x3c) {
          this.pos += 2
          return '<<'
        }
        this.hexString()
        return STRING
      case 0x3e /* > */:
        this.pos += data[this.pos + 1] === 0x3e ? 2 : 1
        return '>>'
      case 0x5b /* [ */:
        this.pos++
        return '['
      case 0x5d /* ] */:
        this.pos++
        return ']'
      case 0x7b:
      case 0x7d:
      case 0x29:
        this.pos++
        return new Keyword(String.fromCharCode(code))
    }
    const start = this.pos
    let end = start
    while (end < data.length && isRegular(data[end])) end++
    this.pos = end
    const word =
      end - start <= 32
        ? String.fromCharCode(...data.subarray(start, end))
        : latin1(data, start, end)
    if ((code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2d || code === 0x2e) {
      const number = Number(word)
      if (!Number.isNaN(number)) return number
    }
    if (word === 'true') return true
    if (word === 'false') return false
    if (word === 'null') return null
    return new Keyword(word)
  }

  private name() {
    const data = this.data
    this.pos++
    const bytes: number[] = []
    while (this.pos < data.length && isRegular(data[this.pos])) {
      const code = data[this.pos]
      if (code === 0x23 /* # */ && isHex(data[this.pos + 1]) && isHex(data[this.pos + 2])) {
        bytes.push(Number.parseInt(latin1(data, this.pos + 1, this.pos + 3), 16))
        this.pos += 3
      } else {
        bytes.push(code)
        this.pos++
      }
    }
    return new PdfName(String.fromCharCode(...bytes.slice(0, 256)))
  }

  private literalString() {
    const data = this.data
    const length = data.length
    let pos = this.pos
    let depth = 0
    while (pos < length) {
      const code = data[pos++]
      if (code === 0x5c /* \ */) {
        pos++
      } else if (code === 0x28) {
        depth++
      } else if (code === 0x29 && --depth === 0) {
        break
      }
    }
    this.pos = Math.min(pos, length)
  }

  private hexString() {
    const end = this.data.indexOf(0x3e, this.pos)
    this.pos = end < 0 ? this.data.length : end + 1
  }

  /**
   * One value. References (`12 0 R`) become PdfRef. A dictionary or array cut short by the end
   * of the data keeps what it read.
   */
  value(depth = 0): Value | undefined {
    if (depth > this.budget.limits.maxDepth) throw tooComplex()
    const token = this.token()
    if (token === '<<') {
      const dict = new PdfDict()
      for (;;) {
        const key = this.token()
        if (key === undefined || key === '>>') return dict
        if (!(key instanceof PdfName)) continue
        const before = this.pos
        const item = this.value(depth + 1)
        if (item === undefined) return dict
        // A key without a value (`/A >>`): the dictionary ends there.
        if (item === ('>>' as unknown)) return dict
        dict.entries.set(key.name, item)
        if (this.pos === before) return dict
      }
    }
    if (token === '[') {
      const items: Value[] = []
      for (;;) {
        const save = this.pos
        const next = this.token()
        if (next === undefined || next === ']') return items
        if (next === '>>') return items
        this.pos = save
        const item = this.value(depth + 1)
        if (item === undefined) return items
        items.push(item)
      }
    }
    if (typeof token === 'number' && Number.isInteger(token) && token >= 0) {
      const save = this.pos
      const gen = this.token()
      if (typeof gen === 'number' && Number.isInteger(gen) && gen >= 0) {
        const r = this.token()
        if (r instanceof Keyword && r.word === 'R') return new PdfRef(token)
      }
      this.pos = save
      return token
    }
    if (token === '>>' || token === ']') return token as unknown as Value
    return token
  }

  /** After an object's dictionary: the stream's data range, when a stream follows. */
  streamStart(): number | null {
    this.skipSpace()
    if (latin1(this.data, this.pos, this.pos + 6) !== 'stream') return null
    let start = this.pos + 6
    if (this.data[start] === 13) start++
    if (this.data[start] === 10) start++
    return start
  }
}

const isHex = (code: number | undefined) =>
  code !== undefined &&
  ((code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66))

function latin1(data: Uint8Array, start: number, end: number) {
  return Buffer.from(
    data.buffer,
    data.byteOffset + start,
    Math.max(0, Math.min(end, data.length) - start)
  ).toString('latin1')
}

/** The features a value holds, found through its dictionaries and names. */
function collect(
  value: Value,
  visit: (feature: ActiveFeature, inAnnotation: boolean) => void,
  refs: (num: number) => void,
  inAnnotation = false
) {
  const stack: [Value, boolean][] = [[value, inAnnotation]]
  while (stack.length > 0) {
    const [current, annotation] = stack.pop()!
    if (current instanceof PdfName) {
      const feature = FEATURE_NAMES[current.name]
      if (feature) visit(feature, annotation)
    } else if (current instanceof PdfRef) {
      refs(current.num)
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push([item, annotation])
    } else if (current instanceof PdfDict) {
      const isAnnotation = annotation || isAnnotationDict(current)
      // A file specification that carries its file (`/EF`) is an attachment.
      if (current.entries.has('EF')) visit('embedded-file', isAnnotation)
      for (const [key, item] of current.entries) {
        const feature = FEATURE_NAMES[key]
        if (feature) visit(feature, isAnnotation)
        stack.push([item, isAnnotation])
      }
    }
  }
}

function isAnnotationDict(dict: PdfDict) {
  return (
    dict.nameOf('Type') === 'Annot' || (dict.entries.has('Subtype') && dict.entries.has('Rect'))
  )
}

function summarise(num: number, value: Value): ObjectSummary {
  const summary: ObjectSummary = { num, kind: 'other', refs: [], features: [] }
  if (!(value instanceof PdfDict)) {
    collect(
      value,
      (feature, inAnnotation) => summary.features.push({ feature, key: null, inAnnotation }),
      (ref) => summary.refs.push({ key: null, num: ref })
    )
    return summary
  }
  const type = value.nameOf('Type')
  summary.kind =
    type === 'Catalog'
      ? 'catalog'
      : type === 'Page'
        ? 'page'
        : isAnnotationDict(value)
          ? 'annotation'
          : 'other'
  if (summary.kind === 'catalog') {
    // The catalog's keys say where what hangs below them is: kept per key.
    for (const [key, item] of value.entries) {
      const feature = FEATURE_NAMES[key]
      if (feature) summary.features.push({ feature, key, inAnnotation: false })
      collect(
        item,
        (found, inAnnotation) => summary.features.push({ feature: found, key, inAnnotation }),
        (ref) => summary.refs.push({ key, num: ref })
      )
    }
    return summary
  }
  collect(
    value,
    (feature, inAnnotation) => summary.features.push({ feature, key: null, inAnnotation }),
    (ref) => summary.refs.push({ key: null, num: ref }),
    false
  )
  return summary
}

/** Decodes a stream's data through its filters; an unknown filter cannot be checked. */
function decodeStream(data: Uint8Array, dict: PdfDict, budget: Budget): Uint8Array {
  const filterValue = dict.get('Filter')
  const filters = (Array.isArray(filterValue) ? filterValue : filterValue ? [filterValue] : []).map(
    (entry) => (entry instanceof PdfName ? entry.name : null)
  )
  const paramsValue = dict.get('DecodeParms')
  const params = Array.isArray(paramsValue) ? paramsValue : [paramsValue]
  let current = data
  for (const [index, filter] of filters.entries()) {
    const remaining = budget.limits.maxDecodedBytes - budget.decoded
    if (remaining <= 0) throw tooComplex()
    const param = params[index] instanceof PdfDict ? (params[index] as PdfDict) : null
    switch (filter) {
      case 'FlateDecode':
      case 'Fl':
        current = inflate(current, remaining)
        current = predict(current, param)
        break
      case 'LZWDecode':
      case 'LZW':
        current = lzw(current, remaining, param?.get('EarlyChange') !== 0)
        current = predict(current, param)
        break
      case 'ASCIIHexDecode':
      case 'AHx':
        current = asciiHex(current)
        break
      case 'ASCII85Decode':
      case 'A85':
        current = ascii85(current)
        break
      case 'RunLengthDecode':
      case 'RL':
        current = runLength(current, remaining)
        break
      default:
        throw unreadable(`an object stream uses the filter ${filter ?? 'given by reference'}`)
    }
    budget.decoded += current.length
    budget.clock()
  }
  return current
}

function inflate(data: Uint8Array, limit: number) {
  try {
    return inflateSync(data, { maxOutputLength: limit })
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooComplex()
    throw unreadable('a compressed object stream is damaged')
  }
}

/** PNG and TIFF predictors (object and cross-reference streams use them). */
function predict(data: Uint8Array, params: PdfDict | null) {
  const predictor = Number(params?.get('Predictor') ?? 1)
  if (predictor <= 1) return data
  const colors = Number(params?.get('Colors') ?? 1)
  const bits = Number(params?.get('BitsPerComponent') ?? 8)
  const columns = Number(params?.get('Columns') ?? 1)
  const bytesPerPixel = Math.max(1, Math.ceil((colors * bits) / 8))
  const rowLength = Math.ceil((colors * bits * columns) / 8)
  if (!(rowLength > 0) || rowLength > 1 << 20) throw unreadable('bad predictor parameters')
  if (predictor === 2) {
    if (bits !== 8) throw unreadable('an unsupported predictor')
    const out = Uint8Array.from(data)
    for (let row = 0; row < out.length; row += rowLength) {
      for (let i = row + bytesPerPixel; i < Math.min(row + rowLength, out.length); i++) {
        out[i] = (out[i] + out[i - bytesPerPixel]) & 0xff
      }
    }
    return out
  }
  const rows = Math.floor(data.length / (rowLength + 1))
  const out = new Uint8Array(rows * rowLength)
  for (let row = 0; row < rows; row++) {
    const type = data[row * (rowLength + 1)]
    const source = row * (rowLength + 1) + 1
    const target = row * rowLength
    for (let i = 0; i < rowLength; i++) {
      const raw = data[source + i]
      const left = i >= bytesPerPixel ? out[target + i - bytesPerPixel] : 0
      const up = row > 0 ? out[target - rowLength + i] : 0
      const upLeft = row > 0 && i >= bytesPerPixel ? out[target - rowLength + i - bytesPerPixel] : 0
      let value = raw
      if (type === 1) value = raw + left
      else if (type === 2) value = raw + up
      else if (type === 3) value = raw + ((left + up) >> 1)
      else if (type === 4) {
        const p = left + up - upLeft
        const pa = Math.abs(p - left)
        const pb = Math.abs(p - up)
        const pc = Math.abs(p - upLeft)
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft)
      }
      out[target + i] = value & 0xff
    }
  }
  return out
}

function lzw(data: Uint8Array, limit: number, earlyChange: boolean) {
  const out: number[] = []
  let dictionary: number[][] = []
  const reset = () => {
    dictionary = []
    for (let i = 0; i < 256; i++) dictionary.push([i])
    dictionary.push([], [])
  }
  reset()
  let codeLength = 9
  let previous: number[] | null = null
  let bitBuffer = 0
  let bitCount = 0
  for (const byte of data) {
    bitBuffer = ((bitBuffer << 8) | byte) >>> 0
    bitCount += 8
    while (bitCount >= codeLength) {
      const code = (bitBuffer >>> (bitCount - codeLength)) & ((1 << codeLength) - 1)
      bitCount -= codeLength
      bitBuffer &= (1 << bitCount) - 1
      if (code === 256) {
        reset()
        codeLength = 9
        previous = null
        continue
      }
      if (code === 257) return Uint8Array.from(out)
      let entry: number[]
      if (code < dictionary.length && dictionary[code].length > 0) entry = dictionary[code]
      else if (previous && code === dictionary.length) entry = [...previous, previous[0]]
      else throw unreadable('a compressed object stream is damaged')
      for (const value of entry) out.push(value)
      if (out.length > limit) throw tooComplex()
      if (previous && dictionary.length < 4096) dictionary.push([...previous, entry[0]])
      previous = entry
      const size = dictionary.length + (earlyChange ? 1 : 0)
      codeLength = size >= 2048 ? 12 : size >= 1024 ? 11 : size >= 512 ? 10 : 9
    }
  }
  return Uint8Array.from(out)
}

function asciiHex(data: Uint8Array) {
  const digits = latin1(data, 0, data.length)
    .split('>')[0]
    .replace(/[^0-9a-f]/gi, '')
  return Uint8Array.from(Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex'))
}

function ascii85(data: Uint8Array) {
  const text = latin1(data, 0, data.length).split('~>')[0].replace(/\s+/g, '')
  const out: number[] = []
  let group: number[] = []
  const flush = (count: number) => {
    while (group.length < 5) group.push(84)
    let value = 0
    for (const digit of group) value = value * 85 + digit
    for (let i = 0; i < count; i++) out.push((value >>> (24 - 8 * i)) & 0xff)
    group = []
  }
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0)
      continue
    }
    const digit = char.charCodeAt(0) - 33
    if (digit < 0 || digit > 84) throw unreadable('a compressed object stream is damaged')
    group.push(digit)
    if (group.length === 5) flush(4)
  }
  if (group.length > 0) flush(group.length - 1)
  return Uint8Array.from(out)
}

function runLength(data: Uint8Array, limit: number) {
  const out: number[] = []
  let i = 0
  while (i < data.length) {
    const length = data[i++]
    if (length === 128) break
    if (length < 128) {
      for (let j = 0; j <= length && i < data.length; j++) out.push(data[i++])
    } else {
      const byte = data[i++]
      for (let j = 0; j < 257 - length; j++) out.push(byte)
    }
    if (out.length > limit) throw tooComplex()
  }
  return Uint8Array.from(out)
}

interface StreamCandidate {
  num: number
  dict: PdfDict
  /** Where the data starts, and the ends it may have (declared length, "endstream"). */
  start: number
  lengthRef: number | null
  ends: number[]
}

/** Every position where an "obj" or "trailer" keyword begins a value. */
function keywordPositions(text: string, word: string) {
  const positions: number[] = []
  let at = text.indexOf(word)
  while (at >= 0) {
    const before = at === 0 ? 32 : text.charCodeAt(at - 1)
    const after = text.charCodeAt(at + word.length)
    if (!isRegular(before) && (Number.isNaN(after) || !isRegular(after))) {
      positions.push(at + word.length)
    }
    at = text.indexOf(word, at + word.length)
  }
  return positions
}

/** The object number written before an "obj" keyword (best effort, for naming places). */
function objectNumberBefore(text: string, objAt: number) {
  const head = text.slice(Math.max(0, objAt - 40), objAt - 3)
  const match = /(\d+)[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]*$/.exec(head)
  return match ? Number(match[1]) : -1
}

/**
 * Reads every object of the PDF (object streams decoded) and reports encryption and the
 * features that run code or open something outside the document, with their places.
 */
export function readPdfStructure(
  bytes: Uint8Array,
  limits: StructureLimits = DEFAULT_STRUCTURE_LIMITS
): StructureReport {
  const budget = new Budget(limits, bytes.length)
  const text = latin1(bytes, 0, bytes.length)
  const summaries: ObjectSummary[] = []
  const streams: StreamCandidate[] = []
  const lengths = new Map<number, number>()
  let encrypted = false

  const noteEncryption = (value: Value | undefined) => {
    if (!(value instanceof PdfDict)) return
    if (value.entries.has('Encrypt')) encrypted = true
    // The encryption dictionary itself (standard security handler: owner and user keys).
    if (value.nameOf('Filter') === 'Standard' && value.entries.has('O') && value.entries.has('U')) {
      encrypted = true
    }
  }

  for (const at of keywordPositions(text, 'obj')) {
    budget.object()
    const reader = new Reader(bytes, budget, at)
    const num = objectNumberBefore(text, at)
    const value = reader.value()
    if (value === undefined) continue
    noteEncryption(value)
    summaries.push(summarise(num, value))
    if (typeof value === 'number' && Number.isInteger(value)) lengths.set(num, value)
    if (!(value instanceof PdfDict)) continue
    const start = reader.streamStart()
    if (start === null) continue
    const declared = value.get('Length')
    const ends: number[] = []
    if (typeof declared === 'number' && declared >= 0 && start + declared <= bytes.length) {
      ends.push(start + declared)
    }
    const found = text.indexOf('endstream', start)
    ends.push(found < 0 ? bytes.length : found)
    streams.push({
      num,
      dict: value,
      start,
      lengthRef: declared instanceof PdfRef ? declared.num : null,
      ends,
    })
  }
  for (const at of keywordPositions(text, 'trailer')) {
    noteEncryption(new Reader(bytes, budget, at).value())
  }
  if (encrypted) return { encrypted, findings: [], objects: summaries.length }

  // Object streams: any stream that says how many objects it holds and where the first is (a
  // viewer does not insist on /Type /ObjStm).
  for (const stream of streams) {
    const count = stream.dict.get('N')
    const first = stream.dict.get('First')
    if (typeof count !== 'number' || typeof first !== 'number') continue
    if (stream.lengthRef !== null && lengths.has(stream.lengthRef)) {
      const end = stream.start + lengths.get(stream.lengthRef)!
      if (end <= bytes.length) stream.ends.unshift(end)
    }
    let decoded: Uint8Array | null = null
    let failure: unknown = null
    for (const end of new Set(stream.ends)) {
      try {
        decoded = decodeStream(bytes.subarray(stream.start, end), stream.dict, budget)
        break
      } catch (error) {
        if (error instanceof PdfStructureError && error.reason === 'too-complex') throw error
        failure = error
      }
    }
    if (!decoded) throw failure ?? unreadable('an object stream is damaged')
    readObjectStream(decoded, count, first, budget, summaries)
  }

  return { encrypted, findings: place(summaries), objects: summaries.length }
}

function readObjectStream(
  data: Uint8Array,
  count: number,
  first: number,
  budget: Budget,
  summaries: ObjectSummary[]
) {
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(first) || first < 0) {
    throw unreadable('an object stream is damaged')
  }
  const header = new Reader(data, budget, 0)
  const entries: { num: number; offset: number }[] = []
  for (let i = 0; i < count && header.pos < Math.min(first, data.length); i++) {
    budget.object()
    const num = header.value()
    const offset = header.value()
    if (typeof num !== 'number' || typeof offset !== 'number') break
    entries.push({ num, offset })
  }
  // Each object where the header says it is, and the whole body read in sequence (a viewer
  // may follow either): an object hidden between the declared ones is read too.
  for (const entry of entries) {
    if (first + entry.offset >= data.length) continue
    const value = new Reader(data, budget, first + entry.offset).value()
    if (value !== undefined) summaries.push(summarise(entry.num, value))
  }
  const declared = new Set(entries.map((entry) => first + entry.offset))
  const body = new Reader(data, budget, Math.min(first, data.length))
  for (;;) {
    body.skipSpace()
    const start = body.pos
    if (start >= data.length) break
    budget.object()
    const value = body.value()
    if (value === undefined || body.pos === start) break
    if (!declared.has(start)) summaries.push(summarise(-1, value))
  }
}

/**
 * Names each finding's place: the catalog's key it hangs under (opening action, names tree,
 * bookmarks, form, pages), reached through references; an annotation wherever it is.
 */
function place(summaries: ObjectSummary[]): Finding[] {
  const byNumber = new Map<number, ObjectSummary[]>()
  for (const summary of summaries) {
    if (summary.num < 0) continue
    const list = byNumber.get(summary.num) ?? []
    list.push(summary)
    byNumber.set(summary.num, list)
  }
  const places = new Map<number, FeaturePlace>()
  const queue: { num: number; place: FeaturePlace }[] = []
  const queued = new Set<number>()
  const catalogs = summaries.filter((summary) => summary.kind === 'catalog')
  // Actions and names first, pages last: an annotation's link back to its page does not make
  // the page's contents count as an action.
  const order = Object.keys(CATALOG_PLACES)
  for (const key of order) {
    for (const catalog of catalogs) {
      for (const ref of catalog.refs) {
        if (ref.key === key && !queued.has(ref.num)) {
          queued.add(ref.num)
          queue.push({ num: ref.num, place: CATALOG_PLACES[key] })
        }
      }
    }
  }
  for (let index = 0; index < queue.length; index++) {
    const { num, place: current } = queue[index]
    if (places.has(num)) continue
    const targets = byNumber.get(num) ?? []
    const kind = targets.find((target) => target.kind !== 'other')?.kind
    // A page reached from a bookmark's destination is still a page.
    const here: FeaturePlace =
      kind === 'annotation' ? 'annotation' : kind === 'page' ? 'page' : current
    places.set(num, here)
    for (const target of targets) {
      for (const ref of target.refs) {
        if (!queued.has(ref.num)) {
          queued.add(ref.num)
          queue.push({ num: ref.num, place: here })
        }
      }
    }
  }

  const findings: Finding[] = []
  const seen = new Set<string>()
  for (const summary of summaries) {
    for (const found of summary.features) {
      let where: FeaturePlace
      if (found.inAnnotation || summary.kind === 'annotation') where = 'annotation'
      else if (summary.kind === 'catalog') {
        where = (found.key && CATALOG_PLACES[found.key]) || 'other'
      } else where = places.get(summary.num) ?? (summary.kind === 'page' ? 'page' : 'other')
      const id = `${found.feature}:${where}`
      if (seen.has(id)) continue
      seen.add(id)
      findings.push({ feature: found.feature, place: where })
    }
  }
  // A feature also found where it hangs need not be reported again as found elsewhere.
  return findings.filter(
    (finding) =>
      finding.place !== 'other' ||
      !findings.some((other) => other.feature === finding.feature && other.place !== 'other')
  )
}
