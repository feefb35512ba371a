import { z } from 'zod';

/**
 * zod, as the contract's schemas use it. In the browser the site's Content-Security-Policy allows
 * no eval (decision 0015), so zod parses without compiling its parsers with `new Function`: zod
 * asks whether eval works as soon as an object schema is made, and the browser reports the question
 * as a violation although zod catches it. Every schema module takes `z` from here, so this runs
 * before any schema is made (package.json keeps the module for its side effect). The server keeps
 * the compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
