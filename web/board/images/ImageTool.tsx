import { useEffect, useReducer, useRef } from 'preact/hooks';
import { pasteImageFiles } from './paste.js';
import { acceptedImageTypes } from './uploadImage.js';
import { dismissUpload, subscribeUploads, uploadStatuses } from './uploads.js';

/**
 * The toolbar's Image button: opens the file picker (PNG, JPEG, WebP, GIF; several at once) and
 * adds the chosen images at `at()`, the middle of the visible board.
 */
export function ImageTool({ disabled, at }: { disabled: boolean; at: () => { x: number; y: number } }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" data-tool="image" class="tool" disabled={disabled} title="Add images from your computer" onClick={() => input.current?.click()}>
        Image
      </button>
      <input
        ref={input}
        type="file"
        class="visually-hidden"
        tabIndex={-1}
        aria-label="Image files to add"
        accept={acceptedImageTypes.join(',')}
        multiple
        onChange={(event) => {
          const field = event.currentTarget;
          const files = [...(field.files ?? [])];
          field.value = '';
          if (files.length > 0) void pasteImageFiles(files, at());
        }}
      />
    </>
  );
}

/** Uploads in progress (with how much is sent) and refused files (with why), over the canvas. */
export function UploadStatusList() {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => subscribeUploads(() => rerender(undefined)), []);
  const statuses = uploadStatuses();
  if (statuses.length === 0) return null;
  return (
    <div class="uploads">
      {statuses.map((s) =>
        s.error ? (
          <div key={s.key} class="upload refused" role="alert">
            <span>{s.error}</span>
            <button type="button" aria-label={`Dismiss the message about ${s.name}`} onClick={() => dismissUpload(s.key)}>
              ×
            </button>
          </div>
        ) : (
          <div key={s.key} class="upload" role="status">
            <span>Uploading {s.name}…</span>
            <progress max={1} value={s.fraction} aria-label={`Uploading ${s.name}`} />
          </div>
        ),
      )}
    </div>
  );
}
