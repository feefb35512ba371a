/**
 * Node flags for the server process, for `npm start` (scripts/start.mjs), the deployment and the
 * benchmark alike (decision 0013). V8 sizes the young generation from the machine's memory, up to
 * 64 MB per semi-space on a large one, and keeps it resident once grown; 16 MB holds a request's
 * garbage comfortably and keeps an idle server some 30–100 MB smaller.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
