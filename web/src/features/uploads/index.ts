// The uploads feature's public surface for other features (they import nothing else of it).
export { InterruptedUploadOffer } from './components/interrupted-upload-offer';
export { UploadProgress } from './components/upload-progress';
export { isUploadBusy, useFileUpload } from './hooks/use-file-upload';
export { uploadRefusal } from './utils/file-upload';
export type { UploadCheckpoint, UploadedFile } from './utils/file-upload';
export { forgetInterruptedUpload, rememberInterruptedUpload } from './utils/interrupted-upload';
