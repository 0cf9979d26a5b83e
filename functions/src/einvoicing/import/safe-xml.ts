/**
 * Reads an untrusted XML file without giving it any power over the server:
 *
 * - a size limit first (bytes), then one linear pre-scan of the text that refuses any `<!DOCTYPE`
 *   or `<!ENTITY` (so no external entity is ever resolved, no file of the server's disk read, no
 *   entity expanded: XXE and "billion laughs" end here), counts the nesting depth of the elements
 *   and stops past {@link maxXmlDepth} (a 10 MB stack of `<a>` never reaches a parser), and finds
 *   the root element with its namespace;
 * - then fast-xml-parser (pure JavaScript, no native code, no network, no file access), with entity
 *   processing off and its own nesting limit as a second guard. The five predefined entities and
 *   numeric character references are decoded here, by a table (they cannot expand).
 *
 * Every failure is an {@link HttpError} 400 with a French sentence; the parser's own message is
 * never shown.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { HttpError } from '../../lib/http-errors.js';
import { importMessages, importRefused } from './import-errors.js';

/** Elements nested deeper than this are refused (an EN 16931 invoice needs about 10). */
export const maxXmlDepth = 100;

/** The largest XML read, in bytes (an invoice of 1 000 lines is about 1.5 MB). */
export const maxXmlBytes = 8 * 1024 * 1024;

/** A parsed element: its attributes (`@_name`), its text (`#text`), its children by local name. */
export type XmlNode = { [name: string]: XmlValue[] | string | undefined };
type XmlValue = XmlNode | string;

/** The root element: its local name and its namespace URI (empty when it has none). */
export interface XmlRoot {
  localName: string;
  namespace: string;
  node: XmlNode;
}

function refused(message: string): HttpError {
  return importRefused(message);
}

