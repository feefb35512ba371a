import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';

/**
 * A rendered document kept once and sent many times, each time with the Content-Security-Policy
 * nonce of that response (decision 0015): the nonce is written over the render's own wherever the
 * render put it (React Router writes it on every script and link).
 *
 * Compressed, the document is deflated once, on first use, in pieces cut at the nonces, and kept
 * as a gzip stream: header, piece, the nonce as a stored (uncompressed) deflate block, piece, …,
 * trailer. An answer writes its nonce into the stored blocks and its CRC-32 into the trailer: no
 * compression per response. Each piece after the first is deflated with the document before it
 * as its dictionary, so that the ratio is that of the whole page, but with the nonces' bytes
 * replaced by 0xFF there: UTF-8 never contains that byte, so no back-reference can reach into a
 * nonce, which differs in every answer.
 *
 * An answer's bytes are lent from a few copies kept with the document and given back once sent:
 * only the nonces (and the CRC) change between answers, and a fresh 40 KB buffer per answer cost
 * more than everything else the cached page does (allocation, garbage collection, cold memory
 * handed to the socket).
 */
export interface NoncedDocument {
  /** The document as rendered. */
  readonly rendered: Buffer;
  /**
   * The document with `nonce` wherever its render wrote its own, gzip-compressed or not. Its
   * bytes are not to be touched after `release()`, which is called once they have been sent (or
   * never: the copy is then simply not reused).
   */
  lease(nonce: string, encoding: 'gzip' | 'identity'): { body: Buffer; release(): void };
  /** What a store keeps to lend the same bytes elsewhere without compressing again (documentFromPacked). */
  packed(): PackedDocument;
}

/** A document with its gzip stream and where the nonces go in it: what the shared page store keeps. */
export interface PackedDocument {
  rendered: Buffer;
  /** The nonce its render wrote (empty: none). */
  nonce: string;
  gzip: Buffer;
  /** Where the nonces go in `gzip`, and what the trailer's CRC-32 is made from (crcParts). */
  gzipIndex: GzipIndex;
}

export interface GzipIndex {
  slots: number[];
  base: number;
  markCrc: number;
  columns: number[];
}

const WINDOW = 32 * 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A masked nonce byte: never part of UTF-8 text, so never matched by the compressor. */
const NEVER_IN_TEXT = 0xff;
/** Copies kept per document and encoding for the next answers; more are made while answers overlap. */
const KEPT = 4;

interface Template {
  bytes: Buffer;
  /** Where each copy of the nonce goes. */
  slots: number[];
  /** The CRC-32 for the trailer (gzip only). */
  crc?: CrcParts;
  free: Buffer[];
}

interface CrcParts {
  base: number;
  markCrc: number;
  columns: number[];
}

/** `rendered`, cut at each occurrence of `nonce` (which its render wrote; an empty nonce cuts nothing). */
export function noncedDocument(rendered: Buffer, nonce: string): NoncedDocument {
  return documentOf(rendered, nonce);
}

/**
 * A document as `packed()` gave it (from the page store): lent at once, nothing compressed again.
 * Without `rendered`, the plain document is the gzip stream unzipped (the stream holds the render's
 * nonce), and only when something asks for it: a browser's answer is the stream as it is.
 */
export function documentFromPacked(packed: Omit<PackedDocument, 'rendered'> & { rendered?: Buffer }): NoncedDocument {
  const { slots, ...crc } = packed.gzipIndex;
  const gzip: Template = { bytes: packed.gzip, slots, crc, free: [] };
  const length = Buffer.byteLength(packed.nonce);
  let whole: NoncedDocument | undefined;
  const full = () => {
    // Unzipped here, the buffer is this document's own: the first plain answer is sent from it.
    whole ??= packed.rendered
      ? documentOf(packed.rendered, packed.nonce, gzip)
      : documentOf(unzipped(packed.gzip), packed.nonce, gzip, true);
    return whole;
  };
  return {
    get rendered() {
      return full().rendered;
    },
    lease(fresh, encoding) {
      if (encoding === 'identity') return full().lease(fresh, encoding);
      const bytes = Buffer.from(fresh);
      if (slots.length > 0 && bytes.length !== length) throw new Error(`nonce of ${bytes.length} bytes, expected ${length}`);
      return lend(gzip, bytes);
    },
    packed: () => ({ ...full().packed() }),
  };
}

