// jest globalSetup: names the run's folder for the e2e hosts (e2e-hosts.js), and compiles the
// validators of GitBook's OpenAPI document once, before the workers start (gitbook-schema.ts; jest
// compiles the TypeScript it requires here as it does the tests).
'use strict';
const hosts = require('./e2e-hosts');

module.exports = async () => {
  await hosts.setup();
  require('../e2e/support/gitbook-schema').compileGitbookValidators();
};
