import { runCli } from './run-cli';

// A reader that stops early (`| head`) closes the pipe: that ends the output, it is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

runCli(process.argv.slice(2), {
  line: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
  // The progress bar: redrawn in place on the terminal's current line, then the line is ended.
  bar: (text) => process.stderr.write(text === null ? '\n' : `\r${text}\x1b[K`),
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  columns: process.stderr.columns ?? process.stdout.columns,
}).then((code) => {
  // Exit once stdout and stderr are flushed: a pipe (`| jq`) gets every line.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