/**
 * A gzip stream unzipped into one buffer of the size its trailer gives (ISIZE): zlib's default
 * 16 KB chunks and their concatenation cost a 47 KB page a third more (73 µs against 111).
 */
function unzipped(gzip: Buffer): Buffer {
  const size = gzip.length >= 18 ? gzip.readUInt32LE(gzip.length - 4) : 0;
  // A page is tens of KB; a damaged trailer must not size a huge buffer (zlib then just makes more chunks).
  return gunzipSync(gzip, { chunkSize: Math.min(Math.max(size, constants.Z_MIN_CHUNK), 4 * 1024 * 1024) });
}

/**
 * `owned`: nobody else holds `rendered` (a stored page just unzipped), so it is lent itself as the
 * first plain answer instead of being copied for it: a store hit's plain answer then costs one
 * buffer of the page's size, not two (each from 16 KB up is a mapping of its own, decision 0035,
 * and fresh pages faulted in: 40–50 µs for 47 KB on a slow machine, as much as the unzip). Its
 * nonce slots then hold whichever answer's nonce; the copies made from it have theirs written
 * over, and `rendered` gives the render's own back.
 */
function documentOf(rendered: Buffer, nonce: string, packedGzip?: Template, owned = false): NoncedDocument {
  const mark = Buffer.from(nonce);
  const starts: number[] = [];
  if (mark.length > 0) for (let at = rendered.indexOf(mark); at >= 0; at = rendered.indexOf(mark, at + mark.length)) starts.push(at);
  const lent = owned && starts.length > 0;
  const plain: Template = { bytes: rendered, slots: starts, free: lent ? [rendered] : [] };
  let gzip: Template | undefined = packedGzip;
  const asRendered = () => {
    if (!lent) return rendered;
    const copy = Buffer.from(rendered);
    for (const at of starts) mark.copy(copy, at);
    return copy;
  };

  return {
    get rendered() {
      return asRendered();
    },
    lease(fresh, encoding) {
      const bytes = Buffer.from(fresh);
      // Back-references after a cut count bytes: every nonce must be as long as the rendered one.
      if (starts.length > 0 && bytes.length !== mark.length) throw new Error(`nonce of ${bytes.length} bytes, expected ${mark.length}`);
      if (encoding === 'identity' && starts.length === 0) return { body: rendered, release: () => {} };
      if (encoding === 'gzip') gzip ??= gzipTemplate(asRendered(), mark, starts);
      return lend(encoding === 'gzip' && gzip ? gzip : plain, bytes);
    },
    packed() {
      gzip ??= gzipTemplate(asRendered(), mark, starts);
      const crc = gzip.crc as CrcParts;
      return { rendered: asRendered(), nonce, gzip: gzip.bytes, gzipIndex: { slots: gzip.slots, ...crc } };
    },
  };
}

/** The template's bytes with `fresh` in every slot (and the trailer's CRC), from its kept copies or a new one. */
function lend(template: Template, fresh: Buffer): { body: Buffer; release(): void } {
  const body = template.free.pop() ?? Buffer.from(template.bytes);
  for (const at of template.slots) fresh.copy(body, at);
  if (template.crc) body.writeUInt32LE(crcWith(template.crc, fresh), body.length - 8);
  let released = false;
  return {
    body,
    release() {
      if (released) return;
      released = true;
      if (template.free.length < KEPT) template.free.push(body);
    },
  };
}

