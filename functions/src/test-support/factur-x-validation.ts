/**
 * Validates a Factur-X `factur-x.xml` (CII, profile EN 16931) with the official files vendored in
 * `e-invoicing/validation` (`../shared/einvoicing/README.md`): the XSD with libxml2-wasm, the EN 16931
 * and French Schematron rules with SaxonJS, from the stylesheets compiled once by
 * `npm run einvoicing:compile` into `e-invoicing/compiled` (a test checks they match the sources).
 * Test support only: nothing here runs in a Lambda.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { XmlDocument, XsdValidator, XmlValidateError } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import SaxonJS from 'saxon-js';

const validationDir = new URL('../../../e-invoicing/validation/factur-x-en16931/', import.meta.url);
const compiledDir = new URL('../../../e-invoicing/compiled/', import.meta.url);

/** The compiled Schematron stylesheets, in the order they run. */
export const schematronStylesheets = [
  'FACTUR-X_EN16931.xslt',
  'BR-FR-Flux2-Schematron-CII.xslt',
  'BR-FR-Flux2-Schematron-CII_WARNING.xslt',
] as const;
export type SchematronStylesheet = (typeof schematronStylesheets)[number];

/** A failed Schematron assertion, as the SVRL report gives it. */
export interface FailedAssert {
  /** The compiled stylesheet's name (`FACTUR-X_EN16931.xslt`, `BR-FR-CDV-Schematron-CDAR.xslt`…). */
  stylesheet: string;
  /** The rule's id (`BR-CO-17`, `BR-FR-05`…). */
  id: string;
  /** `warning`, `fatal`… or '' when the rule carries no flag (then it is an error). */
  flag: string;
  location: string;
  text: string;
}

export interface FacturXValidation {
  /** XSD errors (libxml2's messages), empty when the XML matches the schema. */
  schemaErrors: string[];
  /** Failed assertions that are errors: every one but those flagged `warning`. */
  errors: FailedAssert[];
  warnings: FailedAssert[];
}

const schemas = new Map<string, XsdValidator>();

/** The XSD at `xsdPath` (with the files it imports beside it), loaded once. */
function xsdValidator(xsdPath: string): XsdValidator {
  let schema = schemas.get(xsdPath);
  if (!schema) {
    xmlRegisterFsInputProviders();
    const xsd = XmlDocument.fromBuffer(readFileSync(xsdPath), { url: xsdPath });
    schema = XsdValidator.fromDoc(xsd);
    schemas.set(xsdPath, schema);
  }
  return schema;
}

/** The errors of the XSD at `xsdPath` for `xml`, empty when valid. */
export function xsdErrors(xml: string, xsdPath: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    xsdValidator(xsdPath).validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((detail) => detail.message.trim());
    throw error;
  } finally {
    doc.dispose();
  }
}

/** The Factur-X XSD's errors for `xml`, empty when valid. */
export function schemaErrors(xml: string): string[] {
  return xsdErrors(xml, fileURLToPath(new URL('xsd/Factur-X_EN16931.xsd', validationDir)));
}

/**
 * The compiled stylesheets, parsed once per worker. Given as `stylesheetInternal`, the same object
 * serves every transform: SaxonJS prepares a SEF at its first use and marks it so (`PRIMED`), where
 * `stylesheetText` had it parse the JSON (megabytes) and prepare it again at every call.
 */
const compiled = new Map<string, object>();
function stylesheet(name: string): object {
  let sef = compiled.get(name);
  if (sef === undefined) {
    sef = JSON.parse(
      gunzipSync(readFileSync(new URL(`${name}.sef.json.gz`, compiledDir))).toString('utf8'),
    ) as object;
    compiled.set(name, sef);
  }
  return sef;
}

/**
 * The XML files beside the vendored stylesheets (the EN 16931 rules' code lists,
 * `FACTUR-X_EN16931_codedb.xml`, 190 KB, which they read with `document()`), parsed once per
 * worker and folder and handed to each transform as its `documentPool`: SaxonJS otherwise reads
 * and parses the file again at every transform (~0.1–0.2 s of CPU each).
 */
const referenceDocuments = new Map<string, Promise<Record<string, unknown>>>();
function documentsBeside(baseDir: URL): Promise<Record<string, unknown>> {
  let documents = referenceDocuments.get(baseDir.href);
  if (documents === undefined) {
    const files = readdirSync(baseDir).filter((name) => name.endsWith('.xml'));
    documents = Promise.all(
      files.map(async (name) => {
        const file = fileURLToPath(new URL(name, baseDir));
        return [pathToFileURL(file).href, await SaxonJS.getResource({ file, type: 'xml' })] as const;
      }),
    ).then((entries) => Object.fromEntries(entries));
    referenceDocuments.set(baseDir.href, documents);
  }
  return documents;
}

const svrl = 'http://purl.oclc.org/dsdl/svrl';

/** The DOM element SaxonJS answers for an SVRL node (functions compile without the DOM types). */
interface SvrlElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
}

/**
 * The failed assertions of one compiled stylesheet on `xml`.
 * @param baseDir the folder of the vendored stylesheet (its code lists are read beside it)
 */
export async function svrlFailures(xml: string, name: string, baseDir: URL): Promise<FailedAssert[]> {
  const result = (await SaxonJS.transform(
    {
      stylesheetInternal: stylesheet(name),
      stylesheetBaseURI: pathToFileURL(fileURLToPath(new URL(name, baseDir))).href,
      sourceText: xml,
      destination: 'document',
      // A copy: the transform adds the documents it reads to its pool.
      documentPool: { ...(await documentsBeside(baseDir)) },
    },
    'async',
  )) as { principalResult: unknown };
  const asserts = SaxonJS.XPath.evaluate('//svrl:failed-assert', result.principalResult, {
    namespaceContext: { svrl },
    resultForm: 'array',
  }) as SvrlElement[];
  return asserts.map((node) => ({
    stylesheet: name,
    id: node.getAttribute('id') ?? '',
    flag: node.getAttribute('flag') ?? '',
    location: node.getAttribute('location') ?? '',
    text: (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
  }));
}

/** The failed assertions of one Factur-X stylesheet on `xml`. */
export function schematronFailures(xml: string, name: SchematronStylesheet): Promise<FailedAssert[]> {
  // The EN 16931 rules read their code lists from a file beside the stylesheet.
  return svrlFailures(xml, name, new URL('xslt/', validationDir));
}

/** Errors (every failure but those flagged `warning`) and warnings, apart. */
export function splitFailures(failures: FailedAssert[]): Pick<FacturXValidation, 'errors' | 'warnings'> {
  return {
    errors: failures.filter((failure) => failure.flag !== 'warning'),
    warnings: failures.filter((failure) => failure.flag === 'warning'),
  };
}

/** XSD, then the three Schematron stylesheets. */
export async function validateFacturX(xml: string): Promise<FacturXValidation> {
  const failures: FailedAssert[] = [];
  for (const name of schematronStylesheets) failures.push(...(await schematronFailures(xml, name)));
  return { schemaErrors: schemaErrors(xml), ...splitFailures(failures) };
}

/** One line per problem, for a test's failure message. */
export function describeValidation(validation: FacturXValidation): string {
  return [
    ...validation.schemaErrors.map((message) => `XSD: ${message}`),
    ...validation.errors.map(
      (failure) => `${failure.id} [${failure.stylesheet}] ${failure.text} @ ${failure.location}`,
    ),
  ].join('\n');
}
