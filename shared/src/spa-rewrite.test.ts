import { describe, expect, it } from 'vitest';
import { spaRewrite } from './spa-rewrite.js';

describe('spaRewrite', () => {
  it('serves index.html for screens and files as they are', () => {
    expect(spaRewrite('/clients')).toBe('/index.html');
    expect(spaRewrite('/quotes/018f-abc')).toBe('/index.html');
    expect(spaRewrite('/assets/index-1a2b.js')).toBe('/assets/index-1a2b.js');
    expect(spaRewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('serves the pre-rendered sign-in page for /login', () => {
    expect(spaRewrite('/login')).toBe('/login.html');
    expect(spaRewrite('/login/')).toBe('/login.html');
    expect(spaRewrite('/login.html')).toBe('/login.html');
    expect(spaRewrite('/register')).toBe('/index.html');
  });

  it("serves the dashboard's neutral shell for /", () => {
    expect(spaRewrite('/')).toBe('/dashboard.html');
    expect(spaRewrite('/dashboard.html')).toBe('/dashboard.html');
    expect(spaRewrite('/index.html')).toBe('/index.html');
  });
});
