/**
 * Imported for its effect by the handlers that use the documents bucket on every request (a PDF, a
 * send, an upload, a download, the price-list import's steps): the SDK's S3 package then loads while
 * the function starts, in Lambda's init phase (a whole vCPU), rather than in its first request (a
 * 256 MB function's share of one), where `lib/s3.ts` would import it otherwise. The functions that
 * touch the bucket on a few paths only do not import this (docs/architecture.md "Documents").
 */
import '@aws-sdk/client-s3';
