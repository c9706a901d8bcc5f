export { cacheControlFor } from './access.ts';
export { isOwnUrl } from './own-url.ts';
export { areUnusedOwnUploads, assertMayUseMedia } from './ownership.ts';
export { registerUploadRoutes } from './routes.ts';
export { s3Origins } from './s3.ts';
