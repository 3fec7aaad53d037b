import { Test } from '@nestjs/testing';
import { Provided } from './provided';

class Store {
  readonly name = 'store';
}

@Provided()
class Queries {
  constructor(readonly store: Store) {}
}

describe('@Provided()', () => {
  it('lets Nest inject a class that imports nothing of Nest', async () => {
    const module = await Test.createTestingModule({ providers: [Store, Queries] }).compile();
    expect(module.get(Queries).store).toBe(module.get(Store));
    await module.close();
  });
});
