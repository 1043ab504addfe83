// Server state of class administration: every class, one class's detail, and the admin's changes (each refreshes the
// class lists, the dashboard's figures and the teacher/student views of classes).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateClassInput } from '@shared/contract/rosters';
import { api } from '@web/lib/api-client';
import { classKeys } from '../../classes/api/classes';
import { peopleKeys } from '../../people/api/people';

export const classAdminKeys = {
  all: ['admin-classes'] as const,
  detail: (classId: string) => [...classAdminKeys.all, classId] as const,
};

export const useAdminClasses = () => useQuery({ queryKey: classAdminKeys.all, queryFn: api.listAdminClasses });

export const useAdminClass = (classId: string) =>
  useQuery({ queryKey: classAdminKeys.detail(classId), queryFn: () => api.getAdminClass(classId), enabled: Boolean(classId) });

function useClassChange<TInput, TResult>(change: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: classAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.overview }),
        queryClient.invalidateQueries({ queryKey: classKeys.all }),
      ]),
  });
}

export const useCreateClass = () => useClassChange((input: CreateClassInput) => api.createClass(input));
export const useRenameClass = (classId: string) => useClassChange((className: string) => api.renameClass(classId, className));
export const useSetClassTeacher = (classId: string) => useClassChange((teacherId: string | null) => api.setClassTeacher(classId, teacherId));
export const useDeleteClass = () => useClassChange((classId: string) => api.deleteClass(classId));
export const useEnrolStudents = (classId: string) => useClassChange((studentIds: string[]) => api.enrolStudents(classId, studentIds));
export const useUnenrolStudent = (classId: string) => useClassChange((studentId: string) => api.unenrolStudent(classId, studentId));
