import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { INT4_MAX, IsInt4, ToInteger } from './integer-fields';

class Params {
  @ToInteger()
  @IsInt4(1)
  id!: number;
}

class Body {
  @IsInt4(0)
  count!: number;
}

const errorsOf = <T extends object>(type: new () => T, plain: object): string[] =>
  validateSync(plainToInstance(type, plain)).flatMap((error) => Object.values(error.constraints ?? {}));

describe('integer fields', () => {
  it('reads plain decimal digits only', () => {
    expect(plainToInstance(Params, { id: '0016' }).id).toBe(16);
    for (const loose of ['0x10', ' 1', '%201', '1e3', '+1', '1.0', '-1', '', '١']) {
      expect(errorsOf(Params, { id: loose })).toContain('id must be an integer number');
    }
  });

  it('refuses values beyond PostgreSQL integer, naming the field', () => {
    expect(errorsOf(Params, { id: String(INT4_MAX) })).toEqual([]);
    expect(errorsOf(Params, { id: String(INT4_MAX + 1) })).toEqual([`id must not be greater than ${INT4_MAX}`]);
    expect(errorsOf(Params, { id: '9'.repeat(400) })).toContain('id must be an integer number');
    expect(errorsOf(Body, { count: 9_007_199_254_740_992 })).toEqual([`count must not be greater than ${INT4_MAX}`]);
    expect(errorsOf(Body, { count: -1 })).toEqual(['count must not be less than 0']);
    expect(errorsOf(Body, { count: '5' })).toContain('count must be an integer number');
  });
});
