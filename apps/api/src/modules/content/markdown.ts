import { createRequire } from 'node:module';
import { Marked } from 'marked';
import type SanitizeHtml from 'sanitize-html';

/** sanitize-html (with the CSS parser it brings) on first use: ~15 MB that a process serving no article never needs. */
let sanitizer: typeof SanitizeHtml | undefined;
const sanitizeHtml = () => {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return sanitizer;
};

/**
 * Editors write Markdown; members read sanitised HTML (issue 11 §2). marked renders, then
 * sanitize-html keeps only an allow-list: text structure, links (http, https, mailto; opened
 * with rel="noopener nofollow ugc"), and images from our own origin. No script, style, iframe,
 * event handler or javascript: URL survives, whatever the editor's account is used for.
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });

export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  const sanitize = sanitizeHtml();
  return sanitize(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'em',
      'del',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'h2',
      'h3',
      'h4',
      'hr',
      'code',
      'pre',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'img',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    // Images only from our own uploads and media (relative URLs): no tracking pixels.
    exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/(uploads|media)\//.test(frame.attribs.src ?? ''),
    transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener nofollow ugc', target: '_blank' }), h1: 'h2' },
  });
}

/** A plain-text summary of Markdown for lists and previews. */
export function plainSummary(source: string, max = 140): string {
  const text = sanitizeHtml()(marked.parse(source) as string, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
