/**
 * The annexes' validator the network tests rely on does refuse what the AFNOR XP Z12-013 annexes do
 * not allow, on either side: so an empty list of problems means something.
 */
import { describe, expect, it } from 'vitest';
import { exchangeProblems, type RecordedExchange } from './annex-validator.js';

const json = { 'content-type': 'application/json' };
const requestId = { 'request-id': '9b2f1c5e-4a7b-4c1d-9e2f-1a2b3c4d5e6f' };

function exchange(fields: Partial<RecordedExchange> & Pick<RecordedExchange, 'service' | 'method' | 'path'>) {
  return {
    query: {},
    headers: { ...json, ...requestId },
    response: { status: 200, headers: json, json: {}, length: 2 },
    ...fields,
  } satisfies RecordedExchange;
}

const flowAnswer = {
  flowId: 'f-1',
  submittedAt: '2026-11-25T10:00:00Z',
  name: 'FAC-1.pdf',
  flowSyntax: 'Factur-X',
};

describe('exchangeProblems', () => {
  it('accepts what the annexes describe', async () => {
    expect(
      await exchangeProblems(
        exchange({
          service: 'flow',
          method: 'post',
          path: '/v1/flows',
          headers: { 'content-type': 'multipart/form-data; boundary=x', ...requestId },
          body: { flowInfo: { name: 'FAC-1.pdf', flowSyntax: 'Factur-X' }, file: '<binary>' },
          parts: [
            { name: 'flowInfo', contentType: 'application/json' },
            { name: 'file', contentType: 'application/pdf', fileName: 'FAC-1.pdf' },
          ],
          response: { status: 202, headers: json, json: flowAnswer, length: 10 },
        }),
      ),
    ).toEqual([]);
    expect(
      await exchangeProblems(
        exchange({
          service: 'directory',
          method: 'get',
          path: '/v1/siren/code-insee:702042755',
          headers: requestId,
          response: {
            status: 200,
            headers: json,
            json: { siren: '702042755', administrativeStatus: 'A' },
            length: 9,
          },
        }),
      ),
    ).toEqual([]);
  });

  it('reports a bad request, a bad answer, a status or a content type the annex does not declare', async () => {
    const multipart = await exchangeProblems(
      exchange({
        service: 'flow',
        method: 'post',
        path: '/v1/flows',
        headers: { 'content-type': 'multipart/form-data; boundary=x', ...requestId },
        body: { flowInfo: { name: 'x', flowSyntax: 'PDF' }, file: '<binary>' },
        parts: [
          { name: 'flowInfo', contentType: 'text/plain' },
          { name: 'file', contentType: 'application/pdf', fileName: 'x' },
        ],
        response: { status: 202, headers: json, json: { ...flowAnswer, submittedAt: 'hier' }, length: 10 },
      }),
    );
    expect(multipart).toEqual([
      'post /v1/flows → 202: request /requestBody/flowInfo/flowSyntax must be equal to one of the allowed values',
      'post /v1/flows → 202: part flowInfo sent as text/plain, annex says application/json',
      'post /v1/flows → 202: answer /submittedAt must match format "date-time"',
    ]);
    expect(
      await exchangeProblems(
        exchange({
          service: 'flow',
          method: 'post',
          path: '/v1/flows/search',
          body: { where: { flowDirection: ['Sideways'] } },
          response: { status: 200, headers: json, json: { results: [{ flowId: 'f' }] }, length: 9 },
        }),
      ),
    ).toEqual([
      'post /v1/flows/search → 200: request /requestBody/where/flowDirection/0 must be equal to one of the allowed values',
      "post /v1/flows/search → 200: answer /results/0 must have required property 'flowSyntax'",
    ]);
    expect(
      await exchangeProblems(
        exchange({
          service: 'flow',
          method: 'get',
          path: '/v1/healthcheck',
          response: { status: 401, headers: json, json: {}, length: 2 },
        }),
      ),
    ).toEqual(['get /v1/healthcheck → 401: status not declared for getHealth']);
    expect(
      await exchangeProblems(
        exchange({
          service: 'flow',
          method: 'get',
          path: '/v1/flows/f-1',
          response: { status: 200, headers: { 'content-type': 'application/pdf' }, length: 100 },
        }),
      ),
    ).toEqual([
      'get /v1/flows/f-1 → 200: answered application/pdf, annex says application/octet-stream or application/json',
    ]);
    expect(
      await exchangeProblems(
        exchange({ service: 'directory', method: 'get', path: '/v1/siren/code-insee:12345' }),
      ),
    ).toContain(
      'get /v1/siren/code-insee:12345 → 200: request /path/siren must match pattern "^([0-9]{9})$"',
    );
    expect(await exchangeProblems(exchange({ service: 'flow', method: 'put', path: '/v1/flows' }))).toEqual([
      'put /v1/flows → 200: no operation of the flow annex',
    ]);
  });

  it('reads the annex’s ReasonCode as any of its standard codes or another string', async () => {
    const flow = {
      ...flowAnswer,
      updatedAt: '2026-11-25T10:00:01Z',
      processingRule: 'B2B',
      processingRuleSource: 'Input',
      flowProfile: 'CIUS',
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
    };
    for (const reasonCode of ['InvalidSchema', 'CODE_DE_LA_PA']) {
      const acknowledgement = {
        status: 'Error',
        details: [{ level: 'Error', item: 'file', reasonCode, reasonMessage: 'illisible' }],
      };
      expect(
        await exchangeProblems(
          exchange({
            service: 'flow',
            method: 'get',
            path: '/v1/flows/f-1',
            response: { status: 200, headers: json, json: { ...flow, acknowledgement }, length: 9 },
          }),
        ),
      ).toEqual([]);
    }
  });
});
