import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('config', () => {
  it('lists every missing or malformed variable', () => {
    let error: unknown;
    try {
      parseConfig({ DYNAMODB_ENDPOINT: 'not a url', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/TABLE_NAME/);
    expect(problems).toMatch(/DYNAMODB_ENDPOINT/);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  it('applies defaults', () => {
    expect(parseConfig({ TABLE_NAME: 't' })).toMatchObject({ AWS_REGION: 'eu-west-3', LOG_LEVEL: 'info' });
  });

  it('lowers the password hashing cost on the local stack only', () => {
    expect(() => parseConfig({ TABLE_NAME: 't', PASSWORD_HASH_LOG_N: '10' })).toThrow(/PASSWORD_HASH_LOG_N/);
    expect(
      parseConfig({ TABLE_NAME: 't', PASSWORD_HASH_LOG_N: '10', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' }),
    ).toMatchObject({ PASSWORD_HASH_LOG_N: 10 });
    expect(() =>
      parseConfig({ TABLE_NAME: 't', PASSWORD_HASH_LOG_N: '8', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' }),
    ).toThrow(/PASSWORD_HASH_LOG_N/);
  });
});
