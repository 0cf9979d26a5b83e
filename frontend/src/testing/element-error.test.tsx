import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** The text without its terminal colours. */
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (text: string) => text.replace(colours, '');

/** The setup file's lazy error of a query (setup-tests.ts): the text Testing Library's own writes. */
describe('the component tests’ query errors', () => {
  it('say what was asked and print the document, when read', () => {
    render(<p>Bonjour</p>);
    let caught: unknown;
    try {
      screen.getByText('Au revoir');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).name).toBe('TestingLibraryElementError');
    // The files share one document per worker (isolate: false): an earlier file may have left a
    // node of its own in <body> (antd's hidden textarea that measures autosized fields).
    expect(plain((caught as Error).message)).toMatch(
      /^Unable to find an element with the text: Au revoir\. .*\n\nIgnored nodes: comments, script, style\n<body>\n(?:.*\n)*? {2}<div>\n {4}<p>\n {6}Bonjour\n/,
    );
    expect((caught as Error).stack).toMatch(
      /^TestingLibraryElementError: Unable to find an element with the text/,
    );
  });

  it('keep the message a waiting query ends with', async () => {
    render(<p>Bonjour</p>);
    const error = await waitFor(() => screen.getByText('Au revoir'), { timeout: 100 }).catch(
      (e: unknown) => e,
    );
    expect(plain((error as Error).message)).toMatch(
      /^Unable to find an element with the text: Au revoir\.[\s\S]*<p>\s+Bonjour\s+<\/p>/,
    );
  });
});
