// The runtime's `@aws-sdk/lib-dynamodb`, loaded with Node's `require` instead of an ES `import`
// (infra/lib/bundling.ts `requiredSdkModules`).
const name = '@aws-sdk/lib-dynamodb';
// oxlint-disable-next-line typescript/no-require-imports -- what this module is for
module.exports = require(name);
