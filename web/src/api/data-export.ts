// Server state of data exports: a person's own ("Download my data") and an administrator's export of anyone. Each
// answers a short-lived link to a zip in storage, which the screen offers to download.
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client';

export const useExportOwnData = () => useMutation({ mutationFn: () => call('exportOwnData', {}) });

export const useExportPersonData = () => useMutation({ mutationFn: (userId: string) => call('exportPersonData', { userId }) });
