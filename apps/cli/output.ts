/** Where the CLI writes: injectable so tests can capture it. */
export interface Output {
  /** One line of results on stdout. */
  line(text: string): void;
  /** One line of diagnostics or progress on stderr. */
  error(text: string): void;
  /** Redraws the progress bar in place on stderr (a terminal only); `null` ends it. */
  bar?(text: string | null): void;
  /** stdout is a terminal: results as tables rather than JSON lines. */
  stdoutIsTTY?: boolean;
  /** stderr is a terminal: progress as a bar redrawn in place rather than periodic lines. */
  stderrIsTTY?: boolean;
  /** Width of the terminal, for tables and the progress bar. */
  columns?: number;
}

export type Row = Record<string, unknown>;

export interface Column {
  /** Key in the row (the JSON line carries every key; the table only these). */
  key: string;
  header?: string;
  /** Widest the column gets in a table; longer values are cut with an ellipsis. */
  max?: number;
  align?: 'left' | 'right';
  value?: (row: Row) => unknown;
}

/** `--json`, `--table`, or neither (then: table on a terminal, JSON lines when piped). */
export type Format = 'json' | 'table';

export function chooseFormat(options: { json?: boolean; table?: boolean }, out: Output): Format {
  if (options.json) return 'json';
  if (options.table) return 'table';
  return out.stdoutIsTTY ? 'table' : 'json';
}

/** JSON with bigints as strings (positions and revisions are strings on the wire). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return toJson(value);
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(1, max - 1))}…`;
}

/** Rows as an aligned text table: a header, a rule, one line per row. */
export function renderTable(rows: Row[], columns: Column[]): string[] {
  const headers = columns.map((c) => (c.header ?? c.key).toUpperCase());
  const cells = rows.map((row) => columns.map((c) => cut(cell(c.value ? c.value(row) : row[c.key]), c.max ?? 60)));
  const widths = columns.map((_, i) => Math.max(headers[i]!.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i]!.align === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
}

/**
 * Prints results: JSON lines as they come, or one table at the end (`flush`). A table with no rows
 * says so on stderr, so stdout stays parseable.
 */
export class Printer {
  private readonly rows: Row[] = [];

  constructor(
    private readonly out: Output,
    readonly format: Format,
    private readonly columns: Column[],
  ) {}

  row(row: Row): void {
    if (this.format === 'json') this.out.line(toJson(row));
    else this.rows.push(row);
  }

  private headerPrinted = false;

  /** A table printed as it grows (`events read --follow`): the rows so far, the header only the first time. */
  flushRows(): void {
    if (this.format !== 'table' || this.rows.length === 0) return;
    const lines = renderTable(this.rows, this.columns);
    for (const l of this.headerPrinted ? lines.slice(2) : lines) this.out.line(l);
    this.headerPrinted = true;
    this.rows.length = 0;
  }

  /** The rest of the table (all of it, unless `flushRows` printed some); `empty` on stderr when it had no row at all. */
  flush(empty = '(none)'): void {
    if (this.format !== 'table') return;
    if (this.rows.length === 0) {
      if (!this.headerPrinted) this.out.error(empty);
      return;
    }
    this.flushRows();
  }
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
