// The zone due dates are entered in (lib/due-dates.ts), as /config.json names it. Apart from the due dates' formatting,
// which the start-up that sets it does not need.
import { DEFAULT_SCHOOL_TIME_ZONE } from '@shared/school-time';

let schoolZone = DEFAULT_SCHOOL_TIME_ZONE;

/** Set once from /config.json at start-up; without one, the default zone. */
export function configureSchoolTimeZone(zone: string | undefined): void {
  schoolZone = zone ?? DEFAULT_SCHOOL_TIME_ZONE;
}

/** The IANA name of the zone due dates are entered in. */
export const schoolTimeZone = (): string => schoolZone;
