import { open, type FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { crc32, createInflateRaw } from 'node:zlib'

/**
 * Reads a ZIP archive a user uploaded without trusting it and without holding it in memory: the
 * end record from the file's tail, then the central directory, then each entry by its offset.
 * The archive is checked as a whole before anything is inflated (names, sizes, ratios, entries
 * sharing bytes), and an entry is inflated no further than the size it declares. No ZIP64, no
 * encryption, no split archives: such archives are refused with a message a user can act on.
 */

/** A problem with the archive a user can act on; the message is shown to administrators as is. */
export class ZipArchiveError extends Error {}

export interface ZipEntry {
  /** As stored (decoded as UTF-8 whatever the flag says). */
  name: string
  /** 0 stored, 8 deflate. */
  method: number
  compressedSize: number
  /** The declared uncompressed size. */
  size: number
  crc32: number
  localOffset: number
  encrypted: boolean
  /** The name ends with '/'. */
  directory: boolean
}

export interface ZipLimits {
  /** Files (directories not counted). */
  maxEntries: number
  /** The declared uncompressed size of one file. */
  maxEntryBytes: number
  /** The sum of the declared uncompressed sizes. */
  maxTotalBytes: number
  /** A file declaring more than this many times its compressed size, once over 1 MB, is a bomb. Default 100. */
  maxRatio?: number
}

export interface ZipDirectoryOptions {
  /** The largest central directory read (default 16 MB). */
  maxDirectoryBytes?: number
  /**
   * Lists what can be read instead of refusing: ZIP64 markers are kept as read (0xFFFFFFFF), and
   * the listing stops at the first damaged entry. For a caller that only looks at some entries
   * and leaves the archive itself to another reader (the workbook check).
   */
  lenient?: boolean
}

const END_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const END_LENGTH = 22
const CENTRAL_LENGTH = 46
const LOCAL_LENGTH = 30
const MAX_COMMENT = 0xffff
const MAX_16 = 0xffff
const MAX_32 = 0xffff_ffff
const MEGABYTE = 1024 * 1024
const DEFAULT_MAX_DIRECTORY_BYTES = 16 * MEGABYTE
const DEFAULT_MAX_RATIO = 100
const READ_CHUNK = MEGABYTE

const NOT_A_ZIP = 'The file is not a ZIP archive.'
const ZIP64 =
  'The archive is in the ZIP64 format (for archives over 4 GB or 65,535 files), which is not read here; upload a smaller archive.'
const DAMAGED_DIRECTORY =
  'The archive is damaged (its list of files cannot be read); create it again and upload it.'
const SPLIT = 'The archive is split into several parts; upload it as one ZIP file.'

/** A name as it can be shown in a message: control characters replaced, long names cut. */
function shown(name: string) {
  const printable = name.replace(/\p{Cc}/gu, '?')
  return printable.length > 120 ? `${printable.slice(0, 117)}…` : printable
}

/** A size for an administrator: bytes, KB or MB. */
function bytesLabel(bytes: number) {
  if (bytes >= MEGABYTE) return `${Math.round(bytes / MEGABYTE).toLocaleString('en-GB')} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return bytes === 1 ? '1 byte' : `${bytes} bytes`
}

const damagedEntry = (name: string, why: string) =>
  new ZipArchiveError(
    `The archive is damaged (“${shown(name)}” ${why}); create it again and upload it.`
  )

async function readExactly(handle: FileHandle, length: number, position: number) {
  const buffer = Buffer.alloc(length)
  let filled = 0
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return filled === length ? buffer : buffer.subarray(0, filled)
}

/** Where the end-of-central-directory record starts in `tail`, or -1. */
function findEndRecord(tail: Buffer) {
  let fallback = -1
  for (let at = tail.length - END_LENGTH; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== END_SIGNATURE) continue
    // The record whose comment runs exactly to the end of the file is the real one; a signature
    // inside a comment is not. An archive with bytes after its comment falls back to the last.
    if (at + END_LENGTH + tail.readUInt16LE(at + 20) === tail.length) return at
    if (fallback === -1) fallback = at
  }
  return fallback
}

interface Directory {
  entries: ZipEntry[]
  /** Where the central directory starts: every entry's data ends before it. */
  offset: number
  fileSize: number
}

async function readDirectory(
  handle: FileHandle,
  options: ZipDirectoryOptions = {}
): Promise<Directory> {
  const lenient = options.lenient === true
  const maxDirectoryBytes = options.maxDirectoryBytes ?? DEFAULT_MAX_DIRECTORY_BYTES
  const { size: fileSize } = await handle.stat()
  const tailLength = Math.min(fileSize, END_LENGTH + MAX_COMMENT)
  const tail = await readExactly(handle, tailLength, fileSize - tailLength)
  const end = tail.length < END_LENGTH ? -1 : findEndRecord(tail)
  if (end === -1) throw new ZipArchiveError(NOT_A_ZIP)
  const endOffset = fileSize - tailLength + end
  const disk = tail.readUInt16LE(end + 4)
  const directoryDisk = tail.readUInt16LE(end + 6)
  const entriesOnDisk = tail.readUInt16LE(end + 8)
  const count = tail.readUInt16LE(end + 10)
  const directorySize = tail.readUInt32LE(end + 12)
  const directoryOffset = tail.readUInt32LE(end + 16)
  if (!lenient) {
    if (
      [disk, directoryDisk, entriesOnDisk, count].includes(MAX_16) ||
      directorySize === MAX_32 ||
      directoryOffset === MAX_32
    ) {
      throw new ZipArchiveError(ZIP64)
    }
    if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== count) {
      throw new ZipArchiveError(SPLIT)
    }
  }
  if (directorySize > maxDirectoryBytes) {
    throw new ZipArchiveError(
      `The archive’s list of files is larger than ${bytesLabel(maxDirectoryBytes)}; split it into smaller archives.`
    )
  }
  const directoryEnd = directoryOffset + directorySize
  if (lenient ? directoryEnd > fileSize : directoryEnd > endOffset) {
    throw new ZipArchiveError(DAMAGED_DIRECTORY)
  }
  if (!lenient && count * CENTRAL_LENGTH > directorySize) {
    throw new ZipArchiveError(DAMAGED_DIRECTORY)
  }
  const directory = await readExactly(handle, directorySize, directoryOffset)
  const entries: ZipEntry[] = []
  let position = 0
  for (let index = 0; index < count; index++) {
    const fits = position + CENTRAL_LENGTH <= directory.length
    if (!fits || directory.readUInt32LE(position) !== CENTRAL_SIGNATURE) {
      if (lenient) break
      throw new ZipArchiveError(DAMAGED_DIRECTORY)
    }
    const flags = directory.readUInt16LE(position + 8)
    const method = directory.readUInt16LE(position + 10)
    const crc = directory.readUInt32LE(position + 16)
    const compressedSize = directory.readUInt32LE(position + 20)
    const size = directory.readUInt32LE(position + 24)
    const nameLength = directory.readUInt16LE(position + 28)
    const extraLength = directory.readUInt16LE(position + 30)
    const commentLength = directory.readUInt16LE(position + 32)
    const localOffset = directory.readUInt32LE(position + 42)
    const nameEnd = position + CENTRAL_LENGTH + nameLength
    const next = nameEnd + extraLength + commentLength
    if (!lenient) {
      if (next > directory.length) throw new ZipArchiveError(DAMAGED_DIRECTORY)
      if ([compressedSize, size, localOffset].includes(MAX_32)) throw new ZipArchiveError(ZIP64)
    }
    const name = directory.toString('utf8', position + CENTRAL_LENGTH, nameEnd)
    entries.push({
      name,
      method,
      compressedSize,
      size,
      crc32: crc,
      localOffset,
      encrypted: (flags & 1) === 1,
      directory: name.endsWith('/'),
    })
    position = next
  }
  if (!lenient && position !== directory.length) throw new ZipArchiveError(DAMAGED_DIRECTORY)
  return { entries, offset: directoryOffset, fileSize }
}

/**
 * Structure only: the entries of the central directory. Throws ZipArchiveError when the file is
 * not a ZIP (no end record), is ZIP64 (any 0xFFFFFFFF size/offset or 0xFFFF count), or its
 * directory is damaged (bad signatures, directory out of the file's bounds, more than
 * `maxDirectoryBytes` (default 16 MB)). With `lenient`, see ZipDirectoryOptions.
 */
export async function listZipEntries(
  path: string,
  options?: ZipDirectoryOptions
): Promise<ZipEntry[]> {
  const handle = await open(path, 'r')
  try {
    const { entries } = await readDirectory(handle, options)
    return entries
  } finally {
    await handle.close()
  }
}

/**
 * Why an entry's name is unsafe to use as a path, or null: empty, absolute ('/x', '\\x'), a
 * drive letter ('C:'), a '..' segment (after treating '\\' as '/'), a control character or NUL,
 * longer than 255 bytes. The reason reads after the name: “x”, <reason>.
 */
export function unsafeEntryName(name: string): string | null {
  if (name.length === 0) return 'an empty name'
  if (Buffer.byteLength(name, 'utf8') > 255) return 'a name longer than 255 bytes'
  if (/\p{Cc}/u.test(name)) return 'a name holding a control character'
  const path = name.replaceAll('\\', '/')
  if (path.startsWith('/')) return 'an absolute path'
  if (/^[a-z]:/i.test(path)) return 'a name starting with a drive letter'
  if (path.split('/').includes('..')) return 'a name pointing outside the archive'
  return null
}

/** Files an archiver adds that are no one's document (macOS resource forks, Finder settings). */
function clutter(name: string) {
  return name.startsWith('__MACOSX/') || name.split('/').at(-1) === '.DS_Store'
}

/**
 * The archive's files, checked as a whole before anything is inflated: reads the directory
 * (listZipEntries), then refuses (ZipArchiveError, a message naming the entry) unsafe names,
 * duplicate names, encrypted entries, methods other than 0 and 8, too many files, a file over
 * maxEntryBytes, a total over maxTotalBytes, a ratio bomb, and entries whose data overlap
 * another's or run into the central directory. Returns the file entries in the directory's
 * order (directories, `__MACOSX/…` and `.DS_Store` dropped).
 */
export async function checkedZipEntries(path: string, limits: ZipLimits): Promise<ZipEntry[]> {
  const handle = await open(path, 'r')
  try {
    const { entries, offset: directoryOffset, fileSize } = await readDirectory(handle)

    const names = new Set<string>()
    for (const entry of entries) {
      const unsafe = unsafeEntryName(entry.name)
      if (unsafe) {
        throw new ZipArchiveError(
          `The archive holds “${shown(entry.name)}”, ${unsafe}; nothing was imported.`
        )
      }
      // Two names a file system would take for one: 'a\b.pdf' and 'a/b.pdf', or two spellings
      // of an accented letter.
      const key = entry.name.replaceAll('\\', '/').normalize('NFC')
      if (names.has(key)) {
        throw new ZipArchiveError(
          `The archive holds “${shown(entry.name)}” twice; nothing was imported.`
        )
      }
      names.add(key)
    }

    const files = entries.filter((entry) => !entry.directory && !clutter(entry.name))
    for (const file of files) {
      if (file.encrypted) {
        throw new ZipArchiveError(
          `The archive is encrypted (“${shown(file.name)}”); upload it without a password.`
        )
      }
      if (file.method !== 0 && file.method !== 8) {
        throw new ZipArchiveError(
          `“${shown(file.name)}” is compressed in a way not read here (method ${file.method}); create the archive again with ordinary ZIP compression.`
        )
      }
    }
    if (files.length > limits.maxEntries) {
      throw new ZipArchiveError(
        `The archive holds ${files.length.toLocaleString('en-GB')} files, more than the ${limits.maxEntries.toLocaleString('en-GB')} allowed; split it into smaller archives.`
      )
    }
    const maxRatio = limits.maxRatio ?? DEFAULT_MAX_RATIO
    let total = 0
    for (const file of files) {
      if (file.size > MEGABYTE && file.size > file.compressedSize * maxRatio) {
        throw new ZipArchiveError(
          `“${shown(file.name)}” unpacks to ${bytesLabel(file.size)} from ${bytesLabel(file.compressedSize)}: the archive looks built to exhaust the server (a ZIP bomb); nothing was imported.`
        )
      }
      if (file.size > limits.maxEntryBytes) {
        throw new ZipArchiveError(
          `“${shown(file.name)}” unpacks to ${bytesLabel(file.size)}, more than the ${bytesLabel(limits.maxEntryBytes)} a file may be; nothing was imported.`
        )
      }
      total += file.size
    }
    if (total > limits.maxTotalBytes) {
      throw new ZipArchiveError(
        `The archive unpacks to ${bytesLabel(total)}, more than the ${bytesLabel(limits.maxTotalBytes)} allowed; nothing was imported.`
      )
    }

    // Every entry (directories and clutter too) owns its bytes: its local header, name, extra
    // field and data end before the next entry starts, and before the directory. Entries that
    // share bytes are how an archive of kilobytes unpacks to terabytes.
    const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset)
    for (const [index, entry] of byOffset.entries()) {
      const dataStart = await localDataStart(handle, entry, directoryOffset)
      const dataEnd = dataStart + entry.compressedSize
      const next = byOffset[index + 1]
      if (next && dataEnd > next.localOffset) {
        throw new ZipArchiveError(
          `“${shown(next.name)}” shares its bytes with “${shown(entry.name)}”: the archive looks built to exhaust the server (a ZIP bomb); nothing was imported.`
        )
      }
      if (dataEnd > directoryOffset || dataEnd > fileSize) {
        throw damagedEntry(entry.name, 'runs into the archive’s list of files')
      }
    }
    return files
  } finally {
    await handle.close()
  }
}

/** Where an entry's data starts, from its local header (whose signature is checked). */
async function localDataStart(handle: FileHandle, entry: ZipEntry, limit: number) {
  const header =
    entry.localOffset + LOCAL_LENGTH <= limit
      ? await readExactly(handle, LOCAL_LENGTH, entry.localOffset)
      : null
  if (!header || header.length < LOCAL_LENGTH || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw damagedEntry(entry.name, 'is not where the archive’s list of files places it')
  }
  return entry.localOffset + LOCAL_LENGTH + header.readUInt16LE(26) + header.readUInt16LE(28)
}

/** The compressed bytes from `start`, a chunk at a time. */
async function* compressedChunks(handle: FileHandle, start: number, length: number) {
  for (let done = 0; done < length;) {
    const chunk = await readExactly(handle, Math.min(READ_CHUNK, length - done), start + done)
    if (chunk.length === 0) return
    done += chunk.length
    yield chunk
  }
}

/** Inflates an entry's data, stopping as soon as it passes the declared size. */
async function inflated(handle: FileHandle, start: number, entry: ZipEntry) {
  const parts: Buffer[] = []
  let total = 0
  try {
    await pipeline(
      Readable.from(compressedChunks(handle, start, entry.compressedSize)),
      createInflateRaw(),
      async function* (output: AsyncIterable<Buffer>) {
        for await (const part of output) {
          total += part.length
          if (total > entry.size) {
            throw new ZipArchiveError(
              `“${shown(entry.name)}” unpacks to more than the ${bytesLabel(entry.size)} the archive declares: the archive is damaged or built to exhaust the server; nothing was imported.`
            )
          }
          parts.push(part)
        }
      }
    )
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw damagedEntry(entry.name, 'cannot be unpacked')
    }
    throw error
  }
  return Buffer.concat(parts, total)
}

/**
 * One file's bytes: reads the local header, inflates at most `entry.size` bytes (a streaming
 * inflate that stops once past it), and refuses (ZipArchiveError) when the data unpacks to a
 * size other than declared, when the CRC-32 differs, or when the local header's signature is
 * wrong. The entry should come from checkedZipEntries.
 */
export async function readZipEntry(path: string, entry: ZipEntry): Promise<Buffer> {
  if (entry.encrypted) {
    throw new ZipArchiveError(
      `The archive is encrypted (“${shown(entry.name)}”); upload it without a password.`
    )
  }
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ZipArchiveError(
      `“${shown(entry.name)}” is compressed in a way not read here (method ${entry.method}); create the archive again with ordinary ZIP compression.`
    )
  }
  const handle = await open(path, 'r')
  try {
    const { size: fileSize } = await handle.stat()
    const start = await localDataStart(handle, entry, fileSize)
    if (start + entry.compressedSize > fileSize) {
      throw damagedEntry(entry.name, 'runs past the end of the file')
    }
    let data: Buffer
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) {
        throw damagedEntry(entry.name, 'is stored with a size other than it declares')
      }
      data = await readExactly(handle, entry.size, start)
    } else {
      data = await inflated(handle, start, entry)
    }
    if (data.length !== entry.size) {
      throw damagedEntry(entry.name, 'unpacks to less than the size it declares')
    }
    if (crc32(data) !== entry.crc32 >>> 0) {
      throw damagedEntry(entry.name, 'does not match its checksum')
    }
    return data
  } finally {
    await handle.close()
  }
}
