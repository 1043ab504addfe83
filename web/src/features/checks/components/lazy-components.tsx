// The checks' screens, each loaded when first drawn (with a loading line meanwhile), so the pages that can show them
// (and the dashboards that only show scores) do not carry them.
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { Loading } from '@web/components/loading';

function lazyPart<Props extends object>(label: string, load: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Part(props: Props) {
    return (
      <Suspense fallback={<Loading label={label} />}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}

export const CheckEditor = lazyPart('Loading check...', async () => (await import('./check-editor')).CheckEditor);
export const SectionCheck = lazyPart('Loading questions...', async () => (await import('./section-check')).SectionCheck);
export const CheckAnalysisView = lazyPart('Loading item analysis...', async () => (await import('./check-analysis')).CheckAnalysisView);
export const AttemptHistory = lazyPart('Loading attempts...', async () => (await import('./attempt-history')).AttemptHistory);
