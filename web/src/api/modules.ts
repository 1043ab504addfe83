// Server state of modules: the query keys (defined once here) and the hooks every screen reads and writes them with.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_URL_TTL_SECONDS } from '@shared/constants';
import type { Module, CreateModuleInput, UpdateModuleInput } from '@shared/contract/modules';
import { call } from '@web/lib/api-client';
import { classKeys } from './classes';

export const moduleKeys = {
  all: ['modules'] as const,
  list: () => [...moduleKeys.all, 'list'] as const,
  detail: (moduleId: string) => [...moduleKeys.all, 'detail', moduleId] as const,
  usage: (moduleId: string) => [...moduleKeys.all, 'usage', moduleId] as const,
};

export function useModules() {
  return useQuery({ queryKey: moduleKeys.list(), queryFn: () => call('listModules', {}) });
}

/**
 * A module's sections carry signed download links (View Content) that expire DOWNLOAD_URL_TTL_SECONDS after the
 * read. Its detail counts as stale after two thirds of that and is read again then, while the page is in view,
 * and on return to the window, so a link on screen has at least a third of its lifetime left.
 */
const MODULE_DETAIL_REFRESH_MS = Math.floor((DOWNLOAD_URL_TTL_SECONDS * 1000 * 2) / 3);

export function useModule(moduleId: string | undefined, classId?: string) {
  return useQuery({
    queryKey: moduleKeys.detail(moduleId ?? ''),
    // A student names the class they read it in (one round trip authorizes them); its owner reads it without.
    queryFn: () => call('getModule', { id: moduleId! }, undefined, { classId }),
    enabled: Boolean(moduleId),
    staleTime: MODULE_DETAIL_REFRESH_MS,
    refetchInterval: MODULE_DETAIL_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** What deleting the module would take away, read when the delete dialog opens (always fresh). */
export function useModuleUsage(moduleId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: moduleKeys.usage(moduleId ?? ''),
    queryFn: async () => (await call('getModule', { id: moduleId! }, undefined, { usage: 'true' })).usage,
    enabled: enabled && Boolean(moduleId),
    staleTime: 0,
  });
}

export function useCreateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateModuleInput) => call('createModule', {}, input),
    onSuccess: (created) => {
      // Not seeded from the answer: only GET /api/modules/{id} signs the sections' download links (View Content).
      void queryClient.invalidateQueries({ queryKey: moduleKeys.detail(created._id) });
      return queryClient.invalidateQueries({ queryKey: moduleKeys.list() });
    },
  });
}

export function useUpdateModule(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateModuleInput) => call('updateModule', { id: moduleId }, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) });
      // Titles and descriptions also show on class pages.
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      return queryClient.invalidateQueries({ queryKey: moduleKeys.list() });
    },
  });
}

export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: string) => call('deleteModule', { id: moduleId }),
    onSuccess: (_, moduleId) => {
      // Not removed: the detail screen still observes it until it has navigated away, and would refetch (404).
      // Marked stale instead, so a later visit asks the server again.
      void queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId), refetchType: 'none' });
      queryClient.setQueryData<Module[]>(moduleKeys.list(), (modules) => modules?.filter((each) => each._id !== moduleId));
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      return queryClient.invalidateQueries({ queryKey: moduleKeys.list() });
    },
  });
}
