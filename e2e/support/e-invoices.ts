import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { writeHeaders } from './company.js';
import { isPdf } from './pdf.js';

/**
 * What the e-invoice journeys on Achats share: a company's issued documents as Factur-X PDFs, and a
 * file handed to the import zone as a person does on a desktop (dropped) or a phone (picked).
 */

/** Euros as the screens write them: "1 180,00 €" (narrow no-break spaces, French format). */
export function euros(amount: string): RegExp {
  const text = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(
    amount as `${number}`,
  );
  return new RegExp(text.replace(/\s/g, '\\s'));
}

export interface Issued {
  id: string;
  version: number;
  number: string;
  issueDate: string;
}

export async function post<T>(request: APIRequestContext, path: string, data?: object): Promise<T> {
  const response = await request.post(path, { headers: writeHeaders, ...(data ? { data } : {}) });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The PDF of an invoice (`GET /api/invoices/{id}/pdf`, then its link), saved under `name`. */
export async function invoicePdf(request: APIRequestContext, id: string, name: string, testInfo: TestInfo) {
  const link = await request.get(`/api/invoices/${id}/pdf`);
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  const bytes = await file.body();
  expect(isPdf(bytes), `${name} is a PDF`).toBe(true);
  const path = testInfo.outputPath(name);
  await writeFile(path, bytes);
  return path;
}

/**
 * How long an import's answer may take to show: reading a PDF (pdfjs) then writing the records took
 * over 10 s (the default wait) on a loaded 2-core machine.
 */
export const importWait = { timeout: 60_000 };

function mimeTypeOf(path: string): string {
  if (path.endsWith('.pdf')) return 'application/pdf';
  if (path.endsWith('.png')) return 'image/png';
  return 'application/xml';
}

/**
 * Hands the file to the drop zone as a person does on this device: dropped on it on the desktop
 * (a real `drop` event carrying the file), tapped then picked in the file chooser on a phone.
 */
export async function giveFile(page: Page, zone: Locator, path: string, testInfo: TestInfo) {
  if (testInfo.project.name === 'mobile') {
    const choosing = page.waitForEvent('filechooser');
    await zone.tap();
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles(path);
    return;
  }
  const data = (await readFile(path)).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ data, name, type }) => {
      const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { data, name: basename(path), type: mimeTypeOf(path) },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}
