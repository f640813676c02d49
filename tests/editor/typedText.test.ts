import { describe, expect, it } from 'vitest';
import { tidyMoney, tidyTime } from '../../src/editor/typedText.ts';

describe('what the price and time boxes keep of what is typed', () => {
  it('a price: dollars and cents however typed; anything else exactly as typed, for the checker to name', () => {
    expect(['85', '85.5', '$85', '1,200.5', ' 80 '].map(tidyMoney)).toEqual(['$85.00', '$85.50', '$85.00', '$1200.50', '$80.00']);
    expect(['8.005', 'eighty', '-5'].map(tidyMoney)).toEqual(['$8.005', '$eighty', '$-5']);
  });

  it('a time: 24-hour as the file keeps it, or 12-hour with am/pm; an impossible or unfinished time is never made into another', () => {
    expect(['17:30', '9:30', '0930', '1730', '5:30 pm', '5pm', '12 am', '12:15 PM', '7.45 a.m.'].map(tidyTime))
      .toEqual(['17:30', '09:30', '09:30', '17:30', '17:30', '17:00', '00:00', '12:15', '07:45']);
    expect(['2500', '25:00', '17:60', '24:00', '13 pm', '17:3', '173', '5', ''].map(tidyTime))
      .toEqual(['2500', '25:00', '17:60', '24:00', '13 pm', '17:3', '173', '5', '']);
  });
});
