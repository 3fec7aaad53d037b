import { GitBookAPI } from '@gitbook/api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnswerSchemas } from './answer-schemas';
import { gitbookAnswerErrors, gitbookOperation, gitbookOperationIdAt } from './gitbook-schema';
import { OrgWorld, orgWorld } from './org-world';
import { OWNER_TOKEN, TestApp } from './test-app';

/** One operation of the contract (docs/contract/operations.json). */
export interface ContractOperation {
  method: string;
  path: string;
  section: string;
}

export const CONTRACT_OPERATIONS: ContractOperation[] = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'docs', 'contract', 'operations.json'), 'utf8'),
);

/** The contract's sections, split between the suites that drive them (test/e2e/platform/gitbook-*.e2e-spec.ts). */
export const SUITE_SECTIONS = {
  organizations: [
    'Organizations',
    'Organization members',
    'Teams and team members',
    'Single sign-on',
    'Translations',
    'OpenAPI specs',
    'Integrations',
  ],
  sites: ['Sites', 'Site sections', 'Site section groups', 'Site spaces', 'Site share links'],
  content: ['Spaces', 'Space content', 'Change requests and reviewers', 'Comments on spaces', 'Comments on change requests'],
};

const TRANSLATION_SETTINGS =
  "the contract's translation settings (object translation-settings: title, languages) are not " +
  "GitBook's Translation (object translation: a translation sync)";

/**
 * Operations whose answers the contract (docs/contract/documentation-platform-api.md) defines
 * otherwise than GitBook's schema, with why: their answers are checked against the served
 * document, and GitBook's schema must still refuse them, so the list shrinks when either changes.
 */
export const CONTRACT_OVER_GITBOOK = new Map([
  ['listTranslations', TRANSLATION_SETTINGS],
  ['createTranslation', TRANSLATION_SETTINGS],
  ['getTranslation', TRANSLATION_SETTINGS],
  ['updateTranslation', TRANSLATION_SETTINGS],
]);

