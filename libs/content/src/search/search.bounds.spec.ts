import fc from 'fast-check';
import { MAX_PAGE_MARKDOWN_BYTES, MAX_SECTIONS_PER_PAGE } from '../page-tree/page-limits.domain';
import { scanSections, Section } from './search.sections';

// The bounds tier (npm run test:bounds): hostile input costs bounded work. npm test runs it; test:unit does not.
describe('sectionsOf on hostile pages', () => {
  /** Pages at the cap made of one hostile unit repeated (hundreds of thousands of headings, brackets, markers, entities...). */
  const HOSTILE_UNITS = [
    '# h\n',
    '# h-2\n',
    'h\n=\n',
    '- item\n',
    '1. ',
    '> ',
    '[',
    '](',
    '][',
    '![',
    '*a ',
    '_a ',
    'a_',
    '`a ',
    '``',
    '<',
    '<a@',
    '&amp;',
    '&a',
    '\\',
    '\\\n',
    '|x|y|\n',
    '|-',
    '```\n',
    '~~~~\n',
    '\n',
    ' ',
    '#',
    '[a]: b\n',
    'word ',
    '\r\n',
  ];
  const hostilePage = fc
    .tuple(fc.constantFrom(...HOSTILE_UNITS), fc.constantFrom(...HOSTILE_UNITS), fc.integer({ min: 1, max: 64 }))
    .map(([unit, other, every]) => {
      const pattern = unit.repeat(every) + other;
      return pattern.repeat(Math.ceil(MAX_PAGE_MARKDOWN_BYTES / pattern.length)).slice(0, MAX_PAGE_MARKDOWN_BYTES);
    });

  it('reads hostile pages at the cap in linear time, in steps that each hold the event loop briefly', () => {
    fc.assert(
      fc.property(hostilePage, (markdown) => {
        const cpu = process.cpuUsage();
        const steps = scanSections('T', markdown);
        // The CPU of each step, not its wall time: a busy machine once stretched a 12 ms step to 1.3 s.
        let longestStep = 0;
        let sections: Section[] | undefined;
        while (!sections) {
          const started = process.cpuUsage();
          const step = steps.next();
          const used = process.cpuUsage(started);
          longestStep = Math.max(longestStep, (used.user + used.system) / 1000);
          if (step.done) sections = step.value;
        }
        const { user, system } = process.cpuUsage(cpu);
        // Linear: about 0.1 s of CPU for 1 MiB when the machine is quiet; quadratic work would take minutes.
        expect((user + system) / 1000).toBeLessThan(3_000);
        expect(longestStep).toBeLessThan(1_000);
        expect(sections.length).toBeLessThanOrEqual(MAX_SECTIONS_PER_PAGE);
      }),
      { numRuns: 25 },
    );
  });
});
