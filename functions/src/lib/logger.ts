import { config } from './config.js';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * Structured JSON logger: one line per entry on stdout/stderr, which CloudWatch Logs indexes.
 * Errors are serialised with name, message and stack; they never reach an HTTP response.
 */
function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  let threshold: number;
  try {
    threshold = order[config().LOG_LEVEL];
  } catch {
    threshold = order.info;
  }
  if (order[level] < threshold) return;
  const entry: Record<string, unknown> = { level, time: new Date().toISOString(), message };
  for (const [key, value] of Object.entries(fields)) {
    entry[key] = value instanceof Error ? serialiseError(value) : value;
  }
  const line = JSON.stringify(entry);
  if (order[level] >= order.warn) process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

function serialiseError(error: Error): Record<string, unknown> {
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(error.cause instanceof Error ? { cause: serialiseError(error.cause) } : {}),
  };
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
