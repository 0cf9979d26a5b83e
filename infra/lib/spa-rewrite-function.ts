import { spaRewrite } from '@btp/shared/spa-rewrite';

/**
 * Source of the CloudFront Function (runtime cloudfront-js-2.0, viewer request) of the SPA's default
 * behaviour. The deep-link rule itself is `spaRewrite` from `shared/`, embedded by its source text so
 * that CloudFront and the local server apply the very same rule.
 */
export function spaRewriteFunctionCode(): string {
  const rule = spaRewrite.toString();
  return [
    'function handler(event) {',
    '  var request = event.request;',
    `  request.uri = (${rule})(request.uri);`,
    '  return request;',
    '}',
  ].join('\n');
}