/** The text of an XML file's bytes: UTF-8 (a BOM dropped) or UTF-16 with its BOM. */
export function xmlText(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  const text = new TextDecoder('utf-8').decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Whether bytes look like XML: after a BOM and white space, a `<`. */
export function looksLikeXml(bytes: Uint8Array): boolean {
  const head = xmlText(bytes.subarray(0, 64)).trimStart();
  return head.startsWith('<');
}

const nameStart = /[A-Za-z_:\u00C0-\uFFFF]/;

interface ScanResult {
  /** The root element's start tag, without `<` and `>`. */
  rootTag: string;
}

/**
 * One pass over the text, each character looked at a bounded number of times: refuses DOCTYPE and
 * ENTITY declarations, elements nested deeper than `maxDepth`, and markup left open.
 */
export function prescanXml(text: string, maxDepth: number = maxXmlDepth): ScanResult {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw refused(importMessages.doctype);
  let depth = 0;
  let rootTag: string | undefined;
  let position = 0;
  const length = text.length;
  const endOf = (marker: string, from: number): number => {
    const found = text.indexOf(marker, from);
    if (found < 0) throw refused(importMessages.brokenXml);
    return found + marker.length;
  };
  for (;;) {
    const open = text.indexOf('<', position);
    if (open < 0) break;
    const next = text.charAt(open + 1);
    if (next === '?') {
      position = endOf('?>', open + 2);
    } else if (text.startsWith('<!--', open)) {
      position = endOf('-->', open + 4);
    } else if (text.startsWith('<![CDATA[', open)) {
      position = endOf(']]>', open + 9);
    } else if (next === '!') {
      // Any other declaration (caught above for DOCTYPE and ENTITY in any case).
      throw refused(importMessages.doctype);
    } else if (next === '/') {
      position = endOf('>', open + 2);
      depth -= 1;
      if (depth < 0) throw refused(importMessages.brokenXml);
    } else if (nameStart.test(next)) {
      // A start tag: up to the `>` that is not inside a quoted attribute value.
      let index = open + 1;
      let quote = '';
      while (index < length) {
        const character = text.charAt(index);
        if (quote) {
          if (character === quote) quote = '';
        } else if (character === '"' || character === "'") {
          quote = character;
        } else if (character === '>') {
          break;
        }
        index += 1;
      }
      if (index >= length) throw refused(importMessages.brokenXml);
      const selfClosing = text.charAt(index - 1) === '/';
      if (rootTag === undefined) {
        rootTag = text.slice(open + 1, selfClosing ? index - 1 : index);
      } else if (depth === 0) {
        // A second root element.
        throw refused(importMessages.brokenXml);
      }
      if (!selfClosing) {
        depth += 1;
        if (depth > maxDepth) throw refused(importMessages.tooDeep(maxDepth));
      }
      position = index + 1;
    } else {
      throw refused(importMessages.brokenXml);
    }
  }
  if (rootTag === undefined || depth !== 0) throw refused(importMessages.brokenXml);
  return { rootTag };
}

const attributePattern = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The root's local name and namespace, from its start tag's name and `xmlns` declarations. */
function rootName(rootTag: string): { localName: string; namespace: string } {
  const qualified = /^[^\s/>]+/.exec(rootTag)?.[0] ?? '';
  const colon = qualified.indexOf(':');
  const prefix = colon >= 0 ? qualified.slice(0, colon) : '';
  const localName = colon >= 0 ? qualified.slice(colon + 1) : qualified;
  const wanted = prefix ? `xmlns:${prefix}` : 'xmlns';
  let namespace = '';
  for (const match of rootTag.matchAll(attributePattern)) {
    if (match[1] === wanted) namespace = decodeXmlText(match[2] ?? match[3] ?? '');
  }
  return { localName, namespace };
}

const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and numeric character references; anything else stays as written. */
export function decodeXmlText(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z]+);/g, (whole, reference: string) => {
    if (reference.startsWith('#')) {
      const code =
        reference[1] === 'x' || reference[1] === 'X'
          ? Number.parseInt(reference.slice(2), 16)
          : Number.parseInt(reference.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return predefined[reference] ?? whole;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Every element as a list, attributes as plain values: one shape to read.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  maxNestedTags: maxXmlDepth + 1,
});

/**
 * Parses an untrusted XML file (its bytes) after the checks above; answers its root element.
 * @throws HttpError 400 (French message) on any refusal.
 */
export function parseUntrustedXml(bytes: Uint8Array, maxBytes: number = maxXmlBytes): XmlRoot {
  if (bytes.byteLength > maxBytes) {
    throw refused(importMessages.tooLarge(Math.round(maxBytes / (1024 * 1024))));
  }
  // White space before the declaration is an error for XML, but harmless: some tools write it.
  const text = xmlText(bytes).trimStart();
  const { rootTag } = prescanXml(text);
  const { localName, namespace } = rootName(rootTag);
  let parsed: XmlNode;
  try {
    if (XMLValidator.validate(text) !== true) throw refused(importMessages.brokenXml);
    parsed = parser.parse(text) as XmlNode;
  } catch {
    throw refused(importMessages.brokenXml);
  }
  const root = parsed[localName];
  const node = Array.isArray(root) ? root[0] : undefined;
  return { localName, namespace, node: typeof node === 'object' ? node : { '#text': node ?? '' } };
}

/** The child elements named `name` (local name), in order; a text-only child reads as `{ '#text' }`. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  if (!Array.isArray(value)) return [];
  return value.map((child) => (typeof child === 'string' ? { '#text': child } : child));
}

/** The first child element along a path of local names. */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) {
    current = children(current, name)[0];
    if (!current) return undefined;
  }
  return current;
}

/** The trimmed, decoded text of an element (`undefined` when absent or blank). */
export function textOf(node: XmlNode | undefined): string | undefined {
  const value = node?.['#text'];
  if (typeof value !== 'string') return undefined;
  const text = decodeXmlText(value).trim();
  return text === '' ? undefined : text;
}

/** The text of the first element along a path. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string | undefined {
  return textOf(child(node, ...path));
}

/** An attribute of an element (decoded, trimmed), by its local name. */
export function attributeOf(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`];
  if (typeof value !== 'string') return undefined;
  const text = decodeXmlText(value).trim();
  return text === '' ? undefined : text;
}
