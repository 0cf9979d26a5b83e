/** Types of servers.mjs (plain JavaScript: `npm test` imports it without a TypeScript loader). */
export interface E2eServer {
  name: string;
  port: string;
  dataDir: string;
  url: string;
  env: Record<string, string>;
}
export declare const readyLine: RegExp;
export declare function e2eServers(): { app: E2eServer; demo: E2eServer };
