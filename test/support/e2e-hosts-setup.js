// jest globalSetup: see e2e-hosts.js.
module.exports = require('./e2e-hosts').setup;