/** Matches `METHOD /concrete/path` of the route template (a `{name}` is any one segment). */
const routePattern = (method: string, template: string) =>
  new RegExp(`^${method} ${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** An exchange as it went over the wire. */
interface Exchange {
  method: string;
  path: string;
  status: number;
  text: string;
}

/**
 * GitBook's own client (`@gitbook/api`) pointed at a server, and the operations it drove: each
 * answer is checked against GitBook's schema for that operation and status (the served document's,
 * for the contract's operations GitBook has not).
 */
export class GitbookDriver {
  private client: GitBookAPI | undefined;
  private readonly exchanges: Exchange[] = [];
  private readonly declared = new Set<string>();
  private readonly driven = new Set<string>();
  private driving = '';

  /** `baseUrl` and `served` are read on first use, once the suite's application is up. */
  constructor(
    private readonly baseUrl: () => string,
    private readonly token: string,
    private readonly served: () => AnswerSchemas,
  ) {}

  get api(): GitBookAPI {
    this.client ??= new GitBookAPI({
      endpoint: this.baseUrl(),
      authToken: this.token,
      // The client's fetch, recorded: the body is read from a clone, so the client reads it as usual.
      serviceBinding: {
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const url = new URL(input instanceof Request ? input.url : String(input));
          const text = await response.clone().text();
          this.exchanges.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, status: response.status, text });
          return response;
        },
      },
    });
    return this.client;
  }

  /** `operation` and `answer`, bound to this driver, to call as plain functions. */
  bound() {
    return { operation: this.operation.bind(this), answer: this.answer.bind(this) };
  }

  /**
   * Declares the test of one operation, named by its operationId: `run` drives it through the
   * client with `answer`, and fails unless it did.
   */
  operation(operationId: string, run: () => Promise<unknown>): void {
    this.declared.add(operationId);
    it(operationId, async () => {
      this.driving = operationId;
      await run();
      expect([...this.driven]).toContain(operationId);
    });
  }

  /**
   * Sends the operation under test through the client (`call`), checks that it went to that
   * operation's method and path, and that the answer validates against its schema for the status.
   * Returns the answer's data.
   */
  async answer<T>(call: () => Promise<{ data: T }>): Promise<T> {
    const operationId = this.driving;
    const from = this.exchanges.length;
    const { data } = await call();
    const exchange = this.exchanges.slice(from).at(-1);
    if (!exchange) throw new Error(`${operationId}: the client sent nothing`);
    const route = this.route(operationId);
    expect(`${exchange.method} ${exchange.path}`).toMatch(routePattern(route.method, route.path));
    const body = exchange.text === '' ? undefined : JSON.parse(exchange.text);
    const byGitbook = gitbookOperation(operationId) && !CONTRACT_OVER_GITBOOK.has(operationId);
    const problems = byGitbook
      ? gitbookAnswerErrors(operationId, exchange.status, body)
      : this.served().problems({ method: exchange.method, path: exchange.path, status: exchange.status, body });
    if (CONTRACT_OVER_GITBOOK.has(operationId)) expect(gitbookAnswerErrors(operationId, exchange.status, body)).not.toEqual([]);
    expect({ operationId, status: exchange.status, problems }).toEqual({ operationId, status: exchange.status, problems: [] });
    this.driven.add(operationId);
    return data;
  }

  /** The contract operations of `sections` this suite has no test for (by operationId, from GitBook's or the served document). */
  missing(sections: string[]): string[] {
    return CONTRACT_OPERATIONS.filter((op) => sections.includes(op.section))
      .map((op) => this.operationIdOf(op))
      .filter((id) => !this.declared.has(id));
  }

  private route(operationId: string): { method: string; path: string } {
    const gitbook = gitbookOperation(operationId);
    if (gitbook) return gitbook;
    for (const [path, item] of Object.entries(this.served().document.paths)) {
      for (const [method, op] of Object.entries(item)) if (op.operationId === operationId) return { method: method.toUpperCase(), path };
    }
    throw new Error(`neither GitBook's nor the served document has an operation ${operationId}`);
  }

  private operationIdOf(op: ContractOperation): string {
    const gitbook = gitbookOperationIdAt(op.method, op.path);
    if (gitbook) return gitbook;
    const item = this.served().document.paths[op.path]?.[op.method.toLowerCase()];
    if (!item?.operationId) throw new Error(`the served document lacks the contract's ${op.method} ${op.path}`);
    return item.operationId;
  }
}

/** What a GitBook client suite works with: its application and fixtures, the driver, and a helper for setup requests. */
export interface GitbookSuite {
  driver: GitbookDriver;
  /** The driver's `operation` and `answer`. */
  operation: GitbookDriver['operation'];
  answer: GitbookDriver['answer'];
  app(): TestApp;
  /** The suite's one fixture set (support/org-world.ts). */
  world(): OrgWorld;
  /** A setup request through the test app, as the owner, that must succeed: its answer's body. */
  made(method: string, path: string, body?: unknown): Promise<any>;
}

/**
 * Sets a suite up (in its describe): an application (the worker's shared one unless `start` gives
 * another), the served document, one org world named by `tag`, and GitBook's client as the owner.
 */
export function gitbookSuite(tag: string, start: () => Promise<TestApp> = () => TestApp.shared()): GitbookSuite {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let world: OrgWorld;
  const driver = new GitbookDriver(
    () => app.url,
    OWNER_TOKEN,
    () => schemas,
  );
  beforeAll(async () => {
    app = await start();
    schemas = await AnswerSchemas.load(app.url);
    world = await orgWorld(app, tag);
  });
  afterAll(() => app?.stop());
  return {
    driver,
    ...driver.bound(),
    app: () => app,
    world: () => world,
    made: async (method, path, body) => {
      const res = await app.request(method, path, { body });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}
