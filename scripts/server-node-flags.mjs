/**
 * Node flags for the server process, for `npm start` (scripts/start.mjs), the deployment and the
 * benchmark alike (decision 0013). V8 sizes the young generation from the machine's memory, up to
 * 64 MB per semi-space on a large one, and keeps it resident once grown; 16 MB holds a request's
 * garbage comfortably and keeps an idle server some 30–100 MB smaller.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/**
 * Environment for the server process, set by the same launchers unless the operator sets it first.
 * glibc gives every thread that allocates its own malloc arena, and an arena keeps what it once held:
 * with the embedded database in a thread of its own (decision 0033) an idle server kept 20–40 MB more
 * (measured 333–368 MB against 312–325 MB with two arenas).
 * glibc also gives back only the top of an arena: what start-up frees below a block still in use
 * (V8's compiler zones, the warmer's deflate state, 8–32 KB pieces) stays resident, 60–75 MB of
 * free memory in the main arena of an idle server. From 16 KB up, memory comes straight from the
 * system (mmap) and goes back on free: idle 257–268 MB against 308–316 MB (decision 0035).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '16384' };
