import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import {
  documentCreateInput,
  documentUpdateInput,
  documentUploadUrlInput,
  hasAcceptedDocumentExtension,
  MAX_DOCUMENT_BYTES,
} from './document.js';

const PROJECT = '0190a5f0-2222-7abc-8def-0123456789ab';

describe('document schemas', () => {
  it('require a name, an original name and a type', () => {
    expect(validationDetails(documentCreateInput.safeParse({}).error!)).toEqual([
      { path: 'name', message: 'Le nom est requis' },
      { path: 'type', message: 'Le type de document est requis' },
      { path: 'originalName', message: 'Le nom du fichier est requis' },
    ]);
    expect(documentCreateInput.safeParse({ name: 'a', originalName: 'a.pdf', type: 'memo' }).success).toBe(
      false,
    );
  });

  it('read size in whole bytes, optional links, and tags', () => {
    const data = documentCreateInput.parse({
      name: 'Plan RDC',
      originalName: 'plan-rdc.pdf',
      type: 'plan',
      mimeType: 'application/pdf',
      size: 1024,
      projectId: PROJECT,
      clientId: '',
      tags: ['plan', ' RDC '],
    });
    expect(data).toEqual({
      name: 'Plan RDC',
      originalName: 'plan-rdc.pdf',
      type: 'plan',
      mimeType: 'application/pdf',
      size: 1024,
      projectId: PROJECT,
      tags: ['plan', 'RDC'],
    });
    expect(
      validationDetails(
        documentCreateInput.safeParse({ name: 'a', originalName: 'a.pdf', type: 'plan', size: -1 }).error!,
      ),
    ).toEqual([{ path: 'size', message: "La taille doit être un nombre entier d'octets positif ou nul" }]);
  });

  it('never change the facts of the stored file on update', () => {
    expect(
      documentUpdateInput.parse({
        name: 'Plan',
        type: 'plan',
        originalName: 'x.exe',
        size: 5,
        path: 'k',
        version: 1,
      }),
    ).toEqual({ name: 'Plan', type: 'plan', tags: [], version: 1 });
  });

  it('take any whole, non-negative size: the route answers 413 above 50 MB, not a 400', () => {
    const body = { fileName: 'photo.jpg', mimeType: 'image/jpeg', type: 'photo' };
    expect(documentUploadUrlInput.parse({ ...body, size: MAX_DOCUMENT_BYTES }).size).toBe(MAX_DOCUMENT_BYTES);
    expect(documentUploadUrlInput.parse({ ...body, size: 60 * 1024 * 1024 }).size).toBe(60 * 1024 * 1024);
    for (const size of [-1, 1.5, '12 Mo']) {
      expect(validationDetails(documentUploadUrlInput.safeParse({ ...body, size }).error!)).toEqual([
        { path: 'size', message: "La taille du fichier doit être un nombre entier d'octets positif ou nul" },
      ]);
    }
  });

  it('accept the extensions of the spec, in any case', () => {
    expect(hasAcceptedDocumentExtension('Devis.PDF')).toBe(true);
    expect(hasAcceptedDocumentExtension('photo.jpeg')).toBe(true);
    expect(hasAcceptedDocumentExtension('script.exe')).toBe(false);
    expect(hasAcceptedDocumentExtension('pdf')).toBe(false);
  });
});
