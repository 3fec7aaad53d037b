import { runCli } from './run-cli';

runCli(process.argv.slice(2), {
  line: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
}).then((code) => process.exit(code));
