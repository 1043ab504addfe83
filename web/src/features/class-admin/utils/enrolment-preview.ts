// The preview of enrolling a pasted list of e-mail addresses, before anything is written: each address will be
// enrolled, is enrolled already, belongs to someone who is not a student, has no account (invite them), is not an
// address, or repeats an earlier one.
import { parseAddressList, type Person } from '@shared/contract/people';

export type EnrolmentRowStatus = 'willEnrol' | 'alreadyEnrolled' | 'notStudent' | 'unknown' | 'invalid' | 'duplicate';

export interface EnrolmentRow {
  email: string;
  status: EnrolmentRowStatus;
  person?: Person;
}

export const ENROLMENT_STATUS_LABEL: Record<EnrolmentRowStatus, string> = {
  willEnrol: 'Will be enrolled',
  alreadyEnrolled: 'Already enrolled',
  notStudent: 'Not a student',
  unknown: 'No account',
  invalid: 'Not an e-mail address',
  duplicate: 'Listed twice',
};

/** The addresses to look up: the valid ones, once each. */
export const addressesIn = (text: string) => [...new Set(parseAddressList(text).valid)];

export function classifyEnrolments(text: string, people: Person[], enrolledIds: ReadonlySet<string>): EnrolmentRow[] {
  const { valid, invalid } = parseAddressList(text);
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));
  const seen = new Set<string>();
  const rows = valid.map((email): EnrolmentRow => {
    if (seen.has(email)) return { email, status: 'duplicate' };
    seen.add(email);
    const person = byEmail.get(email);
    if (!person) return { email, status: 'unknown' };
    if (person.role !== 'Students') return { email, status: 'notStudent', person };
    return { email, status: enrolledIds.has(person.userId) ? 'alreadyEnrolled' : 'willEnrol', person };
  });
  return [...rows, ...invalid.map((email): EnrolmentRow => ({ email, status: 'invalid' }))];
}
