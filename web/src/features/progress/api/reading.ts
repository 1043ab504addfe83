// Server state of a student's reading (the student drill-down): opens and minutes per section of the class's modules.
// Called through `call`, so the app-wide `api` object does not grow.
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client';
import { progressKeys } from './progress';

export function useStudentReading(classId: string, studentId: string) {
  return useQuery({
    queryKey: [...progressKeys.all, 'reading', classId, studentId] as const,
    queryFn: () => call('getStudentReading', { classId, studentId }),
  });
}
