/**
 * Type check only (part of `npm run typecheck`, through apps/api's tsconfig): the API's SSR bridge
 * implements the interface the web's loaders are written against. The two apps never import each
 * other; this file, outside both, is where their shapes meet.
 */
import type { ApiSsrBridge } from '../../apps/api/src/plugins/ssr.ts';
import type { SsrBridge } from '../../apps/web/app/lib/ssr-reads.ts';

type Implements<Interface, Implementation extends Interface> = Implementation;

export type ApiImplementsWebBridge = Implements<SsrBridge, ApiSsrBridge>;
