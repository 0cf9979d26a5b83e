/**
 * Reads a bank statement file into its lines (docs/accounting.md, « Bank statements »):
 *
 * - **CAMT.053** (ISO 20022 `BkToCstmrStmt`, what French banks give as « relevé au format XML »):
 *   through the project's safe XML reading (`einvoicing/import/safe-xml.ts`: DOCTYPE and ENTITY
 *   refused, depth bounded, then fast-xml-parser); each entry `Ntry` is a line, or, for a batch
 *   booking (several `TxDtls`), one line per transaction with its own amount, remittance and party;
 * - **OFX** 1.x (SGML: leaf elements without closing tags) and 2.x (XML): the `STMTTRN` of each
 *   statement, read by a small tokenizer here (the npm OFX parsers depend on fast-xml-parser 3, a
 *   major the project left for its advisories, and turn SGML into XML with regular expressions);
 *   XML declarations of DTDs or entities refused, any tag left open or closed twice refused;
 * - **CSV** (csv-parse, maintained, already the price-list import's choice): `;`, `,` or tab
 *   detected, UTF-8 (BOM or not) or Windows-1252 (iconv-lite), else refused; the columns by a
 *   mapping (given, remembered, or recognised from French headers), amounts with a decimal comma or
 *   point, dates day first or ISO.
 *
 * Every refusal is a 400 with a French sentence naming the line or the element; nothing is written
 * before the whole file has been read.
 */
import {
  MAX_STATEMENT_LINES,
  type ParsedStatement,
  type StatementLine,
} from '@btp/shared/accounting/bank-matching';
import { detectCsvMapping, type CsvMapping } from '@btp/shared/accounting/statement-input';
import { tryParseDecimal, MONEY_SCALE } from '@btp/shared/money';
import { parse as parseCsvText } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { badRequest } from '../lib/http-errors.js';
import {
  attributeOf,
  children,
  child,
  parseUntrustedXml,
  textAt,
  xmlText,
  type XmlNode,
} from '../einvoicing/import/safe-xml.js';

export const statementMessages = {
  empty: 'Le fichier est vide : choisissez un relevé de compte.',
  unsupported:
    "Ce fichier n'est pas un relevé de compte lisible : envoyez un relevé CAMT.053 (XML), OFX ou CSV.",
  doctype:
    'Ce relevé XML contient une déclaration de type de document (DOCTYPE ou ENTITY), refusée par sécurité : un relevé CAMT.053 ou OFX n’en contient pas.',
  notCamt053:
    "Ce fichier XML n'est pas un relevé de compte CAMT.053 (BkToCstmrStmt) : seuls les relevés de fin de journée sont importés.",
  /** A getter: formatting the number creates an `Intl.NumberFormat`, ~18 ms the import paid at start. */
  get tooManyLines() {
    return `Ce relevé compte plus de ${MAX_STATEMENT_LINES.toLocaleString('fr-FR')} lignes : importez-le en plusieurs fichiers (par mois).`;
  },
  noLines: 'Ce relevé ne contient aucune opération.',
  camtEntry: (index: number, what: string) => `Relevé CAMT.053, opération ${index} : ${what}.`,
  ofxBroken: (what: string) => `Ce relevé OFX est mal formé : ${what}.`,
  ofxLine: (index: number, what: string) => `Relevé OFX, opération ${index} : ${what}.`,
  encoding:
    "L'encodage de ce fichier CSV n'est pas reconnu : enregistrez-le en UTF-8 (ou Windows-1252) puis importez-le à nouveau.",
  csvUnreadable: 'Ce fichier CSV est illisible (guillemets non fermés ou colonnes irrégulières).',
  csvMapping:
    'Indiquez les colonnes du relevé CSV (date, libellé, montant ou débit et crédit) : elles ne sont pas reconnues.',
  csvColumn: (column: string) => `La colonne « ${column} » n'existe pas dans ce fichier CSV.`,
  csvLine: (line: number, what: string) => `Relevé CSV, ligne ${line} : ${what}.`,
} as const;

const refused = (message: string, path?: string) =>
  badRequest(message, path ? [{ path, message }] : undefined);

/** `YYYY-MM-DD` when `text` is a real calendar day written day first (JJ/MM/AAAA, -, .) or ISO. */
export function parseStatementDate(text: string): string | undefined {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  if (match) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value))) {
    const yearText = match[3] as string;
    [day, month, year] = [
      Number(match[1]),
      Number(match[2]),
      Number(yearText.length === 2 ? `20${yearText}` : yearText),
    ];
  } else if ((match = /^(\d{4})(\d{2})(\d{2})/.exec(value))) {
    // OFX: YYYYMMDD[HHMMSS[.XXX][[TZ]]].
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return undefined;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}

