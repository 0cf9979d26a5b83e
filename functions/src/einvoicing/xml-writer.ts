/**
 * A small writer of UN/CEFACT XML (the Factur-X invoice, the CDAR lifecycle messages): indented
 * elements, text escaped, the characters XML 1.0 forbids dropped, and empty leaves left out.
 */

const present = (value: string | undefined | null): value is string => value != null && value.trim() !== '';

const XML_INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or attribute value: escaped, characters XML 1.0 forbids removed. */
export function xmlText(text: string): string {
  return text
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An ISO date (`YYYY-MM-DD`) as UN/CEFACT's format 102: "20260316". */
export function date102(iso: string): string {
  return iso.slice(0, 10).replace(/-/g, '');
}

/** Builds indented XML. `leaf` skips an element whose content is empty or undefined. */
export class Xml {
  private readonly out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private depth = 0;

  open(name: string, attributes = ''): this {
    this.out.push(`${'  '.repeat(this.depth)}<${name}${attributes}>`);
    this.depth++;
    return this;
  }

  close(name: string): this {
    this.depth--;
    this.out.push(`${'  '.repeat(this.depth)}</${name}>`);
    return this;
  }

  /** `<name attr="…">text</name>`, nothing when `text` is absent or blank. */
  leaf(name: string, text: string | undefined, attributes: Record<string, string> = {}): this {
    if (!present(text)) return this;
    const attrs = Object.entries(attributes)
      .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
      .join('');
    this.out.push(`${'  '.repeat(this.depth)}<${name}${attrs}>${xmlText(text.trim())}</${name}>`);
    return this;
  }

  /** `<name>` wrapping what `body` writes. */
  group(name: string, body: () => void, attributes = ''): this {
    this.open(name, attributes);
    body();
    return this.close(name);
  }

  date(wrapper: string, iso: string, type: 'udt' | 'qdt' = 'udt'): this {
    return this.formatted(wrapper, date102(iso), '102', type);
  }

  /** `<wrapper><udt:DateTimeString format="…">value</udt:DateTimeString></wrapper>` (a date or time as a code). */
  formatted(wrapper: string, value: string, format: string, type: 'udt' | 'qdt' = 'udt'): this {
    return this.group(wrapper, () => this.leaf(`${type}:DateTimeString`, value, { format }));
  }

  toString(): string {
    return `${this.out.join('\n')}\n`;
  }
}
