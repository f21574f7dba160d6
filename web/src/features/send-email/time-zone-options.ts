// The /send-email time-zone list: India Standard Time first, then every zone sorted by label, from
// @vvo/tzdb. Zones this browser's Intl rejects are dropped; the browser's own zone is the default.
import { isValidTimeZone } from '@mailwright/contracts';
import { getTimeZones, type TimeZone } from '@vvo/tzdb';

export interface TimeZoneOption {
  /** IANA name sent to the server. */
  value: string;
  label: string;
  /** Every IANA name (aliases included) this option stands for. */
  names: string[];
}

export const INDIA_TIME_ZONE = 'Asia/Kolkata';

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function labelOf(zone: Pick<TimeZone, 'alternativeName' | 'mainCities' | 'rawOffsetInMinutes' | 'name'>): string {
  const city = zone.mainCities[0] ?? zone.name;
  return `${zone.alternativeName} - ${city} (${formatOffset(zone.rawOffsetInMinutes)})`;
}

/**
 * Builds the option list. `isSupported` decides which names the browser accepts (a zone stays when
 * its own name or any alias of it is accepted; the accepted name becomes the value).
 */
export function buildTimeZoneOptions(
  zones: readonly TimeZone[] = getTimeZones(),
  isSupported: (name: string) => boolean = isValidTimeZone,
): TimeZoneOption[] {
  let india: TimeZoneOption | undefined;
  const rest: TimeZoneOption[] = [];
  for (const zone of zones) {
    const names = [...new Set([zone.name, ...zone.group])];
    const value = names.find(isSupported);
    if (!value) continue;
    if (zone.name === INDIA_TIME_ZONE) {
      india = {
        value,
        names,
        label: `India Standard Time - ${zone.mainCities[0] ?? 'Kolkata'} (${formatOffset(zone.rawOffsetInMinutes)})`,
      };
    } else {
      rest.push({ value, names, label: labelOf(zone) });
    }
  }
  rest.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return india ? [india, ...rest] : rest;
}

/**
 * The option for `zone` (matched by name or alias). A zone missing from the catalogue but accepted
 * by the browser gets its own option at the end, so the browser's zone is always selectable.
 */
export function withZone(options: TimeZoneOption[], zone: string): { options: TimeZoneOption[]; selected: string } {
  const found = options.find((option) => option.names.includes(zone));
  if (found) return { options, selected: found.value };
  if (!isValidTimeZone(zone)) return { options, selected: options[0]?.value ?? 'UTC' };
  return { options: [...options, { value: zone, names: [zone], label: zone }], selected: zone };
}

/** The browser's zone ('UTC' when it cannot tell): the form's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