/** The gzip stream of `rendered` with its nonces as stored blocks: where they are, and the CRC-32 for another. */
function gzipTemplate(rendered: Buffer, mark: Buffer, starts: number[]): Template {
  const masked = Buffer.from(rendered);
  for (const at of starts) masked.fill(NEVER_IN_TEXT, at, at + mark.length);
  // A stored block: BFINAL 0 and BTYPE 00 (then the byte boundary), LEN, one's complement of LEN.
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(mark.length, 1);
  stored.writeUInt16LE(~mark.length & 0xffff, 3);

  const parts: Buffer[] = [GZIP_HEADER];
  const slots: number[] = [];
  let length = GZIP_HEADER.length;
  let from = 0;
  for (let i = 0; i <= starts.length; i++) {
    const to = starts[i] ?? rendered.length;
    const last = i === starts.length;
    const dictionary = from > 0 ? masked.subarray(Math.max(0, from - WINDOW), from) : undefined;
    // A sync flush ends a piece on a byte boundary without ending the stream; the last piece ends it.
    const piece = deflateRawSync(rendered.subarray(from, to), {
      level: 6,
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(dictionary && { dictionary }),
    });
    parts.push(piece);
    length += piece.length;
    if (!last) {
      parts.push(stored, mark);
      slots.push(length + stored.length);
      length += stored.length + mark.length;
    }
    from = to + mark.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(rendered), 0);
  trailer.writeUInt32LE(rendered.length >>> 0, 4);
  parts.push(trailer);
  return { bytes: Buffer.concat(parts), slots, crc: crcParts(rendered, mark, starts), free: [] };
}

/**
 * The CRC-32 of `rendered` with `fresh` written at every start of `mark`, without reading the
 * document again (a pass over it would cost more than the rest of an answer).
 *
 * CRC-32 is linear over equal lengths: crc(a) ^ crc(b) is the plain CRC (register from 0, no final
 * inversion) of a ^ b. So the new CRC is the old one xor the plain CRC of the difference, which is
 * d = mark ^ fresh at each start and zeros elsewhere. The plain CRC of d alone is crc(mark) ^
 * crc(fresh); each copy of it then runs through the bytes after it, a linear map of the 32-bit
 * register. The sum of those maps is one 32×32 bit matrix, made once per page from its 32 columns.
 */
function crcParts(rendered: Buffer, mark: Buffer, starts: number[]): CrcParts {
  const base = crc32(rendered);
  const markCrc = crc32(mark);
  const ends = starts.map((at) => at + mark.length);
  const zeros = Buffer.alloc(rendered.length);
  /** The register after `bytes` more zero bytes (zlib's crc32 inverts before and after). */
  const advance = (register: number, bytes: number) =>
    bytes === 0 ? register : (crc32(zeros.subarray(0, bytes), (register ^ 0xffffffff) >>> 0) ^ 0xffffffff) >>> 0;
  const columns = Array.from({ length: 32 }, (_, bit) => {
    let register = 0;
    let at = ends[0] ?? 0;
    for (const end of ends) {
      register = (advance(register, end - at) ^ (1 << bit)) >>> 0;
      at = end;
    }
    return advance(register, rendered.length - at);
  });
  return { base, markCrc, columns };
}

/** The trailer's CRC-32 with `fresh` for the nonce (crcParts). */
function crcWith({ base, markCrc, columns }: CrcParts, fresh: Buffer): number {
  let difference = (markCrc ^ crc32(fresh)) >>> 0;
  let crc = base;
  for (let bit = 0; difference !== 0; bit++, difference >>>= 1) if (difference & 1) crc ^= columns[bit] as number;
  return crc >>> 0;
}

/**
 * `html` without `nonce` on its <link> elements. React Router writes the nonce on every link it
 * renders (stylesheet, icon, modulepreload) as well as on the scripts; a link needs none under our
 * policy ('self' covers what they load), and in a stored page each copy costs a cut in the
 * compressed stream (about 30 bytes each, 30 links on a page). Only tags React wrote can match:
 * text is escaped and sanitised HTML has no <link>.
 */
export function withoutLinkNonces(html: Buffer, nonce: string): Buffer {
  if (!nonce) return html;
  const attribute = new RegExp(`(<link\\b[^>]*?) nonce="${nonce.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`, 'g');
  // latin1 maps bytes to characters one to one: the document's UTF-8 comes back unchanged.
  return Buffer.from(html.toString('latin1').replace(attribute, '$1'), 'latin1');
}
