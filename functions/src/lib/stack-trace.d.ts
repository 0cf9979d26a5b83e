/**
 * `stack` with every frame of the function's own files mapped to its TypeScript source. `directory`
 * reads the `.map` files from there instead of beside the frame's file (offline decoding).
 */
export declare function sourceMappedStack(stack: string, directory?: string): string;
