// Every property test stops at half of jest's hang guard and reports what it has found so far.
// Without it, a failure whose counterexample is slow to shrink (a large fc.json(), each run an HTTP
// request) spends the whole 300 s shrinking and jest reports only a timeout, with no counterexample.
const fc = require('fast-check');

fc.configureGlobal({ ...fc.readConfigureGlobal(), interruptAfterTimeLimit: 150_000, markInterruptAsFailure: true });
