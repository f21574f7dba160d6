// Short names for zones that Intl (Node, Chromium, en-US) only names by offset ('GMT+5:30' for Asia/Kolkata).
// Each entry is [standard, daylight]; a zone without daylight saving has one name.
const ABBREVIATIONS: Record<string, readonly [string, string?]> = {
  'Asia/Kolkata': ['IST'],
  'Asia/Calcutta': ['IST'],
  'Asia/Colombo': ['IST'],
  'Asia/Karachi': ['PKT'],
  'Asia/Dhaka': ['BST'],
  'Asia/Kathmandu': ['NPT'],
  'Asia/Dubai': ['GST'],
  'Asia/Singapore': ['SGT'],
  'Asia/Kuala_Lumpur': ['MYT'],
  'Asia/Bangkok': ['ICT'],
  'Asia/Jakarta': ['WIB'],
  'Asia/Manila': ['PHT'],
  'Asia/Shanghai': ['CST'],
  'Asia/Hong_Kong': ['HKT'],
  'Asia/Taipei': ['CST'],
  'Asia/Tokyo': ['JST'],
  'Asia/Seoul': ['KST'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Melbourne': ['AEST', 'AEDT'],
  'Australia/Brisbane': ['AEST'],
  'Australia/Adelaide': ['ACST', 'ACDT'],
  'Australia/Perth': ['AWST'],
  'Pacific/Auckland': ['NZST', 'NZDT'],
  'Europe/London': ['GMT', 'BST'],
  'Europe/Lisbon': ['WET', 'WEST'],
  'Europe/Berlin': ['CET', 'CEST'],
  'Europe/Paris': ['CET', 'CEST'],
  'Europe/Madrid': ['CET', 'CEST'],
  'Europe/Rome': ['CET', 'CEST'],
  'Europe/Amsterdam': ['CET', 'CEST'],
  'Europe/Brussels': ['CET', 'CEST'],
  'Europe/Vienna': ['CET', 'CEST'],
  'Europe/Zurich': ['CET', 'CEST'],
  'Europe/Stockholm': ['CET', 'CEST'],
  'Europe/Oslo': ['CET', 'CEST'],
  'Europe/Copenhagen': ['CET', 'CEST'],
  'Europe/Warsaw': ['CET', 'CEST'],
  'Europe/Prague': ['CET', 'CEST'],
  'Europe/Budapest': ['CET', 'CEST'],
  'Europe/Athens': ['EET', 'EEST'],
  'Europe/Helsinki': ['EET', 'EEST'],
  'Europe/Kyiv': ['EET', 'EEST'],
  'Europe/Kiev': ['EET', 'EEST'],
  'Europe/Bucharest': ['EET', 'EEST'],
  'Europe/Istanbul': ['TRT'],
  'Europe/Moscow': ['MSK'],
  'Africa/Johannesburg': ['SAST'],
  'Africa/Nairobi': ['EAT'],
  'Africa/Lagos': ['WAT'],
  'Africa/Cairo': ['EET', 'EEST'],
  'America/Sao_Paulo': ['BRT'],
  'America/Argentina/Buenos_Aires': ['ART'],
  'America/Bogota': ['COT'],
  'America/Lima': ['PET'],
};

/** Intl's names for an offset only: 'GMT+5:30', 'GMT-3', 'GMT+1'. */
const OFFSET_NAME = /^(GMT|UTC)[+-]\d{1,2}(:\d{2})?$/;

/**
 * The zone's abbreviation when Intl gave only an offset and the table knows the zone, else Intl's name.
 * `isDaylight` says whether daylight saving is in effect at that moment (asked only for a table entry with two names).
 */
export function zoneAbbreviation(timeZone: string, intlName: string, isDaylight: () => boolean): string {
  if (!OFFSET_NAME.test(intlName)) return intlName;
  const names = ABBREVIATIONS[timeZone];
  if (!names) return intlName;
  return (names[1] !== undefined && isDaylight() ? names[1] : undefined) ?? names[0];
}
