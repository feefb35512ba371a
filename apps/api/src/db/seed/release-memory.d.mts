/** One full garbage collection after bulk work (release-memory.mjs; decision 0013). */
export declare function releaseMemory(): void;
