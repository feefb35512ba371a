/**
 * What text a request may carry, decided once for every string of every request (issue 10 §5):
 * no U+0000 (PostgreSQL text cannot hold it) and no unpaired UTF-16 surrogate (it is not a
 * character: stored, it would turn into U+FFFD or fail). A well-formed emoji is a surrogate *pair*
 * and passes.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/**
 * The dotted path of the first string (or object key) in `value` that is not safe text, or null
 * when all are. Walks arrays and plain objects; depth-bounded, since a request body has a size limit
 * but not a nesting limit.
 */
export function unsafeTextPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return here;
    const found = unsafeTextPath(inner, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
