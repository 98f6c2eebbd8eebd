import { filledField } from './filled-field';

describe('an optional form field for a request body', () => {
  it('is the trimmed text under its key', () => {
    expect(filledField('note', '  on hold until Monday ')).toEqual({ note: 'on hold until Monday' });
  });

  it('is nothing when the text is blank', () => {
    expect(filledField('note', '')).toEqual({});
    expect(filledField('note', ' \n\t ')).toEqual({});
  });
});
