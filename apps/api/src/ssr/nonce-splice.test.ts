import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentFromPacked, type NoncedDocument, noncedDocument, withoutLinkNonces } from './nonce-splice.ts';

const nonce = () => randomBytes(16).toString('base64');

/** A page shaped like ours: markup, then scripts with the nonce, data that repeats the markup. */
function page(rendered: string): string {
  const rows = Array.from({ length: 300 }, (_, i) => `<li><a href="/stock/${i}">비상장${i}</a> <b>${i * 1234}원</b></li>`).join('');
  const data = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `비상장${i}`, price: i * 1234 })));
  return (
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${rendered}"/></head><body><ul>${rows}</ul>` +
    `<script nonce="${rendered}">window.a=1</script><script nonce="${rendered}">window.data=${data}</script>` +
    `<script type="module" nonce="${rendered}">import "/assets/a.js"</script><script nonce="${rendered}">done()</script></body></html>`
  );
}

/** What an answer with `fresh` carries, as text (gunzipped: the CRC and length are checked too); given back after. */
function sent(doc: NoncedDocument, fresh: string, encoding: 'gzip' | 'identity'): string {
  const { body, release } = doc.lease(fresh, encoding);
  const text = (encoding === 'gzip' ? gunzipSync(body) : body).toString();
  release();
  return text;
}

describe('a document sent with a fresh nonce each time', () => {
  it('puts the nonce wherever the render wrote its own, plain and gzip', () => {
    const rendered = nonce();
    const html = page(rendered);
    const doc = noncedDocument(Buffer.from(html), rendered);
    for (let i = 0; i < 6; i++) {
      const fresh = nonce();
      const expected = html.replaceAll(rendered, fresh);
      expect(expected).not.toContain(rendered);
      expect(sent(doc, fresh, 'identity')).toBe(expected);
      expect(sent(doc, fresh, 'gzip')).toBe(expected);
    }
    expect(doc.rendered.toString()).toBe(html);
  });

  it('lends each overlapping answer its own bytes, and reuses them only once given back', () => {
    const rendered = nonce();
    const html = page(rendered);
    const doc = noncedDocument(Buffer.from(html), rendered);
    for (const encoding of ['identity', 'gzip'] as const) {
      const [a, b] = [nonce(), nonce()];
      const first = doc.lease(a, encoding);
      const second = doc.lease(b, encoding);
      expect(second.body).not.toBe(first.body);
      const read = (body: Buffer) => (encoding === 'gzip' ? gunzipSync(body) : body).toString();
      expect(read(first.body)).toBe(html.replaceAll(rendered, a));
      expect(read(second.body)).toBe(html.replaceAll(rendered, b));
      first.release();
      const third = doc.lease(nonce(), encoding);
      expect(third.body).toBe(first.body);
      // Never given back to two answers at once, however often released.
      first.release();
      expect(doc.lease(nonce(), encoding).body).not.toBe(third.body);
    }
  });

  it('compresses about as well as the whole page at once', () => {
    const rendered = nonce();
    const body = Buffer.from(page(rendered));
    const spliced = noncedDocument(body, rendered).lease(nonce(), 'gzip').body.length;
    const whole = gzipSync(body, { level: 6 }).length;
    expect(spliced).toBeLessThan(whole * 1.05);
  });

  it('keeps a page without the nonce (or with it first or last) intact', () => {
    for (const html of ['<p>no scripts</p>', 'NONCE<p>x</p>NONCENONCE', '']) {
      const doc = noncedDocument(Buffer.from(html), 'NONCE');
      expect(sent(doc, 'FRESH', 'identity')).toBe(html.replaceAll('NONCE', 'FRESH'));
      expect(sent(doc, 'FRESH', 'gzip')).toBe(html.replaceAll('NONCE', 'FRESH'));
    }
  });

  it('refuses a nonce of another length (back-references count bytes)', () => {
    const doc = noncedDocument(Buffer.from('<script nonce="abcd"></script>'), 'abcd');
    expect(() => doc.lease('abc', 'identity')).toThrow();
    expect(() => doc.lease('abcde', 'gzip')).toThrow();
  });

  it('never lets one nonce stand in for another, however alike the text around them', () => {
    // The same script tag 200 times: the compressor sees the bytes around each nonce again and again.
    const rendered = nonce();
    const tag = `<script nonce="${rendered}">window.__ctx.enqueue("x")</script>`;
    const html = `<body>${tag.repeat(200)}</body>`;
    const doc = noncedDocument(Buffer.from(html), rendered);
    for (let i = 0; i < 3; i++) {
      const fresh = nonce();
      expect(sent(doc, fresh, 'gzip')).toBe(html.replaceAll(rendered, fresh));
    }
  });
});

describe('a stored page', () => {
  it('sends its plain answers from the stream unzipped once, each with its own nonce, and keeps the render as it was', () => {
    const rendered = nonce();
    const html = page(rendered);
    const { gzip, gzipIndex } = noncedDocument(Buffer.from(html), rendered).packed();
    const doc = documentFromPacked({ nonce: rendered, gzip, gzipIndex });
    const [a, b, c] = [nonce(), nonce(), nonce()];
    // Overlapping answers: the first is the unzipped buffer itself, the second a copy made from it
    // while the first is out (its slots hold a's nonce then, and b's must replace them all).
    const first = doc.lease(a, 'identity');
    const second = doc.lease(b, 'identity');
    expect(second.body).not.toBe(first.body);
    expect(first.body.toString()).toBe(html.replaceAll(rendered, a));
    expect(second.body.toString()).toBe(html.replaceAll(rendered, b));
    // Asked for while an answer is out, the render is still the render, and a stored copy of it too.
    expect(doc.rendered.toString()).toBe(html);
    expect(gunzipSync(documentFromPacked(doc.packed()).lease(c, 'gzip').body).toString()).toBe(html.replaceAll(rendered, c));
    expect(first.body.toString()).toBe(html.replaceAll(rendered, a));
    first.release();
    second.release();
    // Given back, both are lent again, each once, with the next answers' nonces.
    const third = doc.lease(c, 'identity');
    const fourth = doc.lease(a, 'identity');
    expect(new Set([third.body, fourth.body])).toEqual(new Set([first.body, second.body]));
    expect(third.body.toString()).toBe(html.replaceAll(rendered, c));
    expect(fourth.body.toString()).toBe(html.replaceAll(rendered, a));
    expect(sent(doc, b, 'gzip')).toBe(html.replaceAll(rendered, b));
  });

  it('keeps the nonce on its scripts and drops it from its links', () => {
    const n = nonce();
    const html =
      `<link nonce="${n}" rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/a.js" nonce="${n}"/>` +
      `<p>&lt;link nonce="${n}"&gt; 비상</p><script nonce="${n}">1</script><script type="module" nonce="${n}" async="">2</script>`;
    expect(withoutLinkNonces(Buffer.from(html), n).toString()).toBe(
      '<link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/a.js"/>' +
        `<p>&lt;link nonce="${n}"&gt; 비상</p><script nonce="${n}">1</script><script type="module" nonce="${n}" async="">2</script>`,
    );
  });
});
