// Files dropped anywhere on a module's creation or edit page become sections (through the add-section form).
// Only drags that carry files are taken: reordering sections drags text and is left alone.
import { useState, type DragEvent, type ReactNode } from 'react';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

export function FileDropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`module-form-page${over ? ' file-drop-active' : ''}`}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles([...event.dataTransfer.files]);
      }}
    >
      {children}
    </div>
  );
}
