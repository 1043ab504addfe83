// The school's time zone, in which teachers enter due dates (no zod here: the web's start-up chunk reads it).

/** The school's time zone when the deployment names none (`cdk deploy -c schoolTimeZone=…`, locally `SCHOOL_TIME_ZONE`). */
export const DEFAULT_SCHOOL_TIME_ZONE = 'Europe/London';

/** An IANA time zone name the platform knows ("Europe/Paris"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}
