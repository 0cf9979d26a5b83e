/**
 * Validates a lifecycle message (CDAR D22B) with the official files vendored in
 * `e-invoicing/validation/cdar` (`../shared/einvoicing/README.md`): the XSD with libxml2-wasm, then
 * the French rules BR-FR-CDV (the stylesheet whose rules are flagged `fatal`, then its `_WARNING`
 * variant) with SaxonJS, from the stylesheets compiled by `npm run einvoicing:compile`. A message
 * passes with no XSD error and no failed assertion but those flagged `warning`.
 * Test support only: nothing here runs in a Lambda.
 */
import { fileURLToPath } from 'node:url';
import {
  splitFailures,
  svrlFailures,
  xsdErrors,
  type FacturXValidation,
  type FailedAssert,
} from './factur-x-validation.js';

const cdarDir = new URL('../../../e-invoicing/validation/cdar/', import.meta.url);

/** The compiled BR-FR-CDV stylesheets, in the order they run. */
export const cdarStylesheets = [
  'BR-FR-CDV-Schematron-CDAR.xslt',
  'BR-FR-CDV-Schematron-CDAR_WARNING.xslt',
] as const;

/** The CDAR XSD's errors for `xml`, empty when valid. */
export function cdarSchemaErrors(xml: string): string[] {
  return xsdErrors(
    xml,
    fileURLToPath(new URL('xsd/CrossDomainAcknowledgementAndResponse_100pD22B.xsd', cdarDir)),
  );
}

/** XSD, then both BR-FR-CDV stylesheets. */
export async function validateCdar(xml: string): Promise<FacturXValidation> {
  const failures: FailedAssert[] = [];
  for (const name of cdarStylesheets)
    failures.push(...(await svrlFailures(xml, name, new URL('xslt/', cdarDir))));
  return { schemaErrors: cdarSchemaErrors(xml), ...splitFailures(failures) };
}
