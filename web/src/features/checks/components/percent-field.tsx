import type { ComponentProps } from 'react';
import { Field } from '@web/components/field';

/** A whole percent as typed (pass mark, a band's ends): a number field from 0 to 100 with the numeric keypad. */
export function PercentField(props: Omit<ComponentProps<typeof Field>, 'type' | 'inputMode' | 'min' | 'max'>) {
  return <Field type="number" inputMode="numeric" min={0} max={100} {...props} />;
}
