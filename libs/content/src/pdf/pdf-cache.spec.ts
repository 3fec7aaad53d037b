import { RenderedPdfs } from './pdf-cache';

const bytes = (size: number, fill = 1) => new Uint8Array(size).fill(fill);
const limits = { bytes: 100, entryBytes: 60, failureMs: 1000, failures: 2 };

describe('RenderedPdfs', () => {
  it('renders a key once, then answers the kept bytes', async () => {
    const cache = new RenderedPdfs(() => false, limits);
    const render = jest.fn(async () => bytes(10, 7));
    expect((await cache.get('a', render))[0]).toBe(7);
    expect((await cache.get('a', render))[0]).toBe(7);
    expect(render).toHaveBeenCalledTimes(1);
    expect(cache.stats()).toEqual({ bytes: 10, entries: 1 });
  });

  it('shares a render in flight between the requests for its key', async () => {
    const cache = new RenderedPdfs(() => false, limits);
    let finish!: (value: Uint8Array) => void;
    const render = jest.fn(() => new Promise<Uint8Array>((resolve) => (finish = resolve)));
    const both = Promise.all([cache.get('a', render), cache.get('a', render)]);
    finish(bytes(5));
    const [first, second] = await both;
    expect(first).toBe(second);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps bytes within its budget, least recently used out first, and never a PDF over the entry limit', async () => {
    const cache = new RenderedPdfs(() => false, limits);
    await cache.get('a', async () => bytes(40));
    await cache.get('b', async () => bytes(40));
    await cache.get('a', async () => bytes(1)); // a is now the most recent
    await cache.get('c', async () => bytes(40)); // 120 > 100: b goes
    expect(cache.stats()).toEqual({ bytes: 80, entries: 2 });
    const again = jest.fn(async () => bytes(40));
    await cache.get('a', again);
    expect(again).not.toHaveBeenCalled();
    await cache.get('b', again);
    expect(again).toHaveBeenCalledTimes(1);
    const big = jest.fn(async () => bytes(61));
    await cache.get('big', big);
    await cache.get('big', big);
    expect(big).toHaveBeenCalledTimes(2);
  });

  it('fails again at once, for a while, with a failure it remembers; renders again after that or for other failures', async () => {
    let now = 0;
    const cache = new RenderedPdfs(
      (error) => (error as Error).message === 'too slow',
      limits,
      () => now,
    );
    const slow = jest.fn(async (): Promise<Uint8Array> => {
      throw new Error('too slow');
    });
    await expect(cache.get('a', slow)).rejects.toThrow('too slow');
    await expect(cache.get('a', slow)).rejects.toThrow('too slow');
    expect(slow).toHaveBeenCalledTimes(1);
    now = 1001;
    await expect(cache.get('a', slow)).rejects.toThrow('too slow');
    expect(slow).toHaveBeenCalledTimes(2);

    const broken = jest.fn(async (): Promise<Uint8Array> => {
      throw new Error('broken');
    });
    await expect(cache.get('b', broken)).rejects.toThrow('broken');
    await expect(cache.get('b', broken)).rejects.toThrow('broken');
    expect(broken).toHaveBeenCalledTimes(2);
  });
});
