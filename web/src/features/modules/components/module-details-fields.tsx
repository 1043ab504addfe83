// A module's title and description inputs, shared by the first creation step and the edit screen.
import { useId } from 'react';
import { Field } from '../../../components/field';

interface ModuleDetailsFieldsProps {
  title: string;
  description: string;
  onTitleChange: (title: string) => void;
  onDescriptionChange: (description: string) => void;
  /** Set by the creation step, which checks both before moving on; the edit screen leaves that to the server. */
  required?: boolean;
}

export function ModuleDetailsFields({ title, description, onTitleChange, onDescriptionChange, required }: ModuleDetailsFieldsProps) {
  const id = useId();
  return (
    <>
      <Field
        id={`${id}-title`}
        label="Module Title"
        value={title}
        onChange={(event) => onTitleChange(event.target.value)}
        required={required}
      />
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={5}
          value={description}
          onChange={(event) => onDescriptionChange(event.target.value)}
          required={required}
        />
      </div>
    </>
  );
}
