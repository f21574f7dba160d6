import type { TimeZone } from '@vvo/tzdb';
import { describe, expect, it } from 'vitest';
import { buildTimeZoneOptions, withZone } from './time-zone-options';

const zone = (name: string, alternativeName: string, city: string, offset: number, group: string[] = [name]) =>
  ({ name, alternativeName, mainCities: [city], rawOffsetInMinutes: offset, group }) as unknown as TimeZone;

describe('buildTimeZoneOptions', () => {
  it('puts India Standard Time first and sorts the rest by label', () => {
    const options = buildTimeZoneOptions([
      zone('Europe/Paris', 'Central European Time', 'Paris', 60),
      zone('Asia/Kolkata', 'India Time', 'Mumbai', 330, ['Asia/Kolkata', 'Asia/Calcutta']),
      zone('America/New_York', 'Eastern Time', 'New York', -300),
      zone('Asia/Dubai', 'Arabian Time', 'Dubai', 240),
    ]);
    expect(options.map((o) => o.label)).toEqual([
      'India Standard Time - Mumbai (UTC+05:30)',
      'Arabian Time - Dubai (UTC+04:00)',
      'Central European Time - Paris (UTC+01:00)',
      'Eastern Time - New York (UTC-05:00)',
    ]);
    expect(options[0]?.value).toBe('Asia/Kolkata');
  });

  it('drops zones the browser rejects and falls back to a supported alias', () => {
    const options = buildTimeZoneOptions(
      [
        zone('Asia/Kolkata', 'India Time', 'Mumbai', 330, ['Asia/Kolkata', 'Asia/Calcutta']),
        zone('Mars/Base', 'Mars Time', 'Base', 0),
      ],
      (name) => name === 'Asia/Calcutta',
    );
    expect(options).toHaveLength(1);
    expect(options[0]?.value).toBe('Asia/Calcutta');
  });

  it('lists the real catalogue with India first and every value accepted by Intl', () => {
    const options = buildTimeZoneOptions();
    expect(options.length).toBeGreaterThan(200);
    expect(options[0]?.label).toMatch(/^India Standard Time/);
    for (const option of options) expect(() => new Intl.DateTimeFormat('en', { timeZone: option.value })).not.toThrow();
  });
});

describe('withZone', () => {
  const options = buildTimeZoneOptions([zone('Asia/Kolkata', 'India Time', 'Mumbai', 330, ['Asia/Kolkata', 'Asia/Calcutta'])]);

  it('selects the option whose aliases include the browser zone', () => {
    expect(withZone(options, 'Asia/Calcutta').selected).toBe('Asia/Kolkata');
  });

  it('adds a supported zone missing from the catalogue', () => {
    const result = withZone(options, 'Europe/Berlin');
    expect(result.selected).toBe('Europe/Berlin');
    expect(result.options.at(-1)?.value).toBe('Europe/Berlin');
  });
});
