/** The part of madge's API (v8, no types shipped) that `import-graph.test.ts` uses. */
declare module 'madge' {
  interface MadgeResult {
    /** Each module (path relative to the common base directory) and the modules it imports. */
    obj(): Record<string, string[]>;
    /** Each import cycle, as the modules it goes through. */
    circular(): string[][];
  }
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
    tsConfig?: string;
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
