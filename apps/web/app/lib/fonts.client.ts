import fontsCss from '../fonts.css?url';

/**
 * Pretendard after the first paint. A Korean page needs some twenty of its unicode-range slices
 * (about 500 KB); requested with the page they share the first second of a phone's bandwidth with
 * the HTML, the stylesheet and the scripts, and the first paint waited for them (Lighthouse mobile:
 * first paint 4.4 s with them, 1.8–2.7 s without). The page paints at once in the system's Korean
 * font (Apple SD Gothic Neo, Malgun Gothic, Noto Sans KR: the fallback stack in app.css), and
 * swaps to Pretendard when its slices arrive (font-display: swap); from the second page on they come
 * from the cache. Runs once, in the browser only.
 */
if (!document.querySelector('link[data-fonts]')) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = fontsCss;
  link.dataset.fonts = '';
  document.head.append(link);
}
