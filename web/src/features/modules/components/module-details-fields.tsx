// A module's title and description inputs, shared by the first creation step and the edit screen: each with its
// counter and, when refused, its message.
import { useId } from 'react';
import { TEXT_LIMITS } from '@shared/constants';
import { Field, TextAreaField } from '@web/components/field';
import type { FieldErrors } from '@web/lib/form-errors';

interface ModuleDetailsFieldsProps {
  title: string;
  description: string;
  onTitleChange: (title: string) => void;
  onDescriptionChange: (description: string) => void;
  errors: FieldErrors;
}

export function ModuleDetailsFields({ title, description, onTitleChange, onDescriptionChange, errors }: ModuleDetailsFieldsProps) {
  const id = useId();
  return (
    <>
      <Field
        id={`${id}-title`}
        label="Module Title"
        value={title}
        onChange={(event) => onTitleChange(event.target.value)}
        required
        maxLength={TEXT_LIMITS.titleMaxLength}
        error={errors.title}
      />
      <TextAreaField
        id={`${id}-description`}
        label="Description"
        rows={5}
        value={description}
        onChange={(event) => onDescriptionChange(event.target.value)}
        required
        maxLength={TEXT_LIMITS.descriptionMaxLength}
        error={errors.description}
      />
    </>
  );
}