/** Cents of an amount written with a decimal comma or point, spaces as thousands; `undefined` when not one. */
export function parseStatementAmount(text: string): number | undefined {
  let value = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/€|EUR/gi, '');
  if (value === '') return undefined;
  // 1.234,56 (points as thousands) or 1,234.56 (commas as thousands): the last separator is the decimal one.
  const lastComma = value.lastIndexOf(',');
  const lastPoint = value.lastIndexOf('.');
  if (lastComma >= 0 && lastPoint >= 0) {
    value = lastComma > lastPoint ? value.replaceAll('.', '').replace(',', '.') : value.replaceAll(',', '');
  } else if (lastComma >= 0) {
    value = value.replace(',', '.');
  }
  const parsed = tryParseDecimal(value, MONEY_SCALE);
  return parsed.ok ? parsed.units : undefined;
}

function checkedLines(lines: StatementLine[]): StatementLine[] {
  if (lines.length === 0) throw refused(statementMessages.noLines);
  if (lines.length > MAX_STATEMENT_LINES) throw refused(statementMessages.tooManyLines);
  return lines;
}

/** Text on one line, without the file's layout spaces. */
function oneLine(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

// ---------------------------------------------------------------------------------------------
// CAMT.053
// ---------------------------------------------------------------------------------------------

function remittanceOf(node: XmlNode | undefined): string | undefined {
  const info = child(node, 'RmtInf');
  if (!info) return undefined;
  const parts = [
    ...children(info, 'Ustrd').map((element) => element['#text']),
    ...children(info, 'Strd').flatMap((structured) => [
      textAt(structured, 'CdtrRefInf', 'Ref'),
      ...children(structured, 'RfrdDocInf').map((document) => textAt(document, 'Nb')),
      ...children(structured, 'AddtlRmtInf').map((element) => element['#text']),
    ]),
  ];
  return oneLine(parts.filter((part): part is string => typeof part === 'string').join(' '));
}

function camtAmount(node: XmlNode | undefined, credit: boolean, index: number): number {
  const amount = child(node, 'Amt');
  const text = typeof amount?.['#text'] === 'string' ? amount['#text'] : undefined;
  const currency = attributeOf(amount, 'Ccy');
  const cents = text === undefined ? undefined : tryParseDecimal(text.trim(), MONEY_SCALE);
  if (!cents?.ok || cents.units < 0)
    throw refused(statementMessages.camtEntry(index, 'montant (Amt) invalide'));
  if (currency && currency !== 'EUR') {
    throw refused(
      statementMessages.camtEntry(index, `montant en ${currency}, seuls les relevés en euros sont lus`),
    );
  }
  return credit ? cents.units : -cents.units;
}

function camtDate(node: XmlNode | undefined): string | undefined {
  const text = textAt(node, 'Dt') ?? textAt(node, 'DtTm');
  return text === undefined ? undefined : parseStatementDate(text.slice(0, 10));
}

/** The other party of a transaction: the debtor of a credit, the creditor of a debit. */
function camtParty(details: XmlNode | undefined, credit: boolean): string | undefined {
  const parties = child(details, 'RltdPties');
  const role = credit ? 'Dbtr' : 'Cdtr';
  return oneLine(textAt(parties, role, 'Nm') ?? textAt(parties, role, 'Pty', 'Nm'));
}

export function parseCamt053(bytes: Uint8Array): ParsedStatement {
  if (/<!(DOCTYPE|ENTITY)/i.test(xmlText(bytes))) throw refused(statementMessages.doctype);
  const { localName, node: root } = parseUntrustedXml(bytes, bytes.byteLength);
  const statement = localName === 'Document' ? child(root, 'BkToCstmrStmt') : undefined;
  if (!statement) throw refused(statementMessages.notCamt053);
  const lines: StatementLine[] = [];
  let account: string | undefined;
  let index = 0;
  for (const stmt of children(statement, 'Stmt')) {
    account ??= textAt(stmt, 'Acct', 'Id', 'IBAN') ?? textAt(stmt, 'Acct', 'Id', 'Othr', 'Id');
    for (const entry of children(stmt, 'Ntry')) {
      index += 1;
      // Pending entries are not booked yet: the next statement books them.
      const status = textAt(entry, 'Sts', 'Cd') ?? textAt(entry, 'Sts');
      if (status !== undefined && status !== 'BOOK') continue;
      const indicator = textAt(entry, 'CdtDbtInd');
      if (indicator !== 'CRDT' && indicator !== 'DBIT') {
        throw refused(statementMessages.camtEntry(index, 'sens (CdtDbtInd) absent ou invalide'));
      }
      const credit = indicator === 'CRDT';
      const date = camtDate(child(entry, 'BookgDt')) ?? camtDate(child(entry, 'ValDt'));
      if (!date)
        throw refused(
          statementMessages.camtEntry(index, 'date de comptabilisation (BookgDt) absente ou invalide'),
        );
      const entryReference = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef');
      const entryLabel = oneLine(textAt(entry, 'AddtlNtryInf')) ?? '';
      const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
      if (transactions.length <= 1) {
        const details = transactions[0];
        const remittance = remittanceOf(details);
        lines.push({
          date,
          amountCents: camtAmount(entry, credit, index),
          label: entryLabel || remittance || (credit ? 'Virement reçu' : 'Paiement'),
          reference: entryReference,
          remittance,
          party: camtParty(details, credit),
        });
        continue;
      }
      // A batch booking: one line per transaction, each with its own amount.
      transactions.forEach((details, position) => {
        const remittance = remittanceOf(details);
        const reference =
          textAt(details, 'Refs', 'AcctSvcrRef') ??
          textAt(details, 'Refs', 'EndToEndId') ??
          (entryReference ? `${entryReference}/${position + 1}` : undefined);
        const amountNode = child(details, 'Amt') ? details : child(details, 'AmtDtls', 'TxAmt');
        lines.push({
          date,
          amountCents: camtAmount(amountNode, credit, index),
          label: remittance ?? entryLabel ?? (credit ? 'Virement reçu' : 'Paiement'),
          reference,
          remittance,
          party: camtParty(details, credit),
        });
      });
    }
  }
  return {
    format: 'camt053',
    account: account?.replace(/\s+/g, '').toUpperCase(),
    lines: checkedLines(lines),
  };
}

// ---------------------------------------------------------------------------------------------
// OFX (SGML 1.x and XML 2.x)
// ---------------------------------------------------------------------------------------------

interface OfxElement {
  name: string;
  text?: string;
  children: OfxElement[];
}

/** Decodes the character references SGML and XML OFX files write (&amp; &lt; &#233;…). */
function ofxText(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The OFX body as a tree. A start tag followed by text is a leaf whose value is that text (in SGML
 * its closing tag may be left out, in XML it follows); a start tag followed by another tag opens an
 * aggregate, which must be closed by its `</NAME>`. An aggregate left open, a closing tag without
 * its opening, text outside an element and markup declarations are refused.
 */
export function readOfxTree(text: string): OfxElement {
  const root: OfxElement = { name: '#root', children: [] };
  const stack: OfxElement[] = [root];
  const tag = /<(\/?)([A-Za-z0-9._]+)\s*>|<!|<\?/g;
  let lastLeaf: OfxElement | undefined;
  let match: RegExpExecArray | null;
  let position = 0;
  while ((match = tag.exec(text)) !== null) {
    if (text.slice(position, match.index).trim() !== '') {
      throw refused(
        statementMessages.ofxBroken(
          `texte « ${text.slice(position, match.index).trim().slice(0, 40)} » hors d’un élément`,
        ),
      );
    }
    if (match[0] === '<!') throw refused(statementMessages.doctype);
    if (match[0] === '<?') {
      // The XML and OFX processing instructions of a 2.x file.
      const end = text.indexOf('?>', match.index);
      if (end < 0) throw refused(statementMessages.ofxBroken('instruction non fermée'));
      tag.lastIndex = end + 2;
      position = end + 2;
      continue;
    }
    const name = (match[2] as string).toUpperCase();
    position = tag.lastIndex;
    if (match[1] === '/') {
      const top = stack.at(-1) as OfxElement;
      if (top.name === name) stack.pop();
      else if (lastLeaf?.name !== name) {
        throw refused(statementMessages.ofxBroken(`balise fermante </${name}> sans ouverture`));
      }
      lastLeaf = undefined;
      continue;
    }
    const next = text.indexOf('<', position);
    const value = (next < 0 ? text.slice(position) : text.slice(position, next)).trim();
    const element: OfxElement = { name, children: [] };
    (stack.at(-1) as OfxElement).children.push(element);
    if (value !== '') {
      element.text = ofxText(value);
      lastLeaf = element;
      position = next < 0 ? text.length : next;
      tag.lastIndex = position;
    } else {
      stack.push(element);
      lastLeaf = undefined;
    }
  }
  if (text.slice(position).trim() !== '') {
    throw refused(statementMessages.ofxBroken('texte après la dernière balise'));
  }
  if (stack.length > 1) {
    throw refused(statementMessages.ofxBroken(`<${(stack.at(-1) as OfxElement).name}> n'est jamais fermée`));
  }
  return root;
}

function ofxFind(element: OfxElement, name: string): OfxElement[] {
  const found: OfxElement[] = [];
  const walk = (node: OfxElement) => {
    for (const next of node.children) {
      if (next.name === name) found.push(next);
      walk(next);
    }
  };
  walk(element);
  return found;
}

const ofxValue = (element: OfxElement, name: string) =>
  element.children.find((next) => next.name === name)?.text?.trim() || undefined;

export function parseOfx(bytes: Uint8Array): ParsedStatement {
  // OFX 1.x declares its charset in its header (USASCII or 1252), 2.x is XML (UTF-8 by default).
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  const text =
    /CHARSET:\s*1252/i.test(head) ||
    (/ENCODING:\s*USASCII/i.test(head) && !/CHARSET:\s*(UTF-?8|NONE)/i.test(head))
      ? iconv.decode(Buffer.from(bytes), 'windows-1252')
      : xmlText(bytes);
  const start = text.search(/<OFX>/i);
  if (start < 0) throw refused(statementMessages.unsupported);
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw refused(statementMessages.doctype);
  const tree = readOfxTree(text.slice(start));
  const lines: StatementLine[] = [];
  let account: string | undefined;
  for (const statement of [...ofxFind(tree, 'STMTRS'), ...ofxFind(tree, 'CCSTMTRS')]) {
    const from = ofxFind(statement, 'BANKACCTFROM')[0] ?? ofxFind(statement, 'CCACCTFROM')[0];
    account ??= from ? ofxValue(from, 'ACCTID') : undefined;
    const currency = ofxValue(statement, 'CURDEF');
    for (const transaction of ofxFind(statement, 'STMTTRN')) {
      const index = lines.length + 1;
      if (currency && currency !== 'EUR') {
        throw refused(
          statementMessages.ofxLine(index, `montant en ${currency}, seuls les relevés en euros sont lus`),
        );
      }
      const date = parseStatementDate(ofxValue(transaction, 'DTPOSTED') ?? '');
      if (!date) throw refused(statementMessages.ofxLine(index, 'date (DTPOSTED) absente ou invalide'));
      const amount = parseStatementAmount(ofxValue(transaction, 'TRNAMT') ?? '');
      if (amount === undefined)
        throw refused(statementMessages.ofxLine(index, 'montant (TRNAMT) absent ou invalide'));
      const name = oneLine(ofxValue(transaction, 'NAME'));
      const memo = oneLine(ofxValue(transaction, 'MEMO'));
      lines.push({
        date,
        amountCents: amount,
        label: [name, memo].filter(Boolean).join(' ') || (amount > 0 ? 'Virement reçu' : 'Paiement'),
        reference: ofxValue(transaction, 'FITID'),
        remittance: memo,
        party: name,
      });
    }
  }
  return { format: 'ofx', account: account?.replace(/\s+/g, '').toUpperCase(), lines: checkedLines(lines) };
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

/** The text of a CSV: UTF-8 (its BOM dropped), else Windows-1252 when it reads as text; else refused. */
export function csvText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  if (buffer[0] === 0xff || buffer[0] === 0xfe || buffer.includes(0))
    throw refused(statementMessages.encoding);
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  if (!utf8.includes('\uFFFD')) return utf8.charCodeAt(0) === 0xfeff ? utf8.slice(1) : utf8;
  const windows = iconv.decode(buffer, 'windows-1252');
  // Control characters other than tab and line ends: not a text file in any of the two.
  for (const character of windows) {
    const code = character.charCodeAt(0);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)
      throw refused(statementMessages.encoding);
  }
  return windows;
}

function delimiterOf(header: string): string {
  const counts = [';', ',', '\t'].map(
    (candidate) => [candidate, header.split(candidate).length - 1] as const,
  );
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ';';
}

/** The header row's cells of a CSV (what the person maps), without reading the rest. */
export function csvHeaders(bytes: Uint8Array): string[] {
  const text = csvText(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  try {
    const rows = parseCsvText(firstLine, {
      delimiter: delimiterOf(firstLine),
      relax_quotes: true,
    }) as string[][];
    return (rows[0] ?? []).map((cell) => cell.trim());
  } catch {
    throw refused(statementMessages.csvUnreadable);
  }
}

/**
 * A CSV statement's lines. The columns: `given` (the person's, strict), else `remembered` (the
 * account's last ones) when the file has them all, else recognised from the headers.
 */
export function parseCsvStatement(
  bytes: Uint8Array,
  given?: CsvMapping,
  remembered?: CsvMapping,
): { statement: ParsedStatement; mapping: CsvMapping } {
  const text = csvText(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let rows: string[][];
  try {
    rows = parseCsvText(text, {
      delimiter: delimiterOf(firstLine),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as string[][];
  } catch {
    throw refused(statementMessages.csvUnreadable);
  }
  const headers = (rows[0] ?? []).map((cell) => cell.trim());
  const fits = (candidate: CsvMapping | undefined) =>
    candidate !== undefined &&
    [
      candidate.date,
      candidate.label,
      candidate.amount,
      candidate.debit,
      candidate.credit,
      candidate.reference,
    ].every((column) => column === undefined || headers.includes(column));
  const mapping = given ?? (fits(remembered) ? remembered : detectCsvMapping(headers));
  if (!mapping) throw refused(statementMessages.csvMapping, 'mapping');
  const columnOf = (column: string | undefined, field: string): number | undefined => {
    if (column === undefined) return undefined;
    const index = headers.findIndex((header) => header === column);
    if (index < 0) throw refused(statementMessages.csvColumn(column), `mapping.${field}`);
    return index;
  };
  const dateColumn = columnOf(mapping.date, 'date') as number;
  const labelColumn = columnOf(mapping.label, 'label') as number;
  const amountColumn = columnOf(mapping.amount, 'amount');
  const debitColumn = columnOf(mapping.debit, 'debit');
  const creditColumn = columnOf(mapping.credit, 'credit');
  const referenceColumn = columnOf(mapping.reference, 'reference');
  const lines: StatementLine[] = [];
  rows.slice(1).forEach((row, index) => {
    const lineNumber = index + 2;
    if (row.every((cell) => cell.trim() === '')) return;
    const cell = (column: number | undefined) => (column === undefined ? '' : (row[column] ?? '').trim());
    const date = parseStatementDate(cell(dateColumn));
    if (!date) throw refused(statementMessages.csvLine(lineNumber, `date « ${cell(dateColumn)} » invalide`));
    let amount: number | undefined;
    if (amountColumn !== undefined) {
      amount = parseStatementAmount(cell(amountColumn));
    } else {
      const debit = cell(debitColumn) === '' ? 0 : parseStatementAmount(cell(debitColumn));
      const credit = cell(creditColumn) === '' ? 0 : parseStatementAmount(cell(creditColumn));
      amount = debit === undefined || credit === undefined ? undefined : credit - Math.abs(debit);
    }
    if (amount === undefined) throw refused(statementMessages.csvLine(lineNumber, 'montant invalide'));
    if (amount === 0) return;
    lines.push({
      date,
      amountCents: amount,
      label: oneLine(cell(labelColumn)) ?? (amount > 0 ? 'Virement reçu' : 'Paiement'),
      reference: oneLine(cell(referenceColumn)),
      remittance: oneLine(cell(labelColumn)),
    });
  });
  return { statement: { format: 'csv', lines: checkedLines(lines) }, mapping };
}

// ---------------------------------------------------------------------------------------------

/**
 * Whether a file's first bytes are those of a file that is no statement whatever its name (PDF, ZIP
 * and so XLSX or DOCX, Windows and Linux programs): refused as such rather than read as a CSV whose
 * columns are asked for. A program's "MZ" is followed by a byte that is no text ("MZone;…" is a CSV).
 */
function isNotStatement(bytes: Uint8Array): boolean {
  const start = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 8)).toString('latin1');
  if (['%PDF-', 'PK\x03\x04', '\x7fELF'].some((signature) => start.startsWith(signature))) return true;
  const third = bytes[2];
  return start.startsWith('MZ') && (third === undefined || third < 0x20 || third >= 0x7f);
}

/** Which reader a file needs: XML (CAMT.053 or OFX 2), OFX 1 (its header), else CSV. */
export function statementFormat(bytes: Uint8Array, fileName: string): 'camt053' | 'ofx' | 'csv' {
  if (bytes.byteLength === 0) throw refused(statementMessages.empty);
  if (isNotStatement(bytes)) throw refused(statementMessages.unsupported);
  const head = xmlText(bytes.subarray(0, 2048)).trimStart();
  if (/^OFXHEADER:/i.test(head) || /<OFX>/i.test(head) || /\.(ofx|qfx)$/i.test(fileName)) return 'ofx';
  if (head.startsWith('<')) return 'camt053';
  return 'csv';
}
